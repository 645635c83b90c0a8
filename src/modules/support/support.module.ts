import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BullModule } from '@nestjs/bullmq';
import { AccessLogRepository } from './infrastructure/access-log.repository.js';
import { LedgerVerificationsRepository } from './infrastructure/ledger-verifications.repository.js';
import { KNOWN_QUEUES, SupportQueuesService } from './infrastructure/support-queues.service.js';
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

/** The support module: the read-only staff console (users, ledger, challenges, ledger health, queues) and its access log. */
@Module({
  imports: [CqrsModule, BullModule.registerQueue(...KNOWN_QUEUES.map((name) => ({ name })))],
  controllers: [SupportUsersController, SupportChallengesController, SupportLedgerController, SupportQueuesController, SupportSuspenseController, SupportMailController, SupportSettlementController, SupportAppealsController, SupportPayoutsController, SupportCharitiesController, SupportOutagesController],
  providers: [
    AccessLogRepository,
    LedgerVerificationsRepository,
    SupportQueuesService,
  ],
})
export class SupportModule {}
