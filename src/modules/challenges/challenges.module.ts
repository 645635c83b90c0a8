import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChallengesController } from './challenges.controller.js';
import { CloseMissedChallengesHandler } from './commands/close-missed-challenges/close-missed-challenges.handler.js';
import { MarkChallengesProcessedHandler } from './commands/mark-challenges-processed/mark-challenges-processed.handler.js';
import { PurgeExpiredPhotosHandler } from './commands/purge-expired-photos/purge-expired-photos.handler.js';
import { EraseCheckInDetailsHandler } from './commands/erase-check-in-details/erase-check-in-details.handler.js';
import { ChallengesPersistence } from './infrastructure/persistence.js';
import { GetChallengeStatsHandler } from './queries/get-challenge-stats/get-challenge-stats.handler.js';
import { ListMyChallengesHandler } from './queries/list-my-challenges/list-my-challenges.handler.js';
import { GetMyChallengesOfDateHandler } from './queries/get-my-challenges-of-date/get-my-challenges-of-date.handler.js';
import { GetMyChallengeHandler } from './queries/get-my-challenge/get-my-challenge.handler.js';
import { CanCreateChallengeHandler } from './queries/can-create-challenge/can-create-challenge.handler.js';
import { GetChallengeStatisticsHandler } from './queries/get-challenge-statistics/get-challenge-statistics.handler.js';
import { GetSelfLimitsHandler } from './queries/get-self-limits/get-self-limits.handler.js';
import { ChangeSelfLimitsHandler } from './commands/change-self-limits/change-self-limits.handler.js';
import { GetSettleableChallengesHandler } from './queries/get-settleable-challenges/get-settleable-challenges.handler.js';
import { GetUserChallengeIdsOfDateHandler } from './queries/get-user-challenge-ids-of-date/get-user-challenge-ids-of-date.handler.js';
import { HasPendingChallengesHandler } from './queries/has-pending-challenges/has-pending-challenges.handler.js';
import { GetChallengeDetailHandler } from './queries/get-challenge-detail/get-challenge-detail.handler.js';
import { ListUserChallengesHandler } from './queries/list-user-challenges/list-user-challenges.handler.js';
import { GetDateOutcomeTotalsHandler } from './queries/get-date-outcome-totals/get-date-outcome-totals.handler.js';
import { StreaksController } from './streaks.controller.js';
import { CreateChallengeHandler } from './commands/create-challenge/create-challenge.handler.js';
import { CreateTestChallengeHandler } from './commands/create-test-challenge/create-test-challenge.handler.js';
import { CancelChallengeHandler } from './commands/cancel-challenge/cancel-challenge.handler.js';
import { CheckInChallengeHandler } from './commands/check-in-challenge/check-in-challenge.handler.js';
import { GiveProofVerdictHandler } from './commands/give-proof-verdict/give-proof-verdict.handler.js';
import { GetProofDataExportHandler } from './queries/get-proof-data-export/get-proof-data-export.handler.js';
import { GetNextProofReviewHandler } from './queries/get-next-proof-review/get-next-proof-review.handler.js';
import { WakeTagController } from './wake-tag.controller.js';
import { ProofReviewsController } from './proof-reviews.controller.js';
import { TestChallengesController, TestModeGuard } from './test-challenges.controller.js';

import { ListPendingMorningsHandler } from './queries/list-pending-mornings/list-pending-mornings.handler.js';
import { PlanRepository } from './infrastructure/plan.repository.js';
import { ProofRepository } from './infrastructure/proof.repository.js';
import { CreateChallengePlanHandler } from './commands/create-challenge-plan/create-challenge-plan.handler.js';
import { ChangeChallengePlanHandler } from './commands/change-challenge-plan/change-challenge-plan.handler.js';
import { BookPlannedChallengesHandler } from './commands/book-planned-challenges/book-planned-challenges.handler.js';
import { ListChallengePlansHandler } from './queries/list-challenge-plans/list-challenge-plans.handler.js';
import { ChallengePlansController } from './challenge-plans.controller.js';
import { AppealRepository } from './infrastructure/appeal.repository.js';
import { FileAppealHandler } from './commands/file-appeal/file-appeal.handler.js';
import { DecideAppealHandler } from './commands/decide-appeal/decide-appeal.handler.js';
import { GetAppealHandler } from './queries/get-appeal/get-appeal.handler.js';
import { GetAppealPhotoHandler } from './queries/get-appeal-photo/get-appeal-photo.handler.js';
import { ListAppealsHandler } from './queries/list-appeals/list-appeals.handler.js';
import { AppealsController } from './appeals.controller.js';
import { PoolPreviewController } from './pool-preview.controller.js';
import { GetDatePlayersHandler } from './queries/get-date-players/get-date-players.handler.js';
import { SelfLimitsController } from './self-limits.controller.js';
import { SelfLimitsRepository } from './infrastructure/self-limits.repository.js';
import { ChallengeRepository } from './infrastructure/challenge.repository.js';
import { ChallengeReadsRepository } from './infrastructure/challenge-reads.repository.js';
import { ChallengePhotosRepository } from './infrastructure/challenge-photos.repository.js';
import { LeaveRepository } from './infrastructure/leave.repository.js';
import { StillAwakeRepository } from './infrastructure/still-awake.repository.js';
import { WakeAccountRepository } from './infrastructure/wake-account.repository.js';
import { WakeTagRepository } from './infrastructure/wake-tag.repository.js';
import { EnsureWakeTagHandler } from './commands/ensure-wake-tag/ensure-wake-tag.handler.js';
import { SpendShieldHandler } from './commands/spend-shield/spend-shield.handler.js';
import { BookLeaveHandler } from './commands/book-leave/book-leave.handler.js';
import { CancelLeaveHandler } from './commands/cancel-leave/cancel-leave.handler.js';
import { SetStillAwakeHandler } from './commands/set-still-awake/set-still-awake.handler.js';
import { AnswerStillAwakeHandler } from './commands/answer-still-awake/answer-still-awake.handler.js';
import { MarkStillAwakeAskedHandler } from './commands/mark-still-awake-asked/mark-still-awake-asked.handler.js';
import { ResolveStillAwakeChecksHandler } from './commands/resolve-still-awake-checks/resolve-still-awake-checks.handler.js';
import { GetShieldsHandler } from './queries/get-shields/get-shields.handler.js';
import { ListLeaveHandler } from './queries/list-leave/list-leave.handler.js';
import { ListBookableDatesHandler } from './queries/list-bookable-dates/list-bookable-dates.handler.js';
import { GetStillAwakeCheckHandler, GetStillAwakeSettingHandler } from './queries/get-still-awake/get-still-awake.handler.js';
import { ListDueStillAwakeChecksHandler } from './queries/list-due-still-awake-checks/list-due-still-awake-checks.handler.js';
import { ShieldsController } from './shields.controller.js';
import { LeaveController } from './leave.controller.js';
import { StillAwakeController } from './still-awake.controller.js';
import { ProgressController } from './progress.controller.js';
import { GetProgressHandler } from './queries/get-progress/get-progress.handler.js';
import { GetGroupMorningsHandler } from './queries/get-group-mornings/get-group-mornings.handler.js';
import { IdempotencyStore } from '../../common/idempotency.js';
/** The challenges module: its controllers, command, query and event handlers. */
@Module({
  imports: [CqrsModule, ChallengesPersistence],
  controllers: [ChallengesController, StreaksController, TestChallengesController, ChallengePlansController, AppealsController, PoolPreviewController, ShieldsController, LeaveController, StillAwakeController, SelfLimitsController, ProgressController, ProofReviewsController, WakeTagController],
  providers: [
    ChallengeRepository,
    ChallengeReadsRepository,
    ChallengePhotosRepository,
    IdempotencyStore,
    CreateChallengeHandler,
    CreateTestChallengeHandler,
    CancelChallengeHandler,
    CheckInChallengeHandler,
    GiveProofVerdictHandler,
    GetProofDataExportHandler,
    GetNextProofReviewHandler,
    SelfLimitsRepository,
    TestModeGuard,
    CloseMissedChallengesHandler,
    MarkChallengesProcessedHandler,
    PurgeExpiredPhotosHandler,
    EraseCheckInDetailsHandler,
    GetChallengeStatsHandler,
    ListMyChallengesHandler,
    GetMyChallengesOfDateHandler,
    GetMyChallengeHandler,
    CanCreateChallengeHandler,
    GetChallengeStatisticsHandler,
    GetSelfLimitsHandler,
    ChangeSelfLimitsHandler,
    ListBookableDatesHandler,
    GetSettleableChallengesHandler,
    GetDateOutcomeTotalsHandler,
    GetUserChallengeIdsOfDateHandler,
    HasPendingChallengesHandler,
    GetChallengeDetailHandler,
    ListUserChallengesHandler,
    ListPendingMorningsHandler,
    PlanRepository,
    ProofRepository,
    CreateChallengePlanHandler,
    ChangeChallengePlanHandler,
    BookPlannedChallengesHandler,
    ListChallengePlansHandler,
    AppealRepository,
    FileAppealHandler,
    DecideAppealHandler,
    GetAppealHandler,
    GetAppealPhotoHandler,
    ListAppealsHandler,
    GetDatePlayersHandler,
    WakeAccountRepository,
    LeaveRepository,
    StillAwakeRepository,
    WakeTagRepository,
    EnsureWakeTagHandler,
    SpendShieldHandler,
    BookLeaveHandler,
    CancelLeaveHandler,
    SetStillAwakeHandler,
    AnswerStillAwakeHandler,
    MarkStillAwakeAskedHandler,
    ResolveStillAwakeChecksHandler,
    GetShieldsHandler,
    ListLeaveHandler,
    GetStillAwakeSettingHandler,
    GetStillAwakeCheckHandler,
    ListDueStillAwakeChecksHandler,
    GetProgressHandler,
    GetGroupMorningsHandler,
  ],
})
export class ChallengesModule {}
