import { describe, expect, it } from 'vitest';
import { formatINRCompact } from './money';

describe('formatINRCompact', () => {
  it('shortens thousands, lakhs and crores, keeping one decimal', () => {
    expect([0, 20, 500, 1000, 1500, 50_000, 100_000, 150_000, 10_000_000, 25_000_000].map(formatINRCompact)).toEqual([
      '₹0',
      '₹20',
      '₹500',
      '₹1K',
      '₹1.5K',
      '₹50K',
      '₹1L',
      '₹1.5L',
      '₹1Cr',
      '₹2.5Cr',
    ]);
  });

  it('keeps the sign and the paise it can', () => {
    expect(formatINRCompact(-2500)).toBe('-₹2.5K');
    expect(formatINRCompact(0.5)).toBe('₹0.5');
  });
});
