import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { toRupees } from '../../../../common/money.js';
import { GetUserQuery } from '../../../identity/queries/get-user/get-user.query.js';
import { checkWithdrawal } from '../../domain/withdrawal-rules.js';
import { PayoutMethodRepository } from '../../infrastructure/payout-method.repository.js';
import { WalletReadRepository } from '../../infrastructure/wallet-read.repository.js';
import { ValidateWithdrawalQuery, WithdrawalValidation } from './validate-withdrawal.query.js';

@QueryHandler(ValidateWithdrawalQuery)
export class ValidateWithdrawalHandler implements IQueryHandler<ValidateWithdrawalQuery, WithdrawalValidation> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(PayoutMethodRepository) private readonly payoutMethods: PayoutMethodRepository,
    @Inject(WalletReadRepository) private readonly reads: WalletReadRepository,
  ) {}

  async execute({ userId, input }: ValidateWithdrawalQuery): Promise<WithdrawalValidation> {
    // A saved payout method (payoutMethodId) stands for the details it holds; they are checked like typed ones.
    const request = await this.payoutMethods.resolve(userId, input);
    const [user, balances] = await Promise.all([this.queryBus.execute(new GetUserQuery(userId)), this.reads.balances([userId])]);
    // The wizard checks the amount before the payout details are typed: they may be missing here.
    const checked = checkWithdrawal(request, balances.get(userId)!, !!user?.isEmailVerified, false);
    const valid = checked.errors.length === 0;
    return {
      success: true as const,
      data: { valid, errors: checked.errors, fee: toRupees(checked.fee), netAmount: toRupees(checked.net), method: checked.method },
      message: valid ? 'Withdrawal request is valid' : checked.errors.join(', '),
    };
  }
}
