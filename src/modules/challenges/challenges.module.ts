import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ChallengesController } from './day/challenges.controller.js';
import { CloseMissedChallengesHandler } from './day/commands/close-missed-challenges/close-missed-challenges.handler.js';
import { MarkChallengesProcessedHandler } from './day/commands/mark-challenges-processed/mark-challenges-processed.handler.js';
import { PurgeExpiredPhotosHandler } from './proof/commands/purge-expired-photos/purge-expired-photos.handler.js';
import { EraseCheckInDetailsHandler } from './proof/commands/erase-check-in-details/erase-check-in-details.handler.js';
import { ChallengesPersistence } from './shared/infrastructure/persistence.js';
import { GetChallengeStatsHandler } from './record/queries/get-challenge-stats/get-challenge-stats.handler.js';
import { ListMyChallengesHandler } from './day/queries/list-my-challenges/list-my-challenges.handler.js';
import { GetMyChallengesOfDateHandler } from './day/queries/get-my-challenges-of-date/get-my-challenges-of-date.handler.js';
import { GetMyChallengeHandler } from './day/queries/get-my-challenge/get-my-challenge.handler.js';
import { CanCreateChallengeHandler } from './day/queries/can-create-challenge/can-create-challenge.handler.js';
import { GetChallengeStatisticsHandler } from './record/queries/get-challenge-statistics/get-challenge-statistics.handler.js';
import { GetSelfLimitsHandler } from './self-limits/queries/get-self-limits/get-self-limits.handler.js';
import { ChangeSelfLimitsHandler } from './self-limits/commands/change-self-limits/change-self-limits.handler.js';
import { GetSettleableChallengesHandler } from './day/queries/get-settleable-challenges/get-settleable-challenges.handler.js';
import { GetUserChallengeIdsOfDateHandler } from './day/queries/get-user-challenge-ids-of-date/get-user-challenge-ids-of-date.handler.js';
import { HasPendingChallengesHandler } from './day/queries/has-pending-challenges/has-pending-challenges.handler.js';
import { GetChallengeDetailHandler } from './day/queries/get-challenge-detail/get-challenge-detail.handler.js';
import { ListUserChallengesHandler } from './day/queries/list-user-challenges/list-user-challenges.handler.js';
import { GetDateOutcomeTotalsHandler } from './day/queries/get-date-outcome-totals/get-date-outcome-totals.handler.js';
import { StreaksController } from './record/streaks.controller.js';
import { CreateChallengeHandler } from './day/commands/create-challenge/create-challenge.handler.js';
import { CreateTestChallengeHandler } from './day/commands/create-test-challenge/create-test-challenge.handler.js';
import { CancelChallengeHandler } from './day/commands/cancel-challenge/cancel-challenge.handler.js';
import { CheckInChallengeHandler } from './day/commands/check-in-challenge/check-in-challenge.handler.js';
import { GiveProofVerdictHandler } from './proof/commands/give-proof-verdict/give-proof-verdict.handler.js';
import { GetProofDataExportHandler } from './proof/queries/get-proof-data-export/get-proof-data-export.handler.js';
import { GetNextProofReviewHandler } from './proof/queries/get-next-proof-review/get-next-proof-review.handler.js';
import { WakeTagController } from './wake/wake-tag.controller.js';
import { ProofReviewsController } from './proof/proof-reviews.controller.js';
import { TestChallengesController, TestModeGuard } from './day/test-challenges.controller.js';

import { ListPendingMorningsHandler } from './day/queries/list-pending-mornings/list-pending-mornings.handler.js';
import { PlanRepository } from './plans/infrastructure/plan.repository.js';
import { ProofRepository } from './proof/infrastructure/proof.repository.js';
import { CreateChallengePlanHandler } from './plans/commands/create-challenge-plan/create-challenge-plan.handler.js';
import { ChangeChallengePlanHandler } from './plans/commands/change-challenge-plan/change-challenge-plan.handler.js';
import { BookPlannedChallengesHandler } from './plans/commands/book-planned-challenges/book-planned-challenges.handler.js';
import { ListChallengePlansHandler } from './plans/queries/list-challenge-plans/list-challenge-plans.handler.js';
import { ChallengePlansController } from './plans/challenge-plans.controller.js';
import { AppealRepository } from './appeals/infrastructure/appeal.repository.js';
import { FileAppealHandler } from './appeals/commands/file-appeal/file-appeal.handler.js';
import { DecideAppealHandler } from './appeals/commands/decide-appeal/decide-appeal.handler.js';
import { GetAppealHandler } from './appeals/queries/get-appeal/get-appeal.handler.js';
import { GetAppealPhotoHandler } from './appeals/queries/get-appeal-photo/get-appeal-photo.handler.js';
import { ListAppealsHandler } from './appeals/queries/list-appeals/list-appeals.handler.js';
import { AppealsController } from './appeals/appeals.controller.js';
import { GetDatePlayersHandler } from './day/queries/get-date-players/get-date-players.handler.js';
import { SelfLimitsController } from './self-limits/self-limits.controller.js';
import { SelfLimitsRepository } from './self-limits/infrastructure/self-limits.repository.js';
import { ChallengeRepository } from './shared/infrastructure/challenge.repository.js';
import { ChallengeReadsRepository } from './shared/infrastructure/challenge-reads.repository.js';
import { ChallengePhotosRepository } from './proof/infrastructure/challenge-photos.repository.js';
import { LeaveRepository } from './days-off/infrastructure/leave.repository.js';
import { StillAwakeRepository } from './wake/infrastructure/still-awake.repository.js';
import { WakeAccountRepository } from './wake/infrastructure/wake-account.repository.js';
import { WakeTagRepository } from './wake/infrastructure/wake-tag.repository.js';
import { EnsureWakeTagHandler } from './wake/commands/ensure-wake-tag/ensure-wake-tag.handler.js';
import { SpendShieldHandler } from './days-off/commands/spend-shield/spend-shield.handler.js';
import { BookLeaveHandler } from './days-off/commands/book-leave/book-leave.handler.js';
import { CancelLeaveHandler } from './days-off/commands/cancel-leave/cancel-leave.handler.js';
import { SetStillAwakeHandler } from './wake/commands/set-still-awake/set-still-awake.handler.js';
import { AnswerStillAwakeHandler } from './wake/commands/answer-still-awake/answer-still-awake.handler.js';
import { MarkStillAwakeAskedHandler } from './wake/commands/mark-still-awake-asked/mark-still-awake-asked.handler.js';
import { ResolveStillAwakeChecksHandler } from './wake/commands/resolve-still-awake-checks/resolve-still-awake-checks.handler.js';
import { GetShieldsHandler } from './days-off/queries/get-shields/get-shields.handler.js';
import { ListLeaveHandler } from './days-off/queries/list-leave/list-leave.handler.js';
import { ListBookableDatesHandler } from './day/queries/list-bookable-dates/list-bookable-dates.handler.js';
import { GetStillAwakeCheckHandler, GetStillAwakeSettingHandler } from './wake/queries/get-still-awake/get-still-awake.handler.js';
import { ListDueStillAwakeChecksHandler } from './wake/queries/list-due-still-awake-checks/list-due-still-awake-checks.handler.js';
import { ShieldsController } from './days-off/shields.controller.js';
import { LeaveController } from './days-off/leave.controller.js';
import { StillAwakeController } from './wake/still-awake.controller.js';
import { ProgressController } from './record/progress.controller.js';
import { GetProgressHandler } from './record/queries/get-progress/get-progress.handler.js';
import { GetGroupMorningsHandler } from './day/queries/get-group-mornings/get-group-mornings.handler.js';
import { IdempotencyStore } from '../../common/idempotency.js';
import { CheckInRepository } from './shared/infrastructure/check-in.repository.js';
/** The challenges module: its controllers, command, query and event handlers. */
@Module({
  imports: [CqrsModule, ChallengesPersistence],
  controllers: [
    ChallengesController,
    StreaksController,
    TestChallengesController,
    ChallengePlansController,
    AppealsController,
    ShieldsController,
    LeaveController,
    StillAwakeController,
    SelfLimitsController,
    ProgressController,
    ProofReviewsController,
    WakeTagController,
  ],
  providers: [
    ChallengeRepository,
    CheckInRepository,
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
