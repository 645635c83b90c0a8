import { Query } from '@nestjs/cqrs';
import type { ManualPayout } from '../../application/manual-payouts.service.js';

/** PAYOUTS_PROVIDER=manual: the withdrawals waiting for staff to pay them from the bank, oldest first. */
export class ListManualPayoutsQuery extends Query<ManualPayout[]> {}

/** The same list as a bank bulk-payment CSV. */
export class ExportManualPayoutsCsvQuery extends Query<{ csv: string; count: number; totalNet: string }> {}
