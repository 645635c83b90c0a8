import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { GetAccountLedgerQuery } from '../../../wallet/queries/get-account-ledger/get-account-ledger.query.js';
import { GetEntriesByCorrelationQuery } from '../../../wallet/queries/get-entries-by-correlation/get-entries-by-correlation.query.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { UserLedgerPage, userLedgerView } from '../../domain/views.js';
import { GetUserLedgerQuery } from './get-user-ledger.query.js';
import { SupportErrors } from '../../support.errors.js';
import { GetUserQuery } from '../../../identity/queries/get-user/get-user.query.js';

@QueryHandler(GetUserLedgerQuery)
export class GetUserLedgerHandler implements IQueryHandler<GetUserLedgerQuery, UserLedgerPage> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, userId: id }: GetUserLedgerQuery): Promise<UserLedgerPage> {
    const user = await this.queryBus.execute(new GetUserQuery(id));
    if (!user) throw SupportErrors.userNotFound();
    const ledger = await this.queryBus.execute(new GetAccountLedgerQuery(id));
    const ids = (type: string) => [...new Set(ledger.lines.filter((l) => l.correlationType === type).map((l) => l.correlationId))];
    const [challengeEntries, withdrawalEntries] = await Promise.all([
      this.queryBus.execute(new GetEntriesByCorrelationQuery('challenge', ids('challenge'))),
      this.queryBus.execute(new GetEntriesByCorrelationQuery('withdrawal', ids('withdrawal'))),
    ]);
    const payoutReferences = new Map<string, string | null>();
    for (const e of withdrawalEntries) {
      if (e.reason === 'WITHDRAWAL_PAID')
        payoutReferences.set(e.correlationId, typeof e.metadata?.payoutReference === 'string' ? e.metadata.payoutReference : null);
    }
    const onWallet = new Set(ledger.lines.map((l) => l.entryId));
    const related = [...challengeEntries, ...withdrawalEntries]
      .filter((e) => !onWallet.has(e.entryId))
      .sort((a, b) => a.postedAt.getTime() - b.postedAt.getTime());
    await this.access.recordBy(actor, id, 'user.ledger', `user:${id}:wallet`, { entries: ledger.lines.length });
    return userLedgerView(user, ledger, related, payoutReferences);
  }
}
