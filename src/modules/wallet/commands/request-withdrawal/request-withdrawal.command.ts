import { Command } from '@nestjs/cqrs';
import type { WithdrawalMethod, WithdrawalRequest } from '../../domain/withdrawal-rules.js';

export interface RequestedWithdrawal {
  success: true;
  data: { transactionId: string; amount: number; processingFee: number; netAmount: number; status: 'PENDING'; method: WithdrawalMethod };
  message: string;
}

/** Holds a withdrawal's amount in payout clearing (the withdrawal PENDING) and queues its payout job. */
export class RequestWithdrawalCommand extends Command<RequestedWithdrawal> {
  constructor(
    readonly userId: string,
    readonly input: WithdrawalRequest,
  ) {
    super();
  }
}
