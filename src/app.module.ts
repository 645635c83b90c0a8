import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AppConfig } from './config/app-config.js';
import { CoreModule } from './core.module.js';
import { AuthGuard } from './common/auth/auth.guard.js';
import { HealthController } from './health/health.controller.js';
import { IdentityModule } from './modules/identity/identity.module.js';
import { WalletModule } from './modules/wallet/wallet.module.js';
import { ChallengesModule } from './modules/challenges/challenges.module.js';
import { SettlementModule } from './modules/settlement/settlement.module.js';
import { SupportModule } from './modules/support/support.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';
import { CalendarModule } from './modules/calendar/calendar.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { AvailabilityModule } from './modules/availability/availability.module.js';
import { GroupsModule } from './modules/groups/groups.module.js';

export const DOMAIN_MODULES = [
  IdentityModule,
  WalletModule,
  ChallengesModule,
  SettlementModule,
  SupportModule,
  PrivacyModule,
  CalendarModule,
  NotificationsModule,
  AvailabilityModule,
  GroupsModule,
];

/** The api process: HTTP under /api/v1 plus the built client. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(config), ...DOMAIN_MODULES],
      controllers: [HealthController],
      providers: [{ provide: APP_GUARD, useClass: AuthGuard }],
    };
  }
}
