import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { TransactionalEvents } from '../../../common/transactional-events.js';
import { retry, upTo } from '../../../common/retry.js';
import { LockAccountHolderQuery } from '../../identity/queries/lock-account-holder/lock-account-holder.query.js';
import { creditTargetOf } from '../domain/accounts.js';
import { withdrawalPaidEntry, withdrawalVoidEntry } from '../domain/entries.js';
import { withdrawalReturnedEntry } from '../domain/payout-entries.js';
import type { SavedPayoutDetails } from '../domain/payout-methods.js';
import type { WithdrawalMethod } from '../domain/withdrawal-rules.js';
import { SettledWithdrawal, WithdrawalFailed, WithdrawalPaid, WithdrawalReturned } from '../events/withdrawal-settled.events.js';
import { isRetryableLedgerError, LedgerService } from './ledger.service.js';
import { PayoutProvider, PayoutResult } from './payouts/payout-provider.js';

/** A withdrawals row as stored: the payout details it was sent to, and its amounts and state. */
export interface WithdrawalRow extends SavedPayoutDetails {
  id: string;
  user_id: string;
  amount: string;
  fee: string;
  net_amount: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  payout_provider: string | null;
  provider_reference: string | null;
  provider_status: string | null;
  reversed_at: Date | null;
}

/** A withdrawal as requested: the checked amount, fee, net and destination. */
export interface NewWithdrawal {
  id: string;
  userId: string;
  amount: bigint;
  fee: bigint;
  net: bigint;
  method: WithdrawalMethod;
  upiId: string | null;
  bank: { accountNumber: string; ifscCode: string; accountHolderName: string; bankName: string } | null;
}

/** A payout's final word: paid, or refused/returned before it was paid. */
export type SettledPayout = Exclude<PayoutResult, { pending: true }>;

/** A withdrawal row's columns as WithdrawalRow reads them. */
const WITHDRAWAL_COLUMNS = `id, user_id, amount::text, fee::text, net_amount::text, method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name, status, payout_provider, provider_reference, provider_status, reversed_at`;

const settled = (w: WithdrawalRow): SettledWithdrawal => ({
  id: w.id,
  userId: w.user_id,
  amount: BigInt(w.amount),
  netAmount: BigInt(w.net_amount),
  method: w.method,
});

/**
 * withdrawals. Two-phase: the request inserts the row with its hold entry (payout clearing); the payout job, a webhook
 * or staff settle or void it here, the row and its ledger entry in one transaction, once (guarded by the row's status).
 */
@Injectable()
export class WithdrawalRepository {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
    @Inject(PayoutProvider) private readonly payouts: PayoutProvider,
  ) {}

  async find(id: string): Promise<WithdrawalRow | null> {
    const rows = (await this.ds.query(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE id = $1`, [id])) as WithdrawalRow[];
    return rows[0] ?? null;
  }

  /**
   * The withdrawal a RazorpayX payout names, by the payout id or its reference_id (the withdrawal id), locked FOR UPDATE
   * in `m`: a webhook and the payout job (or two webhooks) acting on one withdrawal take turns.
   */
  async lockForPayout(m: EntityManager, payoutId: string, withdrawalId: string | null): Promise<WithdrawalRow | undefined> {
    const [w] = (await m.query(
      `SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals WHERE provider_reference = $1 OR id = $2::uuid ORDER BY (provider_reference = $1) DESC NULLS LAST LIMIT 1 FOR UPDATE`,
      [payoutId, withdrawalId],
    )) as WithdrawalRow[];
    return w;
  }

  /** The new PENDING row, in the transaction that posts its hold entry. */
  async insert(m: EntityManager, w: NewWithdrawal, now: Date): Promise<void> {
    await m.query(
      `INSERT INTO withdrawals (id, user_id, amount, fee, net_amount, method, upi_id, bank_account_number, bank_account_last4, ifsc_code, account_holder_name, bank_name, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'PENDING', $13, $13)`,
      [
        w.id,
        w.userId,
        w.amount.toString(),
        w.fee.toString(),
        w.net.toString(),
        w.method,
        w.upiId,
        w.bank?.accountNumber ?? null,
        w.bank ? w.bank.accountNumber.slice(-4) : null,
        w.bank?.ifscCode ?? null,
        w.bank?.accountHolderName ?? null,
        w.bank?.bankName ?? null,
        now,
      ],
    );
  }

  async setHoldEntry(m: EntityManager, id: string, entryId: string): Promise<void> {
    await m.query(`UPDATE withdrawals SET hold_entry_id = $1 WHERE id = $2`, [entryId, id]);
  }

  /** Before a RazorpayX payout's first request: the payout is this provider's from now on ('requesting'). */
  async claimForProvider(id: string, provider: string): Promise<void> {
    await this.ds.query(
      `UPDATE withdrawals SET payout_provider = $2, provider_status = 'requesting', updated_at = $3 WHERE id = $1 AND status = 'PENDING' AND provider_status IS NULL`,
      [id, provider, this.clock.now()],
    );
  }

  /** A payout not ended yet: who has it, its state there and its reference, while the withdrawal is PENDING. */
  async notePending(id: string, provider: string, providerStatus: string, reference: string | null): Promise<void> {
    await this.ds.query(
      `UPDATE withdrawals SET payout_provider = $2, provider_status = $3, provider_reference = coalesce($4, provider_reference), updated_at = $5
        WHERE id = $1 AND status = 'PENDING'`,
      [id, provider, providerStatus, reference, this.clock.now()],
    );
  }

  /** A RazorpayX webhook's word on a payout still in progress, in the webhook's transaction. */
  async noteWebhookPending(m: EntityManager, id: string, payoutId: string, providerStatus: string): Promise<void> {
    await m.query(
      `UPDATE withdrawals SET provider_reference = $2, provider_status = $3, payout_provider = coalesce(payout_provider, 'razorpayx'), updated_at = $4 WHERE id = $1 AND status = 'PENDING'`,
      [id, payoutId, providerStatus, this.clock.now()],
    );
  }

  /** Ends a PENDING withdrawal with the payout's final word, once: paid → posted out; refused → the hold voided back in full. */
  async settle(
    w: WithdrawalRow,
    result: SettledPayout,
    how: { markedBy?: string } = {},
  ): Promise<{ status: 'SUCCESS' | 'FAILED' | 'PENDING'; changed: boolean }> {
    return retry(
      async () => {
        const outcome = await this.ds.transaction((m) => this.settleIn(m, w, result, how));
        if (!outcome.changed) {
          const now = await this.find(w.id);
          return { status: now!.status, changed: false };
        }
        outcome.publish?.();
        return { status: outcome.status, changed: true };
      },
      { attempts: 20, retryable: isRetryableLedgerError, delay: () => upTo(20) },
    );
  }

  /** settle() inside the caller's transaction (a webhook records its event in the same one); call publish after commit. */
  async settleIn(
    m: EntityManager,
    w: WithdrawalRow,
    result: SettledPayout,
    how: { markedBy?: string } = {},
  ): Promise<{ changed: boolean; status: 'SUCCESS' | 'FAILED'; publish?: () => void }> {
    const amount = BigInt(w.amount);
    const status = result.ok ? 'SUCCESS' : 'FAILED';
    const entry = result.ok
      ? withdrawalPaidEntry({ id: w.id, amount, fee: BigInt(w.fee), payoutReference: result.reference })
      : withdrawalVoidEntry({ id: w.id, userId: w.user_id, amount, why: result.reason, to: (await this.creditTarget(m, w.user_id)).account });
    const [rows] = (await m.query(
      `UPDATE withdrawals SET status = $2, failure_reason = $3, provider_reference = coalesce($4, provider_reference), updated_at = $5, completed_at = $5,
              payout_provider = coalesce(payout_provider, $6), provider_status = coalesce($7, provider_status), marked_by = $8
        WHERE id = $1 AND status = 'PENDING' RETURNING id`,
      [
        w.id,
        status,
        result.ok ? null : result.reason.slice(0, 200),
        result.reference?.slice(0, 100) ?? null,
        this.clock.now(),
        this.payouts.name,
        result.providerStatus?.slice(0, 32) ?? null,
        how.markedBy ?? null,
      ],
    )) as [unknown[], number];
    if (!rows.length) return { changed: false, status };
    const posted = await this.ledger.post(entry, m);
    await m.query(`UPDATE withdrawals SET settle_entry_id = $1 WHERE id = $2`, [posted.entryId, w.id]);
    await this.events.publish(result.ok ? new WithdrawalPaid(settled(w), m) : new WithdrawalFailed(settled(w), m));
    return { changed: true, status, publish: () => this.ledger.publish(posted.entryId, entry) };
  }

  /**
   * A paid withdrawal the bank returned afterwards (RazorpayX payout.reversed after processed): a reversing entry gives
   * the whole amount back (the paid entry stays); the withdrawal becomes FAILED. Once: a second call changes nothing.
   */
  async reverseIn(m: EntityManager, w: WithdrawalRow, why: string): Promise<{ changed: boolean; publish?: () => void }> {
    const amount = BigInt(w.amount);
    // The owner's row is locked before the withdrawal's, in the order an account closure takes them (no deadlock).
    const to = (await this.creditTarget(m, w.user_id)).account;
    const [rows] = (await m.query(
      `UPDATE withdrawals SET status = 'FAILED', failure_reason = $2, provider_status = 'reversed', reversed_at = $3, updated_at = $3
        WHERE id = $1 AND status = 'SUCCESS' AND reversed_at IS NULL RETURNING id`,
      [w.id, why.slice(0, 200), this.clock.now()],
    )) as [unknown[], number];
    if (!rows.length) return { changed: false };
    const entry = withdrawalReturnedEntry({ id: w.id, userId: w.user_id, amount, fee: BigInt(w.fee), why, to });
    const posted = await this.ledger.post(entry, m);
    await m.query(`UPDATE withdrawals SET reverse_entry_id = $1 WHERE id = $2`, [posted.entryId, w.id]);
    await this.events.publish(new WithdrawalReturned(settled(w), m));
    return { changed: true, publish: () => this.ledger.publish(posted.entryId, entry) };
  }

  /** The ids of PENDING withdrawals, oldest first (at most 1000), to queue their payouts again. */
  async pendingIds(): Promise<string[]> {
    const rows = (await this.ds.query(`SELECT id FROM withdrawals WHERE status = 'PENDING' ORDER BY created_at LIMIT 1000`)) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** PENDING withdrawals staff must pay: taken by the manual provider, or by none while `manualIsProvider`. */
  async awaitingStaff(manualIsProvider: boolean, limit: number) {
    return (await this.ds.query(
      `SELECT id, user_id, amount::text, fee::text, net_amount::text, method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name, created_at
         FROM withdrawals
        WHERE status = 'PENDING' AND (payout_provider = 'manual' OR (payout_provider IS NULL AND $1::boolean))
        ORDER BY created_at, id LIMIT ${limit}`,
      [manualIsProvider],
    )) as {
      id: string;
      user_id: string;
      amount: string;
      fee: string;
      net_amount: string;
      method: 'UPI' | 'BANK_TRANSFER';
      upi_id: string | null;
      bank_account_number: string | null;
      ifsc_code: string | null;
      account_holder_name: string | null;
      bank_name: string | null;
      created_at: Date;
    }[];
  }

  /** The destinations a user's withdrawals went to, most recently used first, each with the page's total. */
  async destinationsUsed(userId: string, size: number, offset: number) {
    return (await this.ds.query(
      `SELECT method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name, max(created_at) AS last_used_at, count(*)::int AS uses,
              count(*) OVER ()::int AS total
         FROM withdrawals WHERE user_id = $1
        GROUP BY method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name
        ORDER BY last_used_at DESC LIMIT $2 OFFSET $3`,
      [userId, size, offset],
    )) as {
      method: string;
      upi_id: string | null;
      bank_account_number: string | null;
      ifsc_code: string | null;
      account_holder_name: string | null;
      bank_name: string | null;
      last_used_at: Date;
      uses: number;
      total: number;
    }[];
  }

  /** How many destinations a user's withdrawals went to (asked for a page past the last one). */
  async countDestinationsUsed(userId: string): Promise<number> {
    const [c] = (await this.ds.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM withdrawals WHERE user_id = $1 GROUP BY method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name) x`,
      [userId],
    )) as { n: number }[];
    return c.n;
  }

  /** Clears the payout details of a user's ended withdrawals, in the caller's transaction (an account's erasure); how many. */
  async erasePayoutDetails(m: EntityManager, userId: string): Promise<number> {
    // PENDING ones are left alone (a closure is refused while one exists); they still need the details to be paid.
    const [, count] = (await m.query(
      `UPDATE withdrawals SET upi_id = NULL, bank_account_number = NULL, ifsc_code = NULL, account_holder_name = NULL, bank_name = NULL
        WHERE user_id = $1 AND status <> 'PENDING'
          AND (upi_id IS NOT NULL OR bank_account_number IS NOT NULL OR ifsc_code IS NOT NULL OR account_holder_name IS NOT NULL OR bank_name IS NOT NULL)`,
      [userId],
    )) as [unknown, number];
    return count;
  }

  /** Where money given back to the user goes, asked of identity inside `m` (the user's row locked for share). */
  private async creditTarget(m: EntityManager, userId: string) {
    return creditTargetOf(userId, await this.queryBus.execute(new LockAccountHolderQuery(userId, m)));
  }
}
