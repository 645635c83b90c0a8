import { Command } from '@nestjs/cqrs';

/**
 * Keeps the destination of a paid withdrawal as the user's saved payout method (one row per destination: a second paid
 * withdrawal to it counts a use). A withdrawal not paid, returned, or whose details were erased saves nothing.
 */
export class SavePayoutMethodCommand extends Command<{ saved: boolean }> {
  constructor(readonly withdrawalId: string) {
    super();
  }
}
