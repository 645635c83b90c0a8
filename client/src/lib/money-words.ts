// One money vocabulary for the client. Every screen that tells a person what a morning or a wallet line did
// to their money (the today card, the history, the receipt, the transactions, the notifications, the support console)
// says it through these functions, so that one morning reads the same everywhere:
//   a win        "Stake back ₹25 · winnings ₹9"          net +₹9
//   a win, ₹0    "Stake back ₹25 · winnings ₹0"          net ₹0   (never "You won" when the share is ₹0)
//   a miss       "₹21.25 back · ₹3.75 to the pool"       net −₹3.75
//   forgiven     "Whole stake back ₹25"                  net ₹0
import { formatINR } from './money';

/** The fields of a challenge the words read (Schemas['Challenge'] plus the server's netResult). */
export interface MoneyChallenge {
  status: string;
  forfeitAmount: number;
  isSuccessful?: boolean | null;
  winningsAmount?: number | null;
  poolShare?: number | null;
  actualForfeitAmount?: number | null;
  forgivenReason?: string | null;
  poolMode?: string | null;
  donationTo?: string | null;
  netResult?: number | null;
}

const paise = (rupees: number) => Math.round((Number(rupees) || 0) * 100);
const rupees = (p: number) => p / 100;

/** "+₹9", "−₹4.50", "₹0": a signed amount with a real minus sign; zero carries no sign. */
export function formatSignedINR(amount: number): string {
  const p = paise(amount);
  if (p === 0) return formatINR(0);
  return `${p < 0 ? '−' : '+'}${formatINR(Math.abs(rupees(p)))}`;
}

export type MorningOutcome = 'WIN' | 'MISS' | 'FORGIVEN' | 'UNSETTLED';

/** What kind of morning it was, once settled (PROCESSED); UNSETTLED before. */
export function morningOutcome(c: MoneyChallenge): MorningOutcome {
  if (c.status !== 'PROCESSED') return 'UNSETTLED';
  if (c.forgivenReason) return 'FORGIVEN';
  return c.isSuccessful ? 'WIN' : 'MISS';
}

/** The pool share of a settled win (poolShare, or winnings − stake where an older answer lacks it). */
function shareOf(c: MoneyChallenge): number {
  if (c.poolShare !== null && c.poolShare !== undefined) return rupees(paise(c.poolShare));
  return rupees(Math.max(0, paise(c.winningsAmount ?? 0) - paise(c.forfeitAmount)));
}

/** The 15% a settled miss kept (actualForfeitAmount). */
function keptOf(c: MoneyChallenge): number {
  return rupees(paise(c.actualForfeitAmount ?? 0));
}

/**
 * What that morning did to the wallet, in rupees: the server's netResult when it sent one, else the same rule worked out
 * from the settled fields (a win: the share; a miss: minus the kept part; forgiven: 0). Null before settlement.
 */
export function netResultOf(c: MoneyChallenge): number | null {
  if (typeof c.netResult === 'number') return c.netResult;
  switch (morningOutcome(c)) {
    case 'WIN':
      return shareOf(c);
    case 'MISS':
      return -keptOf(c);
    case 'FORGIVEN':
      return 0;
    default:
      return null;
  }
}

/** Where a miss's kept part goes, in the challenge's own mode. */
export function keptDestination(c: Pick<MoneyChallenge, 'poolMode' | 'donationTo'>): string {
  return c.poolMode === 'pledge' ? `donated to ${c.donationTo ?? 'charity'}` : 'to the pool';
}

/** One settled morning in one line ("Stake back ₹25 · winnings ₹0", "₹21.25 back · ₹3.75 to the pool"); null before. */
export function settledWords(c: MoneyChallenge): string | null {
  switch (morningOutcome(c)) {
    case 'WIN':
      return c.poolMode === 'pledge'
        ? `Stake back ${formatINR(c.forfeitAmount)}`
        : `Stake back ${formatINR(c.forfeitAmount)} · winnings ${formatINR(shareOf(c))}`;
    case 'MISS': {
      const kept = keptOf(c);
      const back = rupees(paise(c.forfeitAmount) - paise(kept));
      return `${formatINR(back)} back · ${formatINR(kept)} ${keptDestination(c)}`;
    }
    case 'FORGIVEN':
      return `Whole stake back ${formatINR(c.forfeitAmount)}`;
    default:
      return null;
  }
}

/** The gross lines behind a settled morning's net result (what the history shows on tap). */
export function grossLines(c: MoneyChallenge): { label: string; amount: string }[] {
  const stake = { label: 'Staked', amount: `−${formatINR(c.forfeitAmount)}` };
  switch (morningOutcome(c)) {
    case 'WIN':
      return [
        stake,
        { label: 'Stake back', amount: `+${formatINR(c.forfeitAmount)}` },
        ...(c.poolMode === 'pledge' ? [] : [{ label: 'Winnings', amount: `+${formatINR(shareOf(c))}` }]),
      ];
    case 'MISS': {
      const kept = keptOf(c);
      return [
        stake,
        { label: 'Back', amount: `+${formatINR(rupees(paise(c.forfeitAmount) - paise(kept)))}` },
        { label: c.poolMode === 'pledge' ? 'Donated' : 'To the pool', amount: formatINR(kept) },
      ];
    }
    case 'FORGIVEN':
      return [stake, { label: 'Whole stake back', amount: `+${formatINR(c.forfeitAmount)}` }];
    default:
      return [stake];
  }
}

// ---------- wallet lines ----------

/** The fields of a wallet transaction the words read (GET /wallet/transactions). */
export interface MoneyTransaction {
  type: string;
  amount: number;
  description?: string | null;
  netAmount?: number | null;
  processingFee?: number | null;
}

/** The title a person reads for a wallet line: a won stake is "Stake back", never a "Refund" that reads like a cancel. */
export function transactionTitle(tx: MoneyTransaction): string {
  const type = String(tx.type).toUpperCase();
  const d = (tx.description ?? '').toLowerCase();
  switch (type) {
    case 'DEPOSIT':
      return 'Money added';
    case 'FORFEIT':
      return 'Stake';
    case 'WINNINGS':
      return 'Winnings';
    case 'WITHDRAWAL':
      return 'Withdrawal';
    case 'WITHDRAWAL_REVERSAL':
      return 'Withdrawal returned';
    case 'REFUND':
      if (d.includes('cancel')) return 'Stake back · cancelled';
      if (d.includes('appeal')) return 'Stake back · appeal accepted';
      if (d.includes('partial') || d.includes('miss')) return 'Back after a miss';
      if (d.includes('shield')) return 'Stake back · shield used';
      if (d.includes('leave')) return 'Stake back · on leave';
      if (d.includes('down') || d.includes('forgiven')) return 'Whole stake back · forgiven';
      return 'Stake back';
    default:
      return type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');
  }
}

/** The titles the transactions filter offers, by type. */
export const TRANSACTION_TYPE_WORDS: Record<string, string> = {
  DEPOSIT: 'Money added',
  FORFEIT: 'Stakes',
  REFUND: 'Stakes back',
  WINNINGS: 'Winnings',
  WITHDRAWAL: 'Withdrawals',
  WITHDRAWAL_REVERSAL: 'Withdrawals returned',
};

/** A withdrawal's amount, fee and what reaches the account: "₹200 − ₹2 fee = ₹198 paid out"; null for other lines. */
export function withdrawalBreakdown(tx: MoneyTransaction): string | null {
  if (String(tx.type).toUpperCase() !== 'WITHDRAWAL') return null;
  const amount = Math.abs(Number(tx.amount) || 0);
  const fee = tx.processingFee ?? (tx.netAmount !== null && tx.netAmount !== undefined ? rupees(paise(amount) - paise(tx.netAmount)) : null);
  if (fee === null) return null;
  const net = tx.netAmount ?? rupees(paise(amount) - paise(fee));
  return `${formatINR(amount)} − ${formatINR(fee)} fee = ${formatINR(net)} paid out`;
}
