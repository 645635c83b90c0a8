import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { csvQuotedCell } from '../../../../common/csv.js';
import { toRupees } from '../../../../common/money.js';
import { AppConfig } from '../../../../config/app-config.js';
import { GetUsersQuery } from '../../../identity/queries/get-users/get-users.query.js';
import { WithdrawalRepository } from '../../infrastructure/withdrawal.repository.js';
import { ExportManualPayoutsCsvQuery, ListManualPayoutsQuery, ManualPayout } from './list-manual-payouts.query.js';

const LIST_LIMIT = 1000;

/** The payouts awaiting staff, with each owner's email and name (identity answers). */
async function manualPayouts(withdrawals: WithdrawalRepository, queryBus: QueryBus, manualIsProvider: boolean): Promise<ManualPayout[]> {
  const rows = await withdrawals.awaitingStaff(manualIsProvider, LIST_LIMIT);
  const users = await queryBus.execute(new GetUsersQuery(rows.map((r) => r.user_id)));
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
 * PENDING withdrawals staff must pay: taken by the manual provider, or not yet taken by any while it is the provider.
 * (PAYOUTS_PROVIDER=manual: staff list what waits, export it as a bank bulk-payment CSV, then mark each paid or failed
 * with MarkManualPayoutCommand.)
 */
@QueryHandler(ListManualPayoutsQuery)
export class ListManualPayoutsHandler implements IQueryHandler<ListManualPayoutsQuery, ManualPayout[]> {
  constructor(
    @Inject(WithdrawalRepository) private readonly withdrawals: WithdrawalRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  execute(): Promise<ManualPayout[]> {
    return manualPayouts(this.withdrawals, this.queryBus, this.config.payoutsProvider === 'manual');
  }
}

/**
 * The bank bulk-payment file: one row per payout, amount in rupees with two decimals, reference = withdrawal id.
 * Cells are quoted, and a cell a spreadsheet would read as a formula gets a leading apostrophe.
 */
@QueryHandler(ExportManualPayoutsCsvQuery)
export class ExportManualPayoutsCsvHandler implements IQueryHandler<ExportManualPayoutsCsvQuery, { csv: string; count: number; totalNet: string }> {
  constructor(
    @Inject(WithdrawalRepository) private readonly withdrawals: WithdrawalRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  async execute(): Promise<{ csv: string; count: number; totalNet: string }> {
    const list = await manualPayouts(this.withdrawals, this.queryBus, this.config.payoutsProvider === 'manual');
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
}

function rupees(paise: bigint): string {
  return `${paise / 100n}.${(paise % 100n).toString().padStart(2, '0')}`;
}
