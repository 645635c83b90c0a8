import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChallengesController } from './challenges.controller.js';
import { ChallengesService } from './challenges.service.js';
import { CloseMissedChallengesHandler } from './commands/close-missed-challenges/close-missed-challenges.handler.js';
import { MarkChallengesProcessedHandler } from './commands/mark-challenges-processed/mark-challenges-processed.handler.js';
import { ChallengeEntity } from './infrastructure/challenge.entity.js';
import { GetChallengeStatsHandler } from './queries/get-challenge-stats/get-challenge-stats.handler.js';
import { GetSettleableChallengesHandler } from './queries/get-settleable-challenges/get-settleable-challenges.handler.js';
import { GetUserChallengeIdsOfDateHandler } from './queries/get-user-challenge-ids-of-date/get-user-challenge-ids-of-date.handler.js';
import { HasPendingChallengesHandler } from './queries/has-pending-challenges/has-pending-challenges.handler.js';
import { GetChallengeDetailHandler } from './queries/get-challenge-detail/get-challenge-detail.handler.js';
import { ListUserChallengesHandler } from './queries/list-user-challenges/list-user-challenges.handler.js';
import { StreaksController } from './streaks.controller.js';
import { TestChallengesController, TestModeGuard } from './test-challenges.controller.js';

/** The challenges module: its controllers, command, query and event handlers. */
@Module({
  imports: [CqrsModule, TypeOrmModule.forFeature([ChallengeEntity])],
  controllers: [ChallengesController, StreaksController, TestChallengesController],
  providers: [
    ChallengesService,
    TestModeGuard,
    CloseMissedChallengesHandler,
    MarkChallengesProcessedHandler,
    GetChallengeStatsHandler,
    GetSettleableChallengesHandler,
    GetUserChallengeIdsOfDateHandler,
    HasPendingChallengesHandler,
    GetChallengeDetailHandler,
    ListUserChallengesHandler,
  ],
  exports: [ChallengesService],
})
export class ChallengesModule {}
