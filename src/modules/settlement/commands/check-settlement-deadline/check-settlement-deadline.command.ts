import { Command } from '@nestjs/cqrs';

/**
 * 15:00 Asia/Kolkata: is the date (today when null) settled? If not, an error-level log and a settlement_alerts row
 * (kind FAILED when a batch failed, else LATE) that the support console shows. One alert per date and kind.
 */
export class CheckSettlementDeadlineCommand extends Command<{ date: string; settled: boolean; alerted: boolean }> {
  constructor(readonly date: string | null = null) {
    super();
  }
}
