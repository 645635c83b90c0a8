import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BullModule } from '@nestjs/bullmq';
import { AppConfig } from '../../config/app-config.js';
import { LedgerService } from './infrastructure/ledger.service.js';
import { LedgerAuditService } from './infrastructure/ledger-audit.service.js';
import { PaymentProvider } from './infrastructure/payments/payment-provider.js';
import { SandboxPaymentProvider } from './infrastructure/payments/sandbox-payment.provider.js';
import { RazorpayPaymentProvider } from './infrastructure/payments/razorpay-payment.provider.js';
import { PayoutProvider, SandboxPayoutProvider } from './infrastructure/payouts/payout-provider.js';
import { DepositsService } from './application/deposits.service.js';
import { WithdrawalsService } from './application/withdrawals.service.js';
import { WalletReadingService } from './application/wallet-reading.service.js';
import { WalletController } from './wallet.controller.js';
import { PAYOUTS_QUEUE } from './jobs/payouts.processor.js';
import { StakeForfeitHandler } from './commands/stake-forfeit/stake-forfeit.handler.js';
import { ReturnStakeHandler } from './commands/return-stake/return-stake.handler.js';
import { RefundStakeHandler } from './commands/refund-stake/refund-stake.handler.js';
import { MoveToPoolHandler } from './commands/move-to-pool/move-to-pool.handler.js';
import { PayWinningsHandler } from './commands/pay-winnings/pay-winnings.handler.js';
import { TakePlatformRevenueHandler } from './commands/take-platform-revenue/take-platform-revenue.handler.js';
import { CreateNotificationHandler } from './commands/create-notification/create-notification.handler.js';
import { ProcessPayoutHandler } from './commands/process-payout/process-payout.handler.js';
import { GetBalanceHandler } from './queries/get-balance/get-balance.handler.js';
import { GetBalancesHandler } from './queries/get-balances/get-balances.handler.js';
import { GetAccountLedgerHandler } from './queries/get-account-ledger/get-account-ledger.handler.js';
import { VerifyLedgerHandler } from './queries/verify-ledger/verify-ledger.handler.js';
import { PostStakeMovementsHandler } from './commands/post-stake-movements/post-stake-movements.handler.js';
import { CreateNotificationsHandler } from './commands/create-notifications/create-notifications.handler.js';
import { GetEntriesByCorrelationHandler } from './queries/get-entries-by-correlation/get-entries-by-correlation.handler.js';

const HANDLERS = [
  StakeForfeitHandler,
  ReturnStakeHandler,
  RefundStakeHandler,
  MoveToPoolHandler,
  PayWinningsHandler,
  TakePlatformRevenueHandler,
  CreateNotificationHandler,
  ProcessPayoutHandler,
  GetBalanceHandler,
  GetBalancesHandler,
  GetAccountLedgerHandler,
  VerifyLedgerHandler,
  PostStakeMovementsHandler,
  CreateNotificationsHandler,
  GetEntriesByCorrelationHandler,
];

/** The wallet module: its controllers, command, query and event handlers. */
@Module({
  imports: [CqrsModule, BullModule.registerQueue({ name: PAYOUTS_QUEUE })],
  controllers: [WalletController],
  providers: [
    LedgerService,
    LedgerAuditService,
    SandboxPaymentProvider,
    {
      provide: PaymentProvider,
      inject: [AppConfig, SandboxPaymentProvider],
      useFactory: (config: AppConfig, sandbox: SandboxPaymentProvider) => (config.paymentsProvider === 'razorpay' ? new RazorpayPaymentProvider(config) : sandbox),
    },
    { provide: PayoutProvider, useClass: SandboxPayoutProvider },
    DepositsService,
    WithdrawalsService,
    WalletReadingService,
    ...HANDLERS,
  ],
  exports: [LedgerService, LedgerAuditService, WithdrawalsService],
})
export class WalletModule {}
