import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BullModule } from '@nestjs/bullmq';
import { SETTLEMENT_QUEUE } from './settlement.constants.js';
import { SettlementRepository } from './infrastructure/settlement.repository.js';
import { SettlementQueue } from './infrastructure/settlement.queue.js';
import { SettleDateHandler } from './commands/settle-date/settle-date.handler.js';
import { CheckSettlementDeadlineHandler } from './commands/check-settlement-deadline/check-settlement-deadline.handler.js';
import { RecordSettlementFailureHandler } from './commands/record-settlement-failure/record-settlement-failure.handler.js';
import { EnqueueDueSettlementsHandler } from './commands/enqueue-due-settlements/enqueue-due-settlements.handler.js';
import { GetUserSettlementHandler } from './queries/get-user-settlement/get-user-settlement.handler.js';
import { GetSupportSettlementsHandler } from './queries/get-support-settlements/get-support-settlements.handler.js';
import { GetSettlementLineHandler } from './queries/get-settlement-line/get-settlement-line.handler.js';
import { EstimateChallengeOutcomesHandler } from './queries/estimate-challenge-outcomes/estimate-challenge-outcomes.handler.js';
import { SettlementController } from './settlement.controller.js';
import { RerunSettlementHandler } from './commands/rerun-settlement/rerun-settlement.handler.js';
import { GetPoolPreviewHandler } from './queries/get-pool-preview/get-pool-preview.handler.js';
import { ListForgivenLinesHandler } from './queries/list-forgiven-lines/list-forgiven-lines.handler.js';

/** The settlement module: its controllers, command, query and event handlers. */
@Module({
  imports: [CqrsModule, BullModule.registerQueue({ name: SETTLEMENT_QUEUE })],
  controllers: [SettlementController],
  providers: [
    SettlementRepository,
    SettlementQueue,
    SettleDateHandler,
    CheckSettlementDeadlineHandler,
    RecordSettlementFailureHandler,
    EnqueueDueSettlementsHandler,
    RerunSettlementHandler,
    GetPoolPreviewHandler,
    GetUserSettlementHandler,
    GetSupportSettlementsHandler,
    GetSettlementLineHandler,
    EstimateChallengeOutcomesHandler,
    ListForgivenLinesHandler,
  ],
  exports: [SettlementRepository, SettlementQueue, BullModule],
})
export class SettlementModule {}
