import { csvQuotedCell } from '../../../common/csv.js';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { toRupees } from '../../../common/money.js';
import { isUuid } from '../../../common/uuid.js';
import { GetUsersQuery } from '../../identity/queries/get-users/get-users.query.js';
import { WalletErrors } from '../wallet.errors.js';
import { WithdrawalsService } from './withdrawals.service.js';

export interface ManualPayout {
  withdrawalId: string;
  userId: string;
  userEmail: string | null;
  beneficiaryName: string;
  method: 'UPI' | 'BANK_TRANSFER';
  upiId: string | null;
  accountNumber: string | null;
  ifscCode: string | null;
  bankName: string | null;
  /** Rupees: what the user asked for, the fee kept, and what the bank must send. */
  amount: number;
  fee: number;
  netAmount: number;
  requestedAt: string;
}

const LIST_LIMIT = 1000;

export const ManualPayoutErrors = {
  notManual: () => new DomainError('WALLET.NOT_MANUAL_PAYOUT', 'INVALID', 'This withdrawal is not a manual payout awaiting staff'),
  alreadyMarked: (status: string) => new DomainError('WALLET.PAYOUT_ALREADY_MARKED', 'INVALID', `This payout was already marked ${status === 'SUCCESS' ? 'paid' : 'failed'}`),
};

/**
 * PAYOUTS_PROVIDER=manual: staff pay approved withdrawals from the bank. They list what waits, export it as a bank
 * bulk-payment CSV, then mark each paid (with the bank's reference: posted out) or failed (with a reason: refunded in
 * full). Each withdrawal is marked once; the same guarded transition the payout job uses makes a second mark a 400.
 */
@Injectable()
export class ManualPayoutsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(WithdrawalsService) private readonly withdrawals: WithdrawalsService,
  ) {}

  /** PENDING withdrawals staff must pay: taken by the manual provider, or not yet taken by any while it is the provider. */
  async pending(): Promise<ManualPayout[]> {
    const rows = (await this.ds.query(
      `SELECT id, user_id, amount::text, fee::text, net_amount::text, method, upi_id, bank_account_number, ifsc_code, account_holder_name, bank_name, created_at
         FROM withdrawals
        WHERE status = 'PENDING' AND (payout_provider = 'manual' OR (payout_provider IS NULL AND $1::boolean))
        ORDER BY created_at, id LIMIT ${LIST_LIMIT}`,
      [this.config.payoutsProvider === 'manual'],
    )) as {
      id: string; user_id: string; amount: string; fee: string; net_amount: string; method: 'UPI' | 'BANK_TRANSFER'; upi_id: string | null;
      bank_account_number: string | null; ifsc_code: string | null; account_holder_name: string | null; bank_name: string | null; created_at: Date;
    }[];
    const users = await this.queryBus.execute(new GetUsersQuery(rows.map((r) => r.user_id)));
    return rows.map((r) => ({
      withdrawalId: r.id,
      userId: r.user_id,
      userEmail: users.get(r.user_id)?.email ?? null,
      beneficiaryName: r.account_holder_name || users.get(r.user_id)?.fullName || '',
      method: r.method,
      upiId: r.upi_id,
      accountNumber: r.bank_account_number,
      ifscCode: r.ifsc_code,
      bankName: r.bank_name,
      amount: toRupees(BigInt(r.amount)),
      fee: toRupees(BigInt(r.fee)),
      netAmount: toRupees(BigInt(r.net_amount)),
      requestedAt: r.created_at.toISOString(),
    }));
  }

  /**
   * The bank bulk-payment file: one row per payout, amount in rupees with two decimals, reference = withdrawal id.
   * Cells are quoted, and a cell a spreadsheet would read as a formula gets a leading apostrophe.
   */
  async csv(): Promise<{ csv: string; count: number; totalNet: string }> {
    const list = await this.pending();
    const header = ['Beneficiary Name', 'Payment Mode', 'Beneficiary Account Number', 'IFSC', 'VPA', 'Amount (INR)', 'Reference', 'Remarks'];
    let total = 0n;
    const lines = list.map((p) => {
      const paise = BigInt(Math.round(p.netAmount * 100));
      total += paise;
      return [
        p.beneficiaryName,
        p.method === 'UPI' ? 'UPI' : 'IMPS',
        p.accountNumber ?? '',
        p.ifscCode?.toUpperCase() ?? '',
        p.upiId ?? '',
        rupees(paise),
        p.withdrawalId,
        'WakeStake withdrawal',
      ];
    });
    const csv = [header, ...lines].map((cells) => cells.map(csvQuotedCell).join(',')).join('\r\n') + '\r\n';
    return { csv, count: list.length, totalNet: rupees(total) };
  }

  async markPaid(withdrawalId: string, bankReference: string, actorId: string) {
    const w = await this.awaiting(withdrawalId);
    const r = await this.withdrawals.settle(w, { ok: true, reference: `manual:${bankReference.trim()}`, providerStatus: 'paid_by_staff' }, { markedBy: actorId });
    if (!r.changed) throw ManualPayoutErrors.alreadyMarked(r.status);
    return { withdrawalId, userId: w.user_id, status: r.status, bankReference: bankReference.trim() };
  }

  async markFailed(withdrawalId: string, reason: string, actorId: string) {
    const w = await this.awaiting(withdrawalId);
    const why = `Bank payout failed: ${reason.trim()}`;
    const r = await this.withdrawals.settle(w, { ok: false, reason: why, providerStatus: 'failed_by_staff' }, { markedBy: actorId });
    if (!r.changed) throw ManualPayoutErrors.alreadyMarked(r.status);
    return { withdrawalId, userId: w.user_id, status: r.status, reason: why, refunded: toRupees(BigInt(w.amount)) };
  }

  private async awaiting(withdrawalId: string) {
    if (!isUuid(withdrawalId)) throw WalletErrors.notFound('Withdrawal');
    const w = await this.withdrawals.find(withdrawalId);
    if (!w) throw WalletErrors.notFound('Withdrawal');
    if (w.status !== 'PENDING') throw ManualPayoutErrors.alreadyMarked(w.status);
    const manual = w.payout_provider === 'manual' || (w.payout_provider === null && this.config.payoutsProvider === 'manual');
    if (!manual) throw ManualPayoutErrors.notManual();
    return w;
  }
}

function rupees(paise: bigint): string {
  return `${paise / 100n}.${(paise % 100n).toString().padStart(2, '0')}`;
}

