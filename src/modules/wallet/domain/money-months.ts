import type { Paise } from '../../../common/money.js';

/** Money in and out of a user's wallet per IST month (the progress charts): every posting counted once, by its journal reason. */
export interface MoneyMonth {
  /** YYYY-MM (IST) */
  month: string;
  /** paise in from deposits */
  deposits: Paise;
  /** paise out to withdrawals, less any reversed the same month */
  withdrawals: Paise;
  /** paise staked on challenges */
  staked: Paise;
  /** paise of stakes back: returned, refunded (85% of a miss), excused, forgiven, appeals */
  returned: Paise;
  /** paise of pool shares won */
  winnings: Paise;
  /** paise of anything else posted on the wallet (an adjustment); 0 in the normal course */
  other: Paise;
  /** the sum of every posting on the wallet that month: deposits − withdrawals − staked + returned + winnings + other */
  net: Paise;
}

export type MoneyFlow = 'deposits' | 'withdrawals' | 'staked' | 'returned' | 'winnings' | 'other';

/** Which flow a journal reason on a user's wallet belongs to; the same grouping as the transaction types (DEPOSIT, FORFEIT, REFUND, WINNINGS, WITHDRAWAL + its reversal). */
const FLOW_OF_REASON: Readonly<Record<string, Exclude<MoneyFlow, 'other'>>> = {
  DEPOSIT: 'deposits',
  WITHDRAWAL_HOLD: 'withdrawals',
  WITHDRAWAL_REVERSED: 'withdrawals',
  CHALLENGE_STAKE: 'staked',
  STAKE_RETURNED: 'returned',
  STAKE_REFUNDED: 'returned',
  APPEAL_REFUND: 'returned',
  SHIELD_USED: 'returned',
  LEAVE: 'returned',
  OUTAGE_FORGIVEN: 'returned',
  WINNINGS: 'winnings',
};

export const flowOf = (reason: string): MoneyFlow => FLOW_OF_REASON[reason] ?? 'other';

// Flows read as money going out are shown positive: their postings on the wallet are debits.
const OUTGOING: ReadonlySet<MoneyFlow> = new Set(['withdrawals', 'staked']);

/** The twelve months of `year`, each summing the wallet's postings (`amount` signed: + credit, − debit) of that month. */
export function moneyMonths(year: number, sums: { month: string; reason: string; amount: Paise }[]): MoneyMonth[] {
  const months = Array.from(
    { length: 12 },
    (_, i): MoneyMonth => ({
      month: `${year}-${String(i + 1).padStart(2, '0')}`,
      deposits: 0n,
      withdrawals: 0n,
      staked: 0n,
      returned: 0n,
      winnings: 0n,
      other: 0n,
      net: 0n,
    }),
  );
  const byMonth = new Map(months.map((m) => [m.month, m]));
  for (const s of sums) {
    const m = byMonth.get(s.month);
    if (!m) continue;
    const flow = flowOf(s.reason);
    m[flow] += OUTGOING.has(flow) ? -s.amount : s.amount;
    m.net += s.amount;
  }
  return months;
}
