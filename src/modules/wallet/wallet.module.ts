import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BullModule } from '@nestjs/bullmq';
import { AppConfig } from '../../config/app-config.js';
import { LedgerService } from './infrastructure/ledger.service.js';
import { LedgerAuditService } from './infrastructure/ledger-audit.service.js';
import { PaymentProvider } from './infrastructure/payments/payment-provider.js';
import { SandboxPaymentProvider } from './infrastructure/payments/sandbox-payment.provider.js';
import { RazorpayPaymentProvider } from './infrastructure/payments/razorpay-payment.provider.js';
import { DataSource } from 'typeorm';
import { ManualPayoutProvider, PayoutProvider, SandboxPayoutProvider } from './infrastructure/payouts/payout-provider.js';
import { RazorpayxPayoutProvider } from './infrastructure/payouts/razorpayx-payout.provider.js';
import { PayoutWebhooksController } from './payout-webhooks.controller.js';
import { ListManualPayoutsHandler, ExportManualPayoutsCsvHandler } from './queries/list-manual-payouts/list-manual-payouts.handler.js';
import { MarkManualPayoutHandler } from './commands/mark-manual-payout/mark-manual-payout.handler.js';
import { DepositRepository } from './infrastructure/deposit.repository.js';
import { WithdrawalRepository } from './infrastructure/withdrawal.repository.js';
import { WalletReadRepository } from './infrastructure/wallet-read.repository.js';
import { PayoutQueue } from './infrastructure/payout-queue.js';
import { WalletController } from './wallet.controller.js';
import { PAYOUTS_QUEUE } from './jobs/payouts.processor.js';
import { StakeForfeitHandler } from './commands/stake-forfeit/stake-forfeit.handler.js';
import { ReturnStakeHandler } from './commands/return-stake/return-stake.handler.js';
import { TakePlatformRevenueHandler } from './commands/take-platform-revenue/take-platform-revenue.handler.js';
import { ProcessPayoutHandler } from './commands/process-payout/process-payout.handler.js';
import { GetBalanceHandler } from './queries/get-balance/get-balance.handler.js';
import { GetBalancesHandler } from './queries/get-balances/get-balances.handler.js';
import { CreditAppealRefundHandler } from './commands/credit-appeal-refund/credit-appeal-refund.handler.js';
import { GetMoneyInFlightHandler } from './queries/get-money-in-flight/get-money-in-flight.handler.js';
import { ListSuspenseHandler } from './queries/list-suspense/list-suspense.handler.js';
import { ResolveSuspenseHandler } from './commands/resolve-suspense/resolve-suspense.handler.js';
import { ErasePayoutDetailsHandler } from './commands/erase-payout-details/erase-payout-details.handler.js';
import { GetAccountLedgerHandler } from './queries/get-account-ledger/get-account-ledger.handler.js';
import { GetMonthlyMoneyHandler } from './queries/get-monthly-money/get-monthly-money.handler.js';
import { VerifyLedgerHandler } from './queries/verify-ledger/verify-ledger.handler.js';
import { PostStakeMovementsHandler } from './commands/post-stake-movements/post-stake-movements.handler.js';
import { GetEntriesByCorrelationHandler } from './queries/get-entries-by-correlation/get-entries-by-correlation.handler.js';
import { GetCharityStatementHandler } from './queries/get-charity-statement/get-charity-statement.handler.js';
import { PayoutMethodsModule } from './payout-methods.module.js';
import { CreateDepositOrderHandler } from './commands/create-deposit-order/create-deposit-order.handler.js';
import { VerifyDepositHandler } from './commands/verify-deposit/verify-deposit.handler.js';
import { HandleRazorpayWebhookHandler } from './commands/handle-razorpay-webhook/handle-razorpay-webhook.handler.js';
import { CompleteSandboxCheckoutHandler } from './commands/complete-sandbox-checkout/complete-sandbox-checkout.handler.js';
import { ValidateWithdrawalHandler } from './queries/validate-withdrawal/validate-withdrawal.handler.js';
import { RequestWithdrawalHandler } from './commands/request-withdrawal/request-withdrawal.handler.js';
import { HandlePayoutWebhookHandler } from './commands/handle-payout-webhook/handle-payout-webhook.handler.js';
import { ListTransactionsHandler } from './queries/list-transactions/list-transactions.handler.js';
import { GetStatementHandler } from './queries/get-statement/get-statement.handler.js';
import { GetTransactionHandler } from './queries/get-transaction/get-transaction.handler.js';
import { ListPaymentMethodsHandler } from './queries/list-payment-methods/list-payment-methods.handler.js';
import { GetEarningsHandler } from './queries/get-earnings/get-earnings.handler.js';

const HANDLERS = [
  StakeForfeitHandler,
  ReturnStakeHandler,
  TakePlatformRevenueHandler,
  ProcessPayoutHandler,
  GetBalanceHandler,
  GetBalancesHandler,
  CreditAppealRefundHandler,
  ListManualPayoutsHandler,
  ExportManualPayoutsCsvHandler,
  MarkManualPayoutHandler,
  GetMoneyInFlightHandler,
  ListSuspenseHandler,
  ResolveSuspenseHandler,
  ErasePayoutDetailsHandler,
  GetAccountLedgerHandler,
  GetMonthlyMoneyHandler,
  VerifyLedgerHandler,
  PostStakeMovementsHandler,
  GetEntriesByCorrelationHandler,
  GetCharityStatementHandler,
  CreateDepositOrderHandler,
  VerifyDepositHandler,
  HandleRazorpayWebhookHandler,
  CompleteSandboxCheckoutHandler,
  ValidateWithdrawalHandler,
  RequestWithdrawalHandler,
  HandlePayoutWebhookHandler,
  ListTransactionsHandler,
  GetStatementHandler,
  GetTransactionHandler,
  ListPaymentMethodsHandler,
  GetEarningsHandler,
];

/** The wallet module: its controllers, command, query and event handlers. */
@Module({
  imports: [CqrsModule, BullModule.registerQueue({ name: PAYOUTS_QUEUE }), PayoutMethodsModule],
  controllers: [WalletController, PayoutWebhooksController],
  providers: [
    LedgerService,
    LedgerAuditService,
    SandboxPaymentProvider,
    {
      provide: PaymentProvider,
      inject: [AppConfig, SandboxPaymentProvider],
      useFactory: (config: AppConfig, sandbox: SandboxPaymentProvider) =>
        config.paymentsProvider === 'razorpay' ? new RazorpayPaymentProvider(config) : sandbox,
    },
    {
      provide: PayoutProvider,
      inject: [AppConfig, DataSource],
      useFactory: (config: AppConfig, ds: DataSource) =>
        config.payoutsProvider === 'razorpayx'
          ? new RazorpayxPayoutProvider(config, ds)
          : config.payoutsProvider === 'manual'
            ? new ManualPayoutProvider()
            : new SandboxPayoutProvider(),
    },
    DepositRepository,
    WithdrawalRepository,
    WalletReadRepository,
    PayoutQueue,
    ...HANDLERS,
  ],
  exports: [LedgerService, LedgerAuditService, WithdrawalRepository, PayoutQueue],
})
export class WalletModule {}
