import { describe, expect, it } from 'vitest';
import { formatISTDate, formatISTDateTime, formatISTTime, formatWakeUpTime, istDateString } from './format';
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
