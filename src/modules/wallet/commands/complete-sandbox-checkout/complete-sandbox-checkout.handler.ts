import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../../config/app-config.js';
import { DepositRepository } from '../../infrastructure/deposit.repository.js';
import { SandboxPaymentProvider } from '../../infrastructure/payments/sandbox-payment.provider.js';
import { DepositErrors } from '../../wallet.errors.js';
import { CompleteSandboxCheckoutCommand, SandboxCheckoutAnswer } from './complete-sandbox-checkout.command.js';

@CommandHandler(CompleteSandboxCheckoutCommand)
export class CompleteSandboxCheckoutHandler implements ICommandHandler<CompleteSandboxCheckoutCommand, SandboxCheckoutAnswer> {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(SandboxPaymentProvider) private readonly sandbox: SandboxPaymentProvider,
    @Inject(DepositRepository) private readonly deposits: DepositRepository,
  ) {}

  async execute({ userId, orderId }: CompleteSandboxCheckoutCommand): Promise<SandboxCheckoutAnswer> {
    if (this.config.paymentsProvider !== 'sandbox') throw DepositErrors.sandboxOnly();
    const deposit = await this.deposits.findOwned(userId, orderId);
    return this.sandbox.checkout(orderId, BigInt(deposit.amount));
  }
}
