import { describe, expect, it } from 'vitest';
import { FALLBACK_RULES, missRefundOf, moneyRuleLines, rulesOf, withdrawalFee } from './rules';

describe('rules from GET /config', () => {
  it('takes the server’s numbers over the first render’s stand-ins', () => {
    const r = rulesOf({ rules: { stake: { min: 20, max: 200 }, minBalanceRule: 'Keep more than ₹60 to stake.', missRefundPercent: 80 } });
    expect(r.stake).toEqual({ min: 20, max: 200 });
    expect(r.minBalanceRule).toBe('Keep more than ₹60 to stake.');
    expect(missRefundOf(25, r)).toBe(20);
    expect(r.withdrawal.fees).toEqual(FALLBACK_RULES.withdrawal.fees);
    expect(rulesOf(undefined)).toBe(FALLBACK_RULES);
  });
  it('floors the miss refund to the paisa', () => {
    expect(missRefundOf(25)).toBe(21.25);
    expect(missRefundOf(33)).toBe(28.05);
  });
  it('charges no fee on a whole balance below the fee-free line, the method fee otherwise', () => {
    expect(withdrawalFee('UPI', 30.5, true)).toBe(0);
    expect(withdrawalFee('BANK', 98.5, true)).toBe(0);
    expect(withdrawalFee('UPI', 150, true)).toBe(2);
    expect(withdrawalFee('BANK', 150, false)).toBe(5);
  });
  it('says the rules before the first payment, the ₹50 rule in its one wording', () => {
    const lines = moneyRuleLines(rulesOf({ rules: { minBalanceRule: 'THE ONE WORDING.' } }));
    expect(lines).toContain('THE ONE WORDING.');
    expect(lines.join(' ')).toContain('4:00 AM to 7:00 AM IST');
    expect(lines.join(' ')).toContain('Stake ₹10 to ₹100');
    expect(lines.join(' ')).toMatch(/always withdraw your whole balance/);
  });
});
