import { Command } from '@nestjs/cqrs';

/** Forgets one of the user's saved payout methods (404 when it is not theirs or already gone). */
export class RemovePayoutMethodCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {
    super();
  }
}
