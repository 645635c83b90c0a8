import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../../../config/app-config.js';
import { PayoutProvider, PayoutRequest, PayoutResult } from './payout-provider.js';

/** A payout RazorpayX returns (the fields this adapter reads). */
export interface RazorpayxPayout {
  id: string;
  entity?: string;
  fund_account_id?: string;
  amount: number;
  currency?: string;
  status: string;
  utr?: string | null;
  mode?: string;
  reference_id?: string | null;
  failure_reason?: string | null;
  status_details?: { description?: string | null; reason?: string | null; source?: string | null } | null;
}

/** RazorpayX could not be asked, or did not answer clearly (network, timeout, 5xx, 429, auth): the job retries. */
export class PayoutProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayoutProviderUnavailableError';
  }
}

class RazorpayxRefusal extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
  ) {
    super(description);
  }
}

const TERMINAL_FAILED = new Set(['failed', 'reversed', 'rejected', 'cancelled']);

/** processed → paid; failed, reversed, rejected, cancelled → void in full; anything else → wait (webhook or a later run). */
export function payoutOutcome(p: RazorpayxPayout): PayoutResult {
  const status = String(p.status ?? '').toLowerCase();
  if (status === 'processed') return { ok: true, reference: p.id, providerStatus: status };
  if (TERMINAL_FAILED.has(status)) {
    const why = p.status_details?.description || p.failure_reason || `payout ${status} by RazorpayX`;
    return { ok: false, reason: `Payout ${status}: ${why}`.slice(0, 200), reference: p.id, providerStatus: status };
  }
  return { pending: true, reference: p.id, providerStatus: status || 'unknown' };
}

/**
 * RazorpayX Payouts over HTTP (basic auth with the key pair). One contact and fund account per destination, kept in
 * razorpayx_fund_accounts so a retry sends exactly the same payout request; the payout carries `X-Payout-Idempotency`
 * = the withdrawal id, so a retry after a lost answer gets the same payout back instead of paying twice. A run that
 * already knows the payout id asks for the payout's state instead of creating it.
 */
@Injectable()
export class RazorpayxPayoutProvider extends PayoutProvider {
  readonly name = 'razorpayx' as const;
  private readonly logger = new Logger('RazorpayX');
  private readonly base: string;
  private readonly auth: string;
  /** Per API call; a call that outlives it counts as unanswered (the job retries with the same idempotency key). */
  timeoutMs: number;

  constructor(
    private readonly config: AppConfig,
    private readonly ds: DataSource,
    options: { timeoutMs?: number } = {},
  ) {
    super();
    this.base = config.razorpayxApiUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.auth = `Basic ${Buffer.from(`${config.razorpayxKeyId}:${config.razorpayxKeySecret}`).toString('base64')}`;
  }

  async pay(req: PayoutRequest): Promise<PayoutResult> {
    if (req.providerReference) return payoutOutcome(await this.call<RazorpayxPayout>('GET', `/v1/payouts/${encodeURIComponent(req.providerReference)}`));
    let fundAccountId: string;
    try {
      fundAccountId = await this.fundAccount(req);
    } catch (e) {
      // No fund account exists, so no payout can exist for it: refusing the destination is final.
      if (e instanceof RazorpayxRefusal) return { ok: false, reason: `Payout destination refused: ${e.description}`.slice(0, 200), providerStatus: 'refused' };
      throw e;
    }
    if (req.earlierAttempt) {
      // The idempotency key covers a quick retry; a payout made by an attempt whose answer was lost long ago is found
      // by its reference id (the withdrawal id) instead of being made again.
      const earlier = await this.findByReference(req.withdrawalId);
      if (earlier) return payoutOutcome(earlier);
    }
    try {
      const payout = await this.call<RazorpayxPayout>(
        'POST',
        '/v1/payouts',
        {
          account_number: this.config.razorpayxAccountNumber,
          fund_account_id: fundAccountId,
          amount: Number(req.amount),
          currency: 'INR',
          mode: req.method === 'UPI' ? 'UPI' : 'IMPS',
          purpose: 'payout',
          queue_if_low_balance: true,
          reference_id: req.withdrawalId,
          narration: 'WakeStake withdrawal',
          notes: { withdrawalId: req.withdrawalId, userId: req.userId },
        },
        { 'X-Payout-Idempotency': req.withdrawalId },
      );
      return payoutOutcome(payout);
    } catch (e) {
      if (!(e instanceof RazorpayxRefusal)) throw e;
      // A 4xx on create: before refunding, make sure no earlier attempt of this withdrawal made a payout.
      const earlier = await this.findByReference(req.withdrawalId);
      if (earlier) return payoutOutcome(earlier);
      return { ok: false, reason: `Payout refused by RazorpayX: ${e.description}`.slice(0, 200), providerStatus: 'refused' };
    }
  }

  /** The payouts made for this reference id (the withdrawal id), newest first as RazorpayX lists them. */
  private async findByReference(referenceId: string): Promise<RazorpayxPayout | null> {
    const q = new URLSearchParams({ account_number: this.config.razorpayxAccountNumber, reference_id: referenceId });
    const list = await this.call<{ items?: RazorpayxPayout[] }>('GET', `/v1/payouts?${q.toString()}`);
    const items = (list.items ?? []).filter((p) => p.reference_id === referenceId);
    return items.find((p) => p.status === 'processed') ?? items.find((p) => !TERMINAL_FAILED.has(p.status)) ?? items[0] ?? null;
  }

  private async fundAccount(req: PayoutRequest): Promise<string> {
    const destination =
      req.method === 'UPI'
        ? ['UPI', (req.upiId ?? '').toLowerCase()]
        : ['BANK', req.bank?.accountNumber ?? '', (req.bank?.ifscCode ?? '').toUpperCase(), req.bank?.accountHolderName ?? ''];
    const key = createHash('sha256')
      .update([req.userId, ...destination].join('|'))
      .digest('hex');
    const known = (await this.ds.query(`SELECT fund_account_id FROM razorpayx_fund_accounts WHERE destination_key = $1`, [key])) as {
      fund_account_id: string;
    }[];
    if (known.length) return known[0].fund_account_id;

    const contactRow = (await this.ds.query(`SELECT contact_id FROM razorpayx_fund_accounts WHERE user_id = $1 LIMIT 1`, [req.userId])) as {
      contact_id: string;
    }[];
    const contactId =
      contactRow[0]?.contact_id ??
      (
        await this.call<{ id: string }>('POST', '/v1/contacts', {
          name: req.contactName.slice(0, 50) || 'WakeStake user',
          type: 'customer',
          reference_id: req.userId,
          notes: { userId: req.userId },
        })
      ).id;
    const body =
      req.method === 'UPI'
        ? { contact_id: contactId, account_type: 'vpa', vpa: { address: req.upiId } }
        : {
            contact_id: contactId,
            account_type: 'bank_account',
            bank_account: { name: req.bank?.accountHolderName, ifsc: (req.bank?.ifscCode ?? '').toUpperCase(), account_number: req.bank?.accountNumber },
          };
    const fa = await this.call<{ id: string }>('POST', '/v1/fund_accounts', body);
    await this.ds.query(
      `INSERT INTO razorpayx_fund_accounts (destination_key, user_id, contact_id, fund_account_id, created_at) VALUES ($1, $2, $3, $4, now()) ON CONFLICT DO NOTHING`,
      [key, req.userId, contactId, fa.id],
    );
    const [row] = (await this.ds.query(`SELECT fund_account_id FROM razorpayx_fund_accounts WHERE destination_key = $1`, [key])) as {
      fund_account_id: string;
    }[];
    return row.fund_account_id;
  }

  /** One API call: JSON in and out; 2xx → the body; 4xx (not 401/403/429) → a refusal; anything else → retry later. */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers: { Authorization: this.auth, Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      throw new PayoutProviderUnavailableError(`RazorpayX ${method} ${path.split('?')[0]} did not answer: ${(e as Error).name}: ${(e as Error).message}`);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = undefined;
    }
    if (res.ok) {
      if (parsed === undefined || typeof parsed !== 'object' || parsed === null)
        throw new PayoutProviderUnavailableError(`RazorpayX ${method} ${path.split('?')[0]} answered ${res.status} without JSON`);
      return parsed as T;
    }
    const err = (parsed as { error?: { code?: string; description?: string } } | undefined)?.error;
    const description = `${err?.code ?? 'HTTP_' + res.status}: ${err?.description ?? 'no description'}`;
    if (res.status >= 400 && res.status < 500 && ![401, 403, 408, 409, 429].includes(res.status)) throw new RazorpayxRefusal(res.status, description);
    this.logger.warn(`RazorpayX ${method} ${path.split('?')[0]} answered ${res.status} ${description}`);
    throw new PayoutProviderUnavailableError(`RazorpayX ${method} ${path.split('?')[0]} answered ${res.status} ${description}`);
  }
}
