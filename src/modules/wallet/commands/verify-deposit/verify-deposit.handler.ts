import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../../config/app-config.js';
import { toRupees } from '../../../../common/money.js';
import { verifyPaymentSignature } from '../../domain/signatures.js';
import { DepositRepository, DepositRow } from '../../infrastructure/deposit.repository.js';
import { PaymentProvider } from '../../infrastructure/payments/payment-provider.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { DepositErrors } from '../../wallet.errors.js';
import { VerifiedDeposit, VerifyDepositCommand } from './verify-deposit.command.js';

/** Signature if the browser has one, else the provider's word on the payment; the stored order's amount either way. */
@CommandHandler(VerifyDepositCommand)
export class VerifyDepositHandler implements ICommandHandler<VerifyDepositCommand, VerifiedDeposit> {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(DepositRepository) private readonly deposits: DepositRepository,
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
  ) {}

  async execute({ userId, input: b }: VerifyDepositCommand): Promise<VerifiedDeposit> {
    const orderId = b.orderId ?? b.razorpay_order_id;
    const paymentId = b.paymentId ?? b.razorpay_payment_id;
    if (!orderId) throw DepositErrors.required('orderId');
    if (!paymentId) throw DepositErrors.required('paymentId');
    const signature = b.signature ?? b.razorpay_signature;
    const deposit = await this.deposits.findOwned(userId, orderId);
    if (deposit.status === 'SUCCESS') {
      if (deposit.payment_id !== paymentId) throw DepositErrors.notConfirmed();
      return this.answer(deposit, false);
    }
    if (signature !== undefined && signature !== '') {
      if (!verifyPaymentSignature(orderId, paymentId, signature, this.config.razorpayKeySecret)) throw DepositErrors.badSignature();
    } else {
      const payment = await this.provider.fetchPayment(paymentId);
      if (!payment || payment.status !== 'captured' || payment.orderId !== orderId || payment.amount !== BigInt(deposit.amount)) {
        throw DepositErrors.notConfirmed();
      }
    }
    const outcome = await this.deposits.credit(orderId, paymentId, signature ? 'signature' : 'provider', signature || undefined);
    if (outcome.deposit.payment_id !== paymentId) throw DepositErrors.notConfirmed();
    return this.answer(outcome.deposit, outcome.credited);
  }

  private async answer(d: DepositRow, credited: boolean): Promise<VerifiedDeposit> {
    const balance = (await this.reads.balances([d.user_id])).get(d.user_id)!;
    return {
      success: true as const,
      message: credited ? 'Payment verified successfully' : 'Payment already verified',
      data: {
        orderId: d.order_id,
        paymentId: d.payment_id,
        transactionId: d.id,
        amount: toRupees(BigInt(d.amount)),
        status: d.status,
        balance: toRupees(balance),
      },
    };
  }
}
