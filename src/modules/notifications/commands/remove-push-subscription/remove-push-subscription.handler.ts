import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PushSubscriptionsRepository } from '../../infrastructure/push-subscriptions.repository.js';
import { RemovePushSubscriptionCommand } from './remove-push-subscription.command.js';

@CommandHandler(RemovePushSubscriptionCommand)
export class RemovePushSubscriptionHandler implements ICommandHandler<RemovePushSubscriptionCommand, { removed: boolean }> {
  constructor(@Inject(PushSubscriptionsRepository) private readonly subs: PushSubscriptionsRepository) {}

  async execute({ userId, endpoint }: RemovePushSubscriptionCommand): Promise<{ removed: boolean }> {
    return { removed: await this.subs.remove(userId, endpoint) };
  }
}
