import { toRupees } from '../common/money.js';
import {
  EARLIEST_WAKE,
  LATEST_WAKE,
  MAX_FORFEIT_RUPEES,
  MIN_BALANCE_PAISE,
  MIN_BALANCE_RULE,
  MIN_FORFEIT_RUPEES,
  WAKE_STEP_MINUTES,
  WINDOW_AFTER_MINUTES,
  WINDOW_BEFORE_MINUTES,
} from '../modules/challenges/shared/domain/challenge-rules.js';
import { REFUND_PERCENT } from '../modules/settlement/domain/split.js';
import { DEPOSIT_RULE, WITHDRAWAL_RULE } from '../modules/wallet/domain/amounts.js';
import { FEE_FREE_BELOW, FEES } from '../modules/wallet/domain/withdrawal-rules.js';

/**
 * The rules a person meets before paying, read from the constants the server enforces (never restated), so
 * the client shows them from GET /config instead of copying them. Rupees; times HH:MM in the app's timezone (IST).
 */
export function publicRules() {
  return {
    stake: { min: MIN_FORFEIT_RUPEES, max: MAX_FORFEIT_RUPEES },
    wakeUp: { earliest: EARLIEST_WAKE, latest: LATEST_WAKE, stepMinutes: WAKE_STEP_MINUTES },
    checkIn: { minutesBefore: WINDOW_BEFORE_MINUTES, minutesAfter: WINDOW_AFTER_MINUTES },
    minBalanceToStake: toRupees(MIN_BALANCE_PAISE),
    minBalanceRule: MIN_BALANCE_RULE,
    missRefundPercent: Number(REFUND_PERCENT),
    withdrawal: {
      minimum: toRupees(WITHDRAWAL_RULE.min),
      maximum: toRupees(WITHDRAWAL_RULE.max),
      wholeBalanceAnyAmount: true,
      fees: { UPI: toRupees(FEES.UPI), BANK_TRANSFER: toRupees(FEES.BANK_TRANSFER) },
      feeFreeBelow: toRupees(FEE_FREE_BELOW),
    },
    deposit: { min: toRupees(DEPOSIT_RULE.min), max: toRupees(DEPOSIT_RULE.max) },
  };
}

export type PublicRules = ReturnType<typeof publicRules>;
