import { Command } from '@nestjs/cqrs';

/** Queue a date's settlement now (support's re-run): the same idempotent job the scheduler runs. */
export class RerunSettlementCommand extends Command<{ date: string; jobId: string; state: string }> {
  constructor(readonly date: string) {
    super();
  }
}
