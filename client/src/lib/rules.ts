// The server's rules (GET /config's data.rules), read, never re-declared. FALLBACK_RULES is only what a
// screen shows for the instant before /config answers (the first render); every screen re-renders with the server's.
import { formatINR } from './money';
import { formatWakeUpTime } from './format';

export interface Rules {
  stake: { min: number; max: number };
  wakeUp: { earliest: string; latest: string; stepMinutes: number };
  checkIn: { minutesBefore: number; minutesAfter: number };
  minBalanceToStake: number;
  /** The ₹50 rule in its one wording. */
  minBalanceRule: string;
  missRefundPercent: number;
  withdrawal: { minimum: number; maximum?: number; wholeBalanceAnyAmount: boolean; fees: { UPI: number; BANK_TRANSFER: number }; feeFreeBelow: number };
  deposit: { min: number; max: number };
}

/** The first render's stand-in (SPEC.md's numbers), replaced as soon as GET /config answers. */
export const FALLBACK_RULES: Rules = {
  stake: { min: 10, max: 100 },
  wakeUp: { earliest: '04:00', latest: '07:00', stepMinutes: 30 },
  checkIn: { minutesBefore: 15, minutesAfter: 10 },
  minBalanceToStake: 50,
  minBalanceRule: 'You need more than ₹50 in your wallet to stake',
  missRefundPercent: 85,
  withdrawal: { minimum: 100, maximum: 25000, wholeBalanceAnyAmount: true, fees: { UPI: 2, BANK_TRANSFER: 5 }, feeFreeBelow: 100 },
  deposit: { min: 10, max: 100000 },
};

/** The rules in a config answer, each part falling back to FALLBACK_RULES' where an older server leaves it out. */
export function rulesOf(config: { rules?: Partial<Rules> | null } | null | undefined): Rules {
  const r = config?.rules;
  if (!r) return FALLBACK_RULES;
  return {
    ...FALLBACK_RULES,
    ...r,
    stake: { ...FALLBACK_RULES.stake, ...r.stake },
    wakeUp: { ...FALLBACK_RULES.wakeUp, ...r.wakeUp },
    checkIn: { ...FALLBACK_RULES.checkIn, ...r.checkIn },
    withdrawal: { ...FALLBACK_RULES.withdrawal, ...r.withdrawal, fees: { ...FALLBACK_RULES.withdrawal.fees, ...r.withdrawal?.fees } },
    deposit: { ...FALLBACK_RULES.deposit, ...r.deposit },
  };
}

/** The ₹50 rule in its one wording, as a sentence (with its full stop). */
export function minBalanceSentence(rules: Rules): string {
  const text = rules.minBalanceRule.trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Minutes after midnight of "HH:MM". */
export function minutesOfHHMM(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** The part of a stake a miss gets back, floored to the paisa (as settlement computes it). */
export function missRefundOf(forfeit: number, rules: Rules = FALLBACK_RULES): number {
  const paise = Math.round(forfeit * 100);
  return Math.floor((paise * rules.missRefundPercent) / 100) / 100;
}

/** The withdrawal fee of a method for an amount: none for a whole balance below feeFreeBelow. */
export function withdrawalFee(method: 'UPI' | 'BANK' | 'BANK_TRANSFER', amount: number, wholeBalance: boolean, rules: Rules = FALLBACK_RULES): number {
  if (wholeBalance && amount < rules.withdrawal.feeFreeBelow) return 0;
  return method === 'UPI' ? rules.withdrawal.fees.UPI : rules.withdrawal.fees.BANK_TRANSFER;
}

/** The rules a person should know before putting money in, as short sentences (landing page, add-money, /help). */
export function moneyRuleLines(rules: Rules): string[] {
  const w = rules.withdrawal;
  return [
    `Stake ${formatINR(rules.stake.min)} to ${formatINR(rules.stake.max)} a morning.`,
    `Wake-up times from ${formatWakeUpTime(rules.wakeUp.earliest)} to ${formatWakeUpTime(rules.wakeUp.latest)} IST; check in from ${rules.checkIn.minutesBefore} minutes before to ${rules.checkIn.minutesAfter} minutes after.`,
    minBalanceSentence(rules),
    `Miss a morning and ${rules.missRefundPercent}% of the stake comes back.`,
    `Withdraw from ${formatINR(w.minimum)} (fee ${formatINR(w.fees.UPI)} by UPI, ${formatINR(w.fees.BANK_TRANSFER)} by bank transfer).`,
    `You can always withdraw your whole balance, whatever the amount, paise included; below ${formatINR(w.feeFreeBelow)} there is no fee.`,
  ];
}
