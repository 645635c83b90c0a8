import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ManualPayout, ManualPayoutsService } from '../../application/manual-payouts.service.js';
import { ExportManualPayoutsCsvQuery, ListManualPayoutsQuery } from './list-manual-payouts.query.js';

@QueryHandler(ListManualPayoutsQuery)
export class ListManualPayoutsHandler implements IQueryHandler<ListManualPayoutsQuery, ManualPayout[]> {
  constructor(@Inject(ManualPayoutsService) private readonly manual: ManualPayoutsService) {}

  execute(): Promise<ManualPayout[]> {
    return this.manual.pending();
  }
}

@QueryHandler(ExportManualPayoutsCsvQuery)
export class ExportManualPayoutsCsvHandler implements IQueryHandler<ExportManualPayoutsCsvQuery, { csv: string; count: number; totalNet: string }> {
  constructor(@Inject(ManualPayoutsService) private readonly manual: ManualPayoutsService) {}

  execute() {
    return this.manual.csv();
  }
}
