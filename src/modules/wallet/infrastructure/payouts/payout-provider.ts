import { Injectable } from '@nestjs/common';

export interface PayoutRequest {
  withdrawalId: string;
  userId: string;
  /** Net paise to send. */
  amount: bigint;
  method: 'UPI' | 'BANK_TRANSFER';
  upiId: string | null;
  bank: { accountNumber: string; ifscCode: string; accountHolderName: string; bankName: string } | null;
  /** The beneficiary's name for the provider's contact (the account holder for a bank, the user's name for UPI). */
  contactName: string;
  /** The provider's id of this payout when an earlier run already created it: ask its state instead of paying. */
  providerReference: string | null;
  /** An earlier run already asked the provider (its answer may have been lost): look for that payout before paying. */
  earlierAttempt?: boolean;
}

/**
 * What a payout came to: paid (post it out), refused or returned (void the hold back in full), or not known yet
 * (the provider is still working on it, or staff pay it by hand): the withdrawal stays PENDING until a webhook, a
 * later run or a staff mark ends it.
 */
export type PayoutResult =
  | { ok: true; reference: string; providerStatus?: string }
  | { ok: false; reason: string; reference?: string | null; providerStatus?: string }
  | { pending: true; reference: string | null; providerStatus: string };

export type PayoutProviderName = 'sandbox' | 'razorpayx' | 'manual';

/** The payout port. A real adapter passes withdrawalId as the provider's idempotency key. */
export abstract class PayoutProvider {
  abstract readonly name: PayoutProviderName;
  abstract pay(request: PayoutRequest): Promise<PayoutResult>;
}

/** Offline payouts: succeed, except a UPI id starting with `fail`, which the "bank" rejects. */
@Injectable()
export class SandboxPayoutProvider extends PayoutProvider {
  readonly name = 'sandbox' as const;
  async pay(request: PayoutRequest): Promise<PayoutResult> {
    if (request.method === 'UPI' && request.upiId?.toLowerCase().startsWith('fail'))
      return { ok: false, reason: 'UPI id rejected by the beneficiary bank (sandbox)' };
    return { ok: true, reference: `sbx_payout_${request.withdrawalId.replace(/-/g, '').slice(0, 16)}` };
  }
}

/** Staff pay from the bank: the payout waits for a mark in the support console (paid with the bank's reference, or failed). */
@Injectable()
export class ManualPayoutProvider extends PayoutProvider {
  readonly name = 'manual' as const;
  async pay(): Promise<PayoutResult> {
    return { pending: true, reference: null, providerStatus: 'awaiting_staff' };
  }
}
