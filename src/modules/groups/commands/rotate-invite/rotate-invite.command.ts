import { Command } from '@nestjs/cqrs';
import type { InviteView } from '../../domain/views.js';

/** The owner makes a new invite link; the old one stops working at once. */
export class RotateInviteCommand extends Command<InviteView> {
  constructor(
    readonly userId: string,
    readonly groupId: string,
  ) {
    super();
  }
}
