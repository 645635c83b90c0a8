import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../../../config/app-config.js';
import { Clock } from '../../../../common/clock.js';
import { toRupees } from '../../../../common/money.js';
import { GetAdultStatusQuery } from '../../../identity/queries/get-adult-status/get-adult-status.query.js';
import { checkAmount, DEPOSIT_RULE } from '../../domain/amounts.js';
import { DepositRepository } from '../../infrastructure/deposit.repository.js';
import { PaymentProvider } from '../../infrastructure/payments/payment-provider.js';
import { DepositErrors } from '../../wallet.errors.js';
import { CreateDepositOrderCommand, DepositOrder } from './create-deposit-order.command.js';

/** The server creates and stores the order: confirmation later uses the stored owner and amount, never the browser's. */
@CommandHandler(CreateDepositOrderCommand)
export class CreateDepositOrderHandler implements ICommandHandler<CreateDepositOrderCommand, DepositOrder> {
  constructor(
    @Inject(DepositRepository) private readonly deposits: DepositRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  async execute({ userId, amount }: CreateDepositOrderCommand): Promise<DepositOrder> {
    const checked = checkAmount(amount, DEPOSIT_RULE);
    if ('error' in checked) throw DepositErrors.invalidAmount(checked.error);
    // Money needs an adult on file (identity answers: a date of birth showing 18 or over).
    if (!(await this.queryBus.execute(new GetAdultStatusQuery(userId)))?.adult) throw DepositErrors.adultRequired();
    const id = randomUUID();
    const { orderId } = await this.provider.createOrder({ amount: checked.paise, receipt: id, notes: { transactionId: id, userId } });
    await this.deposits.insertOrder({ id, userId, amount: checked.paise, orderId }, this.clock.now());
    return { orderId, amount: toRupees(checked.paise), transactionId: id, currency: 'INR', keyId: this.config.razorpayKeyId };
  }
}
