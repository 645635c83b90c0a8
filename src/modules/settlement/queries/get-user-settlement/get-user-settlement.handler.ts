import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { toRupees } from '../../../../common/money.js';
import { AppConfig } from '../../../../config/app-config.js';
import { GetUserChallengeIdsOfDateQuery } from '../../../challenges/day/queries/get-user-challenge-ids-of-date/get-user-challenge-ids-of-date.query.js';
import { isValidDate } from '../../../../common/time.js';
import { ListOutagesQuery } from '../../../availability/queries/list-outages/list-outages.query.js';
import { receiptOutcome } from '../../domain/receipt.js';
import { receiptView } from '../../dto/settlement.view.js';
import { SettlementRepository } from '../../infrastructure/settlement.repository.js';
import { SettlementErrors } from '../../settlement.errors.js';
import { GetUserSettlementQuery, UserSettlementView } from './get-user-settlement.query.js';

@QueryHandler(GetUserSettlementQuery)
export class GetUserSettlementHandler implements IQueryHandler<GetUserSettlementQuery, UserSettlementView> {
  constructor(
    @Inject(SettlementRepository) private readonly repo: SettlementRepository,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, date }: GetUserSettlementQuery): Promise<UserSettlementView> {
    if (!isValidDate(date)) throw SettlementErrors.invalidDate(date);
    // the user's lines are found through their challenges of the date (a line's date is its challenge's)
    const challengeIds: string[] = await this.queryBus.execute(new GetUserChallengeIdsOfDateQuery(userId, date));
    const lines = await this.repo.linesOfChallenges(challengeIds, date);
    if (lines.length === 0) throw SettlementErrors.notFound(date);
    const stored = await this.repo.runById(lines[0].runId);
    if (!stored) throw SettlementErrors.notFound(date);
    const run = await this.repo.withReceiptLines(stored);
    const outageIds = [...new Set(lines.flatMap((l) => (l.forgivenBy ? [l.forgivenBy] : [])))];
    const outages = new Map((outageIds.length ? await this.queryBus.execute(new ListOutagesQuery({ ids: outageIds })) : []).map((o) => [o.id, o]));
    return {
      date,
      status: run.status,
      batch: run.batchNo,
      receipt: receiptView(run.receipt, new Map(this.config.charities.map((c) => [c.id, c.name]))),
      yourLines: lines.map((l) => ({
        challengeId: l.challengeId,
        lineNo: l.lineNo,
        stake: toRupees(l.stake),
        isSuccessful: l.isSuccessful,
        refund: toRupees(l.refund),
        winnings: toRupees(l.winnings),
        payout: toRupees(l.isSuccessful ? l.stake + l.winnings : l.refund),
        paid: l.status === 'PAID',
        outcome: receiptOutcome(l),
        ...(l.forgivenBy
          ? {
              forgiven: {
                reason: l.forgivenNote ?? 'Forgiven: our service was down during your window',
                outageId: l.forgivenBy,
                kind: outages.get(l.forgivenBy)?.kind ?? null,
                startedAt: outages.get(l.forgivenBy)?.startedAt ?? null,
                endedAt: outages.get(l.forgivenBy)?.endedAt ?? null,
              },
            }
          : {}),
        // pledge mode: the miss's forfeit and where it went (null charity: the platform)
        ...(run.receipt.mode === 'pledge' ? { donated: toRupees(l.pooled), charityId: l.charityId } : {}),
      })),
    };
  }
}
