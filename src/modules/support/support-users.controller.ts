import { Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { toRupees } from '../../common/money.js';
import { isUuid } from '../../common/uuid.js';
import { FindUsersQuery } from '../identity/queries/find-users/find-users.query.js';
import { GetUserQuery } from '../identity/queries/get-user/get-user.query.js';
import type { UserSummary } from '../identity/queries/get-user/get-user.query.js';
import { GetBalanceQuery } from '../wallet/queries/get-balance/get-balance.query.js';
import { GetBalancesQuery } from '../wallet/queries/get-balances/get-balances.query.js';
import { GetAccountLedgerQuery } from '../wallet/queries/get-account-ledger/get-account-ledger.query.js';
import { GetEntriesByCorrelationQuery } from '../wallet/queries/get-entries-by-correlation/get-entries-by-correlation.query.js';
import { GetChallengeStatsQuery } from '../challenges/queries/get-challenge-stats/get-challenge-stats.query.js';
import { ListUserChallengesQuery } from '../challenges/queries/list-user-challenges/list-user-challenges.query.js';
import { GetRefereeVerdictsQuery } from '../groups/queries/get-referee-verdicts/get-referee-verdicts.query.js';
import { GetUsersQuery } from '../identity/queries/get-users/get-users.query.js';
import { ledgerLinks } from './domain/ledger-links.js';
import { AccessLogRepository } from './infrastructure/access-log.repository.js';
import { challengeRow, entryView, refereeView, SupportErrors, userView } from './support.views.js';
import { SupportConsole } from './support-console.decorator.js';

/** Support console: find a user, their page (profile, balance, streak, challenges, who looked) and their ledger. */
@SupportConsole('support', 'own')
export class SupportUsersController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  @Get('users')
  @ApiOperation({ summary: 'Find users by email, name, phone or id (q; email kept for older clients)' })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'email', required: false })
  async findUsers(@CurrentUser() actor: AuthUser, @Query('q') q?: string, @Query('email') email?: string) {
    const field = q !== undefined ? 'q' : 'email';
    const search = String((q ?? email) ?? '').trim();
    if (search.length < 2 || search.length > 254) throw SupportErrors.invalid(`${field} must be 2 to 254 characters`);
    const users = await this.queryBus.execute(new FindUsersQuery(search, 20));
    const balances = await this.queryBus.execute(new GetBalancesQuery(users.map((u) => u.id)));
    const withBalances = users.map((u) => ({ ...userView(u), balance: toRupees(balances.get(u.id)!) }));
    await this.record(actor, null, 'users.search', 'users', { [field]: search, results: users.length });
    return { success: true, data: { users: withBalances } };
  }

  @Get('users/:id')
  @ApiOperation({ summary: "A user's page: profile, balance, stats and streak, all challenges (newest first, each with its referee's verdict) and the console access record" })
  async user(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    const user = await this.findUser(id);
    const [balance, stats, challenges] = await Promise.all([
      this.queryBus.execute(new GetBalanceQuery(id)),
      this.queryBus.execute(new GetChallengeStatsQuery(id)),
      this.queryBus.execute(new ListUserChallengesQuery(id)),
    ]);
    const verdicts = new Map((await this.queryBus.execute(new GetRefereeVerdictsQuery(challenges.map((c) => c.id)))).map((v) => [v.challengeId, v]));
    const referees = await this.queryBus.execute(new GetUsersQuery([...new Set([...verdicts.values()].map((v) => v.refereeId))]));
    await this.record(actor, id, 'user.detail', `user:${id}`, { challenges: challenges.length });
    const accessLog = await this.access.forSubject(id);
    return {
      success: true,
      data: {
        user: userView(user),
        balance: toRupees(balance.balance),
        stats: { ...stats, totalEarnings: toRupees(stats.totalEarnings), totalLosses: toRupees(stats.totalLosses), totalDonated: toRupees(stats.totalDonated) },
        challenges: challenges.map((c) => challengeRow(c, refereeView(verdicts.get(c.id), referees))),
        accessLog: accessLog.map((a) => ({ id: a.id, actorId: a.actorId, actorEmail: a.actorEmail, action: a.action, target: a.target, details: a.details, createdAt: a.createdAt.toISOString() })),
      },
    };
  }

  @Get('users/:id/ledger')
  @ApiOperation({ summary: "Every entry on the user's wallet with postings on both sides, running balance and links; related entries that do not touch the wallet (pool moves, payouts)" })
  async userLedger(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    const user = await this.findUser(id);
    const ledger = await this.queryBus.execute(new GetAccountLedgerQuery(id));
    const ids = (type: string) => [...new Set(ledger.lines.filter((l) => l.correlationType === type).map((l) => l.correlationId))];
    const [challengeEntries, withdrawalEntries] = await Promise.all([
      this.queryBus.execute(new GetEntriesByCorrelationQuery('challenge', ids('challenge'))),
      this.queryBus.execute(new GetEntriesByCorrelationQuery('withdrawal', ids('withdrawal'))),
    ]);
    const payoutReferences = new Map<string, string | null>();
    for (const e of withdrawalEntries) {
      if (e.reason === 'WITHDRAWAL_PAID') payoutReferences.set(e.correlationId, typeof e.metadata?.payoutReference === 'string' ? e.metadata.payoutReference : null);
    }
    const onWallet = new Set(ledger.lines.map((l) => l.entryId));
    const related = [...challengeEntries, ...withdrawalEntries]
      .filter((e) => !onWallet.has(e.entryId))
      .sort((a, b) => a.postedAt.getTime() - b.postedAt.getTime())
      .map((e) => ({ ...entryView(e), links: ledgerLinks(e, payoutReferences) }));
    await this.record(actor, id, 'user.ledger', `user:${id}:wallet`, { entries: ledger.lines.length });
    return {
      success: true,
      data: {
        user: { id: user.id, email: user.email, fullName: user.fullName },
        account: ledger.account,
        balance: toRupees(ledger.balance),
        entries: ledger.lines.map((l) => ({
          entryId: l.entryId,
          postedAt: l.postedAt.toISOString(),
          reason: l.reason,
          correlation: { type: l.correlationType, id: l.correlationId },
          idempotencyKey: l.idempotencyKey,
          amount: toRupees(l.amount),
          runningBalance: toRupees(l.runningBalance),
          postings: l.postings.map((p) => ({ account: p.account, amount: toRupees(p.amount) })),
          metadata: l.metadata,
          links: ledgerLinks(l, payoutReferences),
        })),
        related,
      },
    };
  }

  private async findUser(id: string): Promise<UserSummary> {
    if (!isUuid(id)) throw SupportErrors.userNotFound();
    const user = await this.queryBus.execute(new GetUserQuery(id));
    if (!user) throw SupportErrors.userNotFound();
    return user;
  }

  private record(actor: AuthUser, subjectUserId: string | null, action: string, target: string, details: Record<string, unknown>) {
    return this.access.record({ actorId: actor.id, actorEmail: actor.email, subjectUserId, action, target, details });
  }
}
