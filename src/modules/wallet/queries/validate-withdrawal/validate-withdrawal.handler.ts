import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { toRupees } from '../../../../common/money.js';
import { WithdrawalsService } from '../../application/withdrawals.service.js';
import { ValidateWithdrawalQuery, WithdrawalValidation } from './validate-withdrawal.query.js';

@QueryHandler(ValidateWithdrawalQuery)
export class ValidateWithdrawalHandler implements IQueryHandler<ValidateWithdrawalQuery, WithdrawalValidation> {
  constructor(@Inject(WithdrawalsService) private readonly withdrawals: WithdrawalsService) {}

  async execute({ userId, input }: ValidateWithdrawalQuery): Promise<WithdrawalValidation> {
    const checked = await this.withdrawals.check(userId, input, false);
    const valid = checked.errors.length === 0;
    return {
      success: true as const,
      data: { valid, errors: checked.errors, fee: toRupees(checked.fee), netAmount: toRupees(checked.net), method: checked.method },
      message: valid ? 'Withdrawal request is valid' : checked.errors.join(', '),
    };
  }
}
