import { Injectable } from '@nestjs/common';

export interface PayoutRequest {
  withdrawalId: string;
  /** Net paise to send. */
  amount: bigint;
  method: 'UPI' | 'BANK_TRANSFER';
  upiId: string | null;
  bank: { accountNumber: string; ifscCode: string; accountHolderName: string; bankName: string } | null;
}

export type PayoutResult = { ok: true; reference: string } | { ok: false; reason: string };

/** The payout port. A real adapter passes withdrawalId as the provider's idempotency key. */
export abstract class PayoutProvider {
  abstract pay(request: PayoutRequest): Promise<PayoutResult>;
}

/** Offline payouts: succeed, except a UPI id starting with `fail`, which the "bank" rejects. */
@Injectable()
export class SandboxPayoutProvider extends PayoutProvider {
  async pay(request: PayoutRequest): Promise<PayoutResult> {
    if (request.method === 'UPI' && request.upiId?.toLowerCase().startsWith('fail')) return { ok: false, reason: 'UPI id rejected by the beneficiary bank (sandbox)' };
    return { ok: true, reference: `sbx_payout_${request.withdrawalId.replace(/-/g, '').slice(0, 16)}` };
  }
}
