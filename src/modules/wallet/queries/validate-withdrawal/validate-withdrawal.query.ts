import { Query } from '@nestjs/cqrs';
import type { WithdrawalMethod, WithdrawalRequest } from '../../domain/withdrawal-rules.js';

export interface WithdrawalValidation {
  success: true;
  data: { valid: boolean; errors: string[]; fee: number; netAmount: number; method: WithdrawalMethod | null };
  message: string;
}

/** Checks a withdrawal request against the rules and the balance without holding anything (details may still be missing). */
export class ValidateWithdrawalQuery extends Query<WithdrawalValidation> {
  constructor(
    readonly userId: string,
    readonly input: WithdrawalRequest,
  ) {
    super();
  }
}
