import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rulesOf } from '@/lib/rules';
import { renderWithProviders, stubFetch } from '@/testing/test-utils';
import { HelpPage } from './help-page';
import { RefundsPage } from './refunds-page';
import { TermsPage } from './terms-page';
import { shareByLargestRemainder, workedExample } from './worked-example';

vi.setConfig({ testTimeout: 20_000 });

// Rules unlike SPEC.md's in every figure, so that a number copied into a page (85%, ₹50, ₹100…) shows up.
const RULES = {
  stake: { min: 20, max: 200 },
  wakeUp: { earliest: '04:30', latest: '08:00', stepMinutes: 15 },
  checkIn: { minutesBefore: 20, minutesAfter: 5 },
  minBalanceToStake: 60,
  minBalanceRule: 'You need more than ₹60 in your wallet to stake',
  missRefundPercent: 80,
  withdrawal: { minimum: 150, maximum: 30000, wholeBalanceAnyAmount: true, fees: { UPI: 3, BANK_TRANSFER: 7 }, feeFreeBelow: 150 },
  deposit: { min: 15, max: 50000 },
};
const CONFIG = { success: true, data: { testMode: true, paymentsProvider: 'sandbox', poolMode: 'pool', termsVersion: '2026-11-26', rules: RULES } };

/** SPEC.md's figures as the pages used to copy them: none may appear when the server says otherwise. */
const COPIED = [
  /85%/,
  /15%/,
  /₹50(?![\d,.])/,
  /₹100(?![\d,.])/,
  /₹25,000/,
  /₹1,00,000/,
  /₹2(?![\d,.])/,
  /₹5(?![\d,.])/,
  /₹10(?![\d,.])/,
  /4:00 AM/,
  /7:00 AM/,
  /15 minutes before/,
  /10 minutes after/,
  /04:00|07:00/,
];

const page = (ui: ReactElement) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);
const text = () => document.body.textContent ?? '';
/** The page's text; `without` leaves out a part (the worked example's illustrative stakes, ₹100 and ₹50, are not rules). */
const expectNoCopiedNumber = (without?: Element | null) => {
  const all = text().replace(without?.textContent ?? '\u0000', '');
  for (const copied of COPIED) expect(all).not.toMatch(copied);
};

afterEach(() => vi.unstubAllGlobals());

describe('legal pages take every rule from GET /config', () => {
  it('Terms of use: stake, wake-up and window, the ₹-balance rule in its one wording, percentages, deposits, withdrawals and fees', async () => {
    stubFetch({ 'GET /config': { body: CONFIG } });
    page(<TermsPage />);
    await screen.findByText(/you get 80% of your stake back\. The other 20% goes to that date’s pool/);
    expect(text()).toContain('a wake-up time from 4:30 AM to 8:00 AM IST in 15-minute steps, and a stake from ₹20 to ₹200 in whole rupees');
    expect(text()).toContain('You need more than ₹60 in your wallet to stake. The stake leaves your wallet');
    expect(text()).toContain('opens 20 minutes before your wake-up time and closes 5 minutes after it');
    expect(text()).toContain('from ₹15 to ₹50,000 at a time');
    expect(text()).toContain('from ₹150 to ₹30,000 at a time, in whole rupees');
    expect(text()).toContain('The fee is ₹3 by UPI and ₹7 by bank transfer');
    expect(text()).toContain('whatever the amount, paise included; a whole balance below ₹150 is sent with no fee');
    expectNoCopiedNumber();
    expect(screen.queryByTestId('rules-pending')).toBeNull();
  });

  it('Refunds and cancellation: the refund and pool percentages, the withdrawal range and fees', async () => {
    stubFetch({ 'GET /config': { body: CONFIG } });
    page(<RefundsPage />);
    await screen.findByText(/Late or missed: 80% of your stake comes back at settlement\. The other 20% is the rule of the game/);
    expect(text()).toContain('from ₹150 to ₹30,000 per withdrawal, minus a fee of ₹3 (UPI) or ₹7 (bank transfer');
    expect(text()).toContain('below ₹150 it is sent with no fee');
    expectNoCopiedNumber();
  });

  it('How it works: the worked example recomputed from the refund percentage, in exact paise', async () => {
    stubFetch({ 'GET /config': { body: CONFIG } });
    page(<HelpPage />);
    // ₹100 missed at 80%: ₹80 back, ₹20 to the pool; shared 2:1 → 1333.33 / 666.67 paise → ₹13.33 and ₹6.67 (the leftover paisa to Ravi's larger remainder)
    await screen.findByText(/Meera gets ₹80 back and ₹20 goes into the pool/);
    expect(text()).toContain('so she gets ₹13.33 of the pool and Ravi ₹6.67: Asha receives ₹113.33 and Ravi ₹56.67');
    expect(text()).toContain('Late or missed: 80% of your stake back. The other 20% goes into the day’s pool.');
    expect(text()).toContain('a wake-up time between 4:30 AM and 8:00 AM IST, and a stake from ₹20 to ₹200');
    expect(text()).toContain('You need more than ₹60 in your wallet to stake.');
    expect(text()).toContain('For 6:00 AM that is 5:40 AM to 6:05 AM IST');
    expect(text()).toContain('a miss returns 80% while the other 20% is donated');
    expect(text()).not.toMatch(/₹85|₹110|₹55\b/);
    expectNoCopiedNumber(document.getElementById('example'));
  });

  it('before /config answers, draws the rules as their shape: the page is there, no number is', () => {
    stubFetch({ 'GET /config': () => new Promise<never>(() => {}) as never });
    for (const Page of [TermsPage, RefundsPage, HelpPage]) {
      const view = page(<Page />);
      expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.getAllByTestId('rules-pending').length).toBeGreaterThan(0);
      expect(text()).not.toMatch(/\d+%|₹\d/);
      view.unmount();
    }
  });

  it('says the figures could not be loaded when /config fails, instead of waiting forever', async () => {
    stubFetch({ 'GET /config': { status: 500, body: { success: false, statusCode: 500, error: 'Internal Server Error' } } });
    page(<RefundsPage />);
    expect((await screen.findAllByText('The current figures could not be loaded. Please reload the page to see them.')).length).toBe(2);
    expect(text()).not.toMatch(/\d+%|₹\d/);
  });
});

describe('the worked example', () => {
  it('adds up to the paisa for every refund percentage', () => {
    for (let pct = 0; pct <= 100; pct += 1) {
      const ex = workedExample(rulesOf({ rules: { missRefundPercent: pct } }));
      const paise = (r: number) => Math.round(r * 100);
      expect(paise(ex.missed.refund) + paise(ex.missed.pooled)).toBe(10_000);
      expect(paise(ex.missed.refund)).toBe(pct * 100);
      expect(ex.winners.reduce((a, w) => a + paise(w.share), 0)).toBe(paise(ex.missed.pooled));
      for (const w of ex.winners) expect(paise(w.receives)).toBe(paise(w.stake) + paise(w.share));
    }
    expect(workedExample(rulesOf({ rules: { missRefundPercent: 85 } })).winners.map((w) => w.share)).toEqual([10, 5]);
  });

  it('hands leftover paise to the largest remainders, ties to the earlier stake', () => {
    expect(shareByLargestRemainder(2000, [10000, 5000])).toEqual([1333, 667]);
    expect(shareByLargestRemainder(1000, [10000, 5000])).toEqual([667, 333]);
    expect(shareByLargestRemainder(1, [100, 100])).toEqual([1, 0]);
    expect(shareByLargestRemainder(0, [100, 50])).toEqual([0, 0]);
  });
});
