import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { toRupees } from '../../../../common/money.js';
import { GetUserProfileQuery } from '../../../identity/queries/get-user-profile/get-user-profile.query.js';
import { ListUserChallengesQuery } from '../../../challenges/day/queries/list-user-challenges/list-user-challenges.query.js';
import { GetAccountLedgerQuery } from '../../../wallet/queries/get-account-ledger/get-account-ledger.query.js';
import { ListUserNotificationsQuery } from '../../../notifications/queries/list-user-notifications/list-user-notifications.query.js';
import { ListPayoutMethodsQuery } from '../../../wallet/queries/list-payout-methods/list-payout-methods.query.js';
import { ListChallengePlansQuery } from '../../../challenges/plans/queries/list-challenge-plans/list-challenge-plans.query.js';
import { GetShieldsQuery } from '../../../challenges/days-off/queries/get-shields/get-shields.query.js';
import { ListLeaveQuery } from '../../../challenges/days-off/queries/list-leave/list-leave.query.js';
import { GetProofDataExportQuery } from '../../../challenges/proof/queries/get-proof-data-export/get-proof-data-export.query.js';
import { GetGroupDataExportQuery } from '../../../groups/queries/get-group-data-export/get-group-data-export.query.js';
import { ExportUserDataQuery, UserDataExport } from './export-user-data.query.js';

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;
/** every leave day ever booked, not only this month's */
const ALL_LEAVE = '1970-01-01';

@QueryHandler(ExportUserDataQuery)
export class ExportUserDataHandler implements IQueryHandler<ExportUserDataQuery, UserDataExport> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: ExportUserDataQuery): Promise<UserDataExport> {
    const [profile, challenges, ledger, notifications, groups, payoutMethods, plans, shields, leave, proof] = await Promise.all([
      this.queryBus.execute(new GetUserProfileQuery(userId)),
      this.queryBus.execute(new ListUserChallengesQuery(userId)),
      this.queryBus.execute(new GetAccountLedgerQuery(userId)),
      this.queryBus.execute(new ListUserNotificationsQuery(userId)),
      this.queryBus.execute(new GetGroupDataExportQuery(userId)),
      this.queryBus.execute(new ListPayoutMethodsQuery(userId)),
      this.queryBus.execute(new ListChallengePlansQuery(userId)),
      this.queryBus.execute(new GetShieldsQuery(userId)),
      this.queryBus.execute(new ListLeaveQuery(userId, ALL_LEAVE)),
      this.queryBus.execute(new GetProofDataExportQuery(userId)),
    ]);
    return {
      exportedAt: this.clock.now().toISOString(),
      profile: { ...profile },
      challenges: challenges.map((c) => ({
        id: c.id,
        challengeDate: c.challengeDate,
        wakeUpTime: c.wakeUpTime,
        forfeitAmount: toRupees(c.stake),
        status: c.status,
        isSuccessful: c.isSuccessful,
        windowOpensAt: iso(c.windowOpensAt),
        windowClosesAt: iso(c.windowClosesAt),
        checkInTime: iso(c.checkInTime),
        verificationMethod: c.verificationMethod,
        checkInLocation: c.checkInLocation,
        notes: c.notes,
        failureReason: c.failureReason,
        winningsAmount: toRupees(c.winningsAmount),
        actualForfeitAmount: toRupees(c.actualForfeitAmount),
        refundedAmount: toRupees(c.refundedAmount),
        createdAt: iso(c.createdAt),
        processedAt: iso(c.processedAt),
        cancelledAt: iso(c.cancelledAt),
        isTest: c.isTest,
        proof: c.proof,
        proofStatus: c.proofStatus,
      })),
      ledger: ledger.lines.map((l) => ({
        entryId: l.entryId,
        postedAt: iso(l.postedAt),
        reason: l.reason,
        type: l.correlationType,
        reference: l.correlationId,
        amount: toRupees(l.amount),
        runningBalance: toRupees(l.runningBalance),
      })),
      notifications: notifications.map((n) => ({
        id: n.id,
        type: n.type,
        title: n.title,
        message: n.message,
        isRead: n.isRead,
        readAt: iso(n.readAt),
        createdAt: iso(n.createdAt),
      })),
      groups,
      // never the full UPI id or account number: the masked view the withdraw page shows
      payoutMethods: payoutMethods.map(({ id: _id, ...masked }) => masked),
      plans,
      shields: { held: shields.held, earned: shields.earned, spent: shields.spent, nextShieldIn: shields.nextShieldIn },
      leave: leave.days.map((d) => ({ date: d.date, createdAt: d.createdAt })),
      proofOfWake: proof,
    };
  }
}
