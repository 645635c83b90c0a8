import { Command } from '@nestjs/cqrs';

/** A settle job used up its retries: unfinished batches of the date become FAILED, an error log and a FAILED alert. */
export class RecordSettlementFailureCommand extends Command<void> {
  constructor(
    readonly date: string,
    readonly error: string,
  ) {
    super();
  }
}
