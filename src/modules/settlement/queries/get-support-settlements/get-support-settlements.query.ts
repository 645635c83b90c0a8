import { Query } from '@nestjs/cqrs';

/**
 * Support console. withLines false: { settlements, alerts } (one date's batches, or the latest 100, receipts without lines);
 * withLines true for a date: { date, status, batches (full receipts), alerts }.
 */
export class GetSupportSettlementsQuery extends Query<Record<string, unknown>> {
  constructor(
    readonly date: string | null,
    readonly withLines: boolean,
  ) {
    super();
  }
}
