// Rupees in en-IN (₹1,00,000, ₹25.50). Not in lib/format.ts, which the entry script imports (for today's IST date): the
// entry's chunk does not carry it.
import { once } from './format';

/**
 * Rupees as Intl 'en-IN' currency INR with exactly `digits` (0 or 2) fraction digits: ₹1,00,000 / ₹25.50 / -₹500.
 * Rounds the number's shortest decimal form half away from zero, as ICU does. Null where it would not be sure to match
 * (exponent notation, non-finite values): the caller uses Intl then.
 */
export function inrFixed(value: number, digits: 0 | 2): string | null {
  if (!Number.isFinite(value)) return null;
  const negative = value < 0 || Object.is(value, -0);
  const text = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [intText, fracText = ''] = text.split('.');
  // Integer digits and the kept fraction digits as one digit string, plus one carry when the first dropped digit ≥ 5.
  let digitsText = intText + fracText.padEnd(digits, '0').slice(0, digits);
  if (fracText.length > digits && fracText.charCodeAt(digits) >= 53 /* '5' */) {
    const chars = digitsText.split('');
    let i = chars.length - 1;
    while (i >= 0 && chars[i] === '9') chars[i--] = '0';
    if (i >= 0) chars[i] = String(Number(chars[i]) + 1);
    else chars.unshift('1');
    digitsText = chars.join('');
  }
  let whole = digitsText.slice(0, digitsText.length - digits).replace(/^0+(?=\d)/, '');
  const frac = digits ? digitsText.slice(digitsText.length - digits) : '';
  // Indian grouping: the last three digits, then pairs (1,23,45,678).
  if (whole.length > 3) {
    const head = whole.slice(0, -3);
    whole = `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  }
  return `${negative ? '-' : ''}₹${whole}${frac ? `.${frac}` : ''}`;
}

const inrWhole = once(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 }));
const inrPaise = once(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** ₹1,00,000 for whole rupees, ₹25.50 otherwise; null/undefined/NaN show as ₹0. */
export function formatINR(amount: number | string | null | undefined, options: { alwaysPaise?: boolean } = {}): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  const value = n === null || n === undefined || !Number.isFinite(n) ? 0 : n;
  const whole = Math.abs(Math.round(value * 100)) % 100 === 0;
  const wholeRupees = whole && !options.alwaysPaise;
  // Without Intl where inrFixed gives the same string (lib/ist.test.ts compares them): the dashboard's first render
  // shows a balance, and the first Intl formatter of a page costs ~85 ms on a phone (ICU's start).
  return inrFixed(value, wholeRupees ? 0 : 2) ?? (wholeRupees ? inrWhole() : inrPaise()).format(value);
}

/** A chart axis's rupees, short: ₹500, ₹1.5K, ₹2L, ₹1Cr (Indian thousands, lakhs and crores; one decimal at most). */
export function formatINRCompact(rupees: number): string {
  const sign = rupees < 0 ? '-' : '';
  const v = Math.abs(rupees);
  const [unit, suffix] = v >= 1e7 ? [1e7, 'Cr'] : v >= 1e5 ? [1e5, 'L'] : v >= 1e3 ? [1e3, 'K'] : [1, ''];
  return `${sign}₹${Math.round((v / unit) * 10) / 10}${suffix}`;
}
