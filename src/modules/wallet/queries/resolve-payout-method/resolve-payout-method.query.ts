import { Query } from '@nestjs/cqrs';
import type { WithdrawalInput } from '../../domain/withdrawal-rules.js';

/** A withdrawal request that may name a saved payout method instead of typing the details again. */
export type WithdrawalRequest = WithdrawalInput & { payoutMethodId?: unknown };

/**
 * The request with a saved method's details filled in (its method, UPI id or bank account), so the withdrawal rules
 * check it like typed details; a request without payoutMethodId comes back as it was. Another user's or a removed
 * method: 400 'Saved payout method not found'.
 */
export class ResolvePayoutMethodQuery extends Query<WithdrawalInput> {
  constructor(
    readonly userId: string,
    readonly input: WithdrawalRequest,
  ) {
    super();
  }
}
