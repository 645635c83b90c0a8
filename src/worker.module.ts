import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from './config/app-config.js';
import { CoreModule } from './core.module.js';
import { DOMAIN_MODULES } from './app.module.js';
import { IdentityJobsModule } from './modules/identity/identity.jobs.module.js';
import { WalletJobsModule } from './modules/wallet/wallet.jobs.module.js';
import { ChallengesJobsModule } from './modules/challenges/challenges.jobs.module.js';
import { SettlementJobsModule } from './modules/settlement/settlement.jobs.module.js';
import { SupportJobsModule } from './modules/support/support.jobs.module.js';
import { NotificationsJobsModule } from './modules/notifications/notifications.jobs.module.js';
import { WorkerObservabilityModule } from './observability/observability.module.js';
import { MailJobsModule } from './common/mail/mail.module.js';

/** The worker process: the same module tree plus BullMQ processors and schedulers; no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.forRoot(config),
        ...DOMAIN_MODULES,
        IdentityJobsModule,
        WalletJobsModule,
        ChallengesJobsModule,
        SettlementJobsModule,
        SupportJobsModule,
        NotificationsJobsModule,
        WorkerObservabilityModule,
        MailJobsModule,
      ],
    };
  }
}
