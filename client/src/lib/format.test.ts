import { describe, expect, it } from 'vitest';
import { formatISTDate, formatISTDateTime, formatISTTime, formatPercent, formatWakeUpTime, istDateString } from './format';
import { formatINR } from './money';

describe('formatINR', () => {
  it('groups rupees the Indian way', () => {
    expect(formatINR(100000)).toBe('₹1,00,000');
    expect(formatINR(1234567.5)).toBe('₹12,34,567.50');
  });
  it('shows paise only when the amount is not whole rupees (one formatter: never ₹0.00 beside ₹9)', () => {
    expect(formatINR(9)).toBe('₹9');
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(25.5)).toBe('₹25.50');
    expect(formatINR('1500.00')).toBe('₹1,500');
  });
  it('shows ₹0 for missing amounts', () => {
    expect(formatINR(undefined)).toBe('₹0');
  });
});

describe('IST formatting', () => {
  // 2026-11-21T22:00Z is 03:30 on 22 Nov in India, whatever zone the test machine is in.
  const instant = '2026-11-21T22:00:00Z';
  it('uses Asia/Kolkata, not the browser zone', () => {
    expect(istDateString(instant)).toBe('2026-11-22');
    expect(formatISTDate(instant)).toBe('22 Nov 2026');
    expect(formatISTTime(instant).toLowerCase()).toBe('3:30 am');
    expect(formatISTDateTime(instant).toLowerCase()).toContain('22 nov 2026');
  });
  it('reads a bare date as an IST calendar date', () => {
    expect(formatISTDate('2026-01-05')).toBe('5 Jan 2026');
  });
  it('formats wake-up times as a 12-hour clock', () => {
    expect(formatWakeUpTime('07:30')).toBe('7:30 AM');
    expect(formatWakeUpTime('00:00')).toBe('12:00 AM');
  });
});

describe('one clock, one rounding', () => {
  it('shows an instant in the wake-up time’s format: "6:45 AM", not "6:45 am"', () => {
    expect(formatISTTime('2026-11-22T01:15:00Z')).toBe('6:45 AM');
    expect(formatISTTime('2026-11-22T01:40:00Z')).toBe('7:10 AM');
    expect(formatISTTime('2026-11-22T08:30:00Z')).toBe('2:00 PM');
    expect(formatISTTime('2026-11-21T18:30:00Z')).toBe('12:00 AM');
    expect(formatISTDateTime('2026-11-22T01:15:00Z')).toBe('22 Nov 2026, 6:45 AM');
    expect(formatISTTime('2026-11-22T01:15:00Z')).toBe(formatWakeUpTime('06:45'));
  });
  it('rounds a percentage to a whole percent everywhere', () => {
    expect(formatPercent(66.666)).toBe('67%');
    expect(formatPercent(66.7)).toBe('67%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(null)).toBe('0%');
  });
});
