import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isValidDate } from '../../../../common/time.js';
import { alertView, runView } from '../../dto/settlement.view.js';
import { SettlementRepository } from '../../infrastructure/settlement.repository.js';
import { SettlementErrors } from '../../settlement.errors.js';
import { GetSupportSettlementsQuery } from './get-support-settlements.query.js';

@QueryHandler(GetSupportSettlementsQuery)
export class GetSupportSettlementsHandler implements IQueryHandler<GetSupportSettlementsQuery> {
  constructor(@Inject(SettlementRepository) private readonly repo: SettlementRepository) {}

  async execute({ date, withLines }: GetSupportSettlementsQuery): Promise<Record<string, unknown>> {
    if (date !== null && !isValidDate(date)) throw SettlementErrors.invalidDate(date);
    const listed = await this.repo.listRuns(date, 100);
    // receipt lines live in settlement_lines: read them only when they are shown
    const runs = withLines ? await Promise.all(listed.map((r) => this.repo.withReceiptLines(r))) : listed;
    const alerts = (await this.repo.alerts(date)).map(alertView);
    const batches = runs.map((r) => runView(r, withLines));
    if (!withLines || date === null) return { settlements: batches, alerts };
    const status =
      runs.length === 0 ? 'NONE' : runs.some((r) => r.status === 'FAILED') ? 'FAILED' : runs.some((r) => r.status === 'RUNNING') ? 'RUNNING' : 'SETTLED';
    return { date, status, batches, alerts };
  }
}
