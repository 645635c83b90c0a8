import { parseRupees, Paise } from '../../../common/money.js';

export interface AmountRule {
  field: string;
  min: Paise;
  max: Paise;
  minMessage: string;
  maxMessage: string;
  whole: boolean;
}

export const DEPOSIT_RULE: AmountRule = {
  field: 'amount',
  min: 1_000n,
  max: 10_000_000n,
  minMessage: 'Minimum deposit amount is ₹10',
  maxMessage: 'Maximum deposit amount is ₹1,00,000',
  whole: true,
};

export const WITHDRAWAL_RULE: AmountRule = {
  field: 'amount',
  min: 10_000n,
  max: 2_500_000n,
  minMessage: 'Minimum withdrawal amount is ₹100',
  maxMessage: 'Maximum withdrawal amount is ₹25,000',
  whole: true,
};

/** An API rupee amount checked against a rule: paise, or the message a person reads. */
export function checkAmount(value: unknown, rule: AmountRule): { paise: Paise } | { error: string } {
  if (value === undefined || value === null || value === '') return { error: `${rule.field} is required` };
  if (typeof value !== 'number') return { error: `${rule.field} must be a number of rupees` };
  const paise = parseRupees(value);
  if (paise === null) return { error: `${rule.field} must be a number of rupees with at most 2 decimals` };
  if (paise < rule.min) return { error: rule.minMessage };
  if (paise > rule.max) return { error: rule.maxMessage };
  if (rule.whole && paise % 100n !== 0n) return { error: `${rule.field} must be a whole number of rupees` };
  return { paise };
}
