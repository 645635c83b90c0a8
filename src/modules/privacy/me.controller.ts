import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { PrivacyErrors } from './privacy.errors.js';
import { tableOf, toCsv } from './domain/export-tables.js';
import { ExportUserDataQuery } from './queries/export-user-data/export-user-data.query.js';

/** The signed-in user's own data (DPDP Act 2023: the right to a copy). */
@ApiTags('privacy')
@ApiBearerAuth('bearer')
@Controller('me')
export class MeController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get('export')
  @ApiOperation({
    summary:
      'Download my data: profile, challenges, ledger lines, notifications, groups and referee requests, saved payout methods (masked), plans, shields and leave (JSON; format=csv for a zip of CSV files)',
  })
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'csv'] })
  @ApiProduces('application/json', 'application/zip')
  async export(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) reply: FastifyReply, @Query('format') format?: unknown) {
    if (format !== undefined && format !== 'json' && format !== 'csv') {
      throw PrivacyErrors.invalidFormat();
    }
    const data = await this.queryBus.execute(new ExportUserDataQuery(user.id));
    const day = data.exportedAt.slice(0, 10);
    void reply.header('Cache-Control', 'no-store');
    if (format !== 'csv') {
      void reply.header('Content-Disposition', `attachment; filename="wakestake-export-${day}.json"`);
      return { success: true, data };
    }
    const files = {
      'profile.csv': toCsv(tableOf([data.profile])),
      'challenges.csv': toCsv(tableOf(data.challenges, CHALLENGE_COLUMNS)),
      'ledger.csv': toCsv(tableOf(data.ledger, LEDGER_COLUMNS)),
      'notifications.csv': toCsv(tableOf(data.notifications, NOTIFICATION_COLUMNS)),
      'groups.csv': toCsv(tableOf(data.groups.memberships, GROUP_COLUMNS)),
      'referee-requests.csv': toCsv(
        tableOf(
          [
            ...data.groups.refereeRequestsSent.map((r) => ({ direction: 'SENT', ...r })),
            ...data.groups.refereeRequestsAnswered.map((r) => ({ direction: 'ANSWERED', ...r })),
          ],
          REFEREE_COLUMNS,
        ),
      ),
      'payout-methods.csv': toCsv(tableOf(data.payoutMethods, PAYOUT_METHOD_COLUMNS)),
      'plans.csv': toCsv(tableOf(data.plans, PLAN_COLUMNS)),
      'photo-fingerprints.csv': toCsv(tableOf(data.proofOfWake.photoFingerprints, ['challengeId', 'source', 'sha256', 'dhash', 'createdAt'])),
      'proof-verdicts.csv': toCsv(
        tableOf(
          [
            ...data.proofOfWake.verdictsOnMyPhotos.map((v) => ({ direction: 'ON_MY_PHOTO', ...v })),
            ...data.proofOfWake.verdictsGiven.map((v) => ({ direction: 'GIVEN', ...v })),
          ],
          ['direction', 'challengeId', 'reviewerRole', 'verdict', 'note', 'createdAt'],
        ),
      ),
      'shields-and-leave.csv': toCsv(tableOf([{ ...data.shields, leaveDays: data.leave.map((d) => d.date) }], SHIELD_COLUMNS)),
    };
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([name, csv]) => [name, strToU8('\ufeff' + csv)])), { level: 6 });
    void reply.header('Content-Type', 'application/zip').header('Content-Disposition', `attachment; filename="wakestake-export-${day}.zip"`);
    return Buffer.from(zip);
  }
}

// Headers even for an empty section, so every file opens with its columns.
const CHALLENGE_COLUMNS = [
  'id',
  'challengeDate',
  'wakeUpTime',
  'forfeitAmount',
  'status',
  'isSuccessful',
  'windowOpensAt',
  'windowClosesAt',
  'checkInTime',
  'verificationMethod',
  'checkInLocation',
  'notes',
  'failureReason',
  'winningsAmount',
  'actualForfeitAmount',
  'refundedAmount',
  'createdAt',
  'processedAt',
  'cancelledAt',
  'isTest',
  'proof',
  'proofStatus',
];
const LEDGER_COLUMNS = ['entryId', 'postedAt', 'reason', 'type', 'reference', 'amount', 'runningBalance'];
const NOTIFICATION_COLUMNS = ['id', 'type', 'title', 'message', 'isRead', 'readAt', 'createdAt'];
const GROUP_COLUMNS = ['groupId', 'groupName', 'role', 'joinedAt'];
const REFEREE_COLUMNS = ['direction', 'challengeId', 'challengeDate', 'askedBy', 'referee', 'groupName', 'status', 'note', 'askedAt', 'decidedAt'];
const PAYOUT_METHOD_COLUMNS = ['type', 'label', 'upiId', 'accountNumber', 'ifscCode', 'accountHolderName', 'bankName', 'uses', 'lastUsedAt'];
const PLAN_COLUMNS = [
  'id',
  'weekdays',
  'wakeUpTime',
  'forfeitAmount',
  'startDate',
  'endDate',
  'status',
  'totalDays',
  'bookedDays',
  'skippedDays',
  'days',
  'createdAt',
];
const SHIELD_COLUMNS = ['held', 'earned', 'spent', 'nextShieldIn', 'leaveDays'];
