import { Command } from '@nestjs/cqrs';

/** Pays a PENDING withdrawal out through the payout adapter; settles or voids its hold. Safe to run twice. */
export class ProcessPayoutCommand extends Command<{ status: 'SUCCESS' | 'FAILED' | 'PENDING'; changed: boolean }> {
  constructor(readonly withdrawalId: string) {
    super();
  }
}
