import { Command } from '@nestjs/cqrs';

/** Keeps a browser's push subscription for its user (the same endpoint again replaces the keys). */
export class SavePushSubscriptionCommand extends Command<{ id: string }> {
  constructor(readonly input: { userId: string; endpoint: string; p256dh: string; auth: string }) {
    super();
  }
}
