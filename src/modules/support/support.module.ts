import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BullModule } from '@nestjs/bullmq';
import { KNOWN_QUEUES } from './domain/queues.js';
import { AccessLogRepository } from './infrastructure/access-log.repository.js';
import { LedgerVerificationsRepository } from './infrastructure/ledger-verifications.repository.js';
import { SupportQueuesService } from './infrastructure/support-queues.service.js';
import { ResolveUserSuspenseHandler } from './commands/resolve-user-suspense/resolve-user-suspense.handler.js';
import { RetryFailedJobHandler } from './commands/retry-failed-job/retry-failed-job.handler.js';
import { RunLedgerVerificationHandler } from './commands/run-ledger-verification/run-ledger-verification.handler.js';
import { GetChallengeStoryHandler } from './queries/get-challenge-story/get-challenge-story.handler.js';
import { GetLedgerHealthHandler } from './queries/get-ledger-health/get-ledger-health.handler.js';
import { GetQueuesHandler } from './queries/get-queues/get-queues.handler.js';
import { GetUserLedgerHandler } from './queries/get-user-ledger/get-user-ledger.handler.js';
import { GetUserPageHandler } from './queries/get-user-page/get-user-page.handler.js';
import { ListMailHandler } from './queries/list-mail/list-mail.handler.js';
import { ListQueueJobsHandler } from './queries/list-queue-jobs/list-queue-jobs.handler.js';
import { ListSuspenseAccountsHandler } from './queries/list-suspense-accounts/list-suspense-accounts.handler.js';
import { SearchUsersHandler } from './queries/search-users/search-users.handler.js';
import { ViewAppealPhotoHandler } from './queries/view-appeal-photo/view-appeal-photo.handler.js';
import { ViewChallengePhotoHandler } from './queries/view-challenge-photo/view-challenge-photo.handler.js';
import { SupportUsersController } from './support-users.controller.js';
import { SupportChallengesController } from './support-challenges.controller.js';
import { SupportLedgerController } from './support-ledger.controller.js';
import { SupportQueuesController } from './support-queues.controller.js';
import { SupportMailController } from './support-mail.controller.js';
import { SupportSuspenseController } from './support-suspense.controller.js';
import { SupportSettlementController } from './support-settlement.controller.js';
import { SupportAppealsController } from './support-appeals.controller.js';
import { SupportPayoutsController } from './support-payouts.controller.js';
import { SupportCharitiesController } from './support-charities.controller.js';
import { SupportOutagesController } from './support-outages.controller.js';

/** The console's use cases: each records its own access entry (the rest of /support goes through SupportAccessInterceptor). */
const HANDLERS = [
  SearchUsersHandler,
  GetUserPageHandler,
  GetUserLedgerHandler,
  GetChallengeStoryHandler,
  ViewChallengePhotoHandler,
  ViewAppealPhotoHandler,
  ListSuspenseAccountsHandler,
  ResolveUserSuspenseHandler,
  GetQueuesHandler,
  ListQueueJobsHandler,
  RetryFailedJobHandler,
  ListMailHandler,
  RunLedgerVerificationHandler,
  GetLedgerHealthHandler,
];

/** The support module: the read-only staff console (users, ledger, challenges, ledger health, queues) and its access log. */
@Module({
  imports: [CqrsModule, BullModule.registerQueue(...KNOWN_QUEUES.map((name) => ({ name })))],
  controllers: [
    SupportUsersController,
    SupportChallengesController,
    SupportLedgerController,
    SupportQueuesController,
    SupportSuspenseController,
    SupportMailController,
    SupportSettlementController,
    SupportAppealsController,
    SupportPayoutsController,
    SupportCharitiesController,
    SupportOutagesController,
  ],
  providers: [AccessLogRepository, LedgerVerificationsRepository, SupportQueuesService, ...HANDLERS],
})
export class SupportModule {}
