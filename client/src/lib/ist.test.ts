import { describe, expect, it } from 'vitest';
import { istClock, istHour, istHourMinute, istIsoDate } from './ist';
import { inrFixed } from './money';

const TZ = 'Asia/Kolkata';
const isoFmt = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const hourFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' });
const hmFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const clockFmt = new Intl.DateTimeFormat('en-IN', {
  timeZone: TZ,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});
const inr0 = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const inr2 = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Instants around every IST midnight and noon of 1946–2100's month and year ends, plus a seeded spread of others. */
function instants(): Date[] {
  const out: number[] = [];
  for (let y = 1946; y <= 2100; y += y < 2020 || y > 2035 ? 7 : 1) {
    for (let m = 0; m < 12; m++) {
      for (const day of [1, 28, 29, 30, 31]) {
        // IST midnight of that day is 18:30 UTC the day before.
        const midnight = Date.UTC(y, m, day) - 330 * 60_000;
        for (const d of [-1000, -1, 0, 1, 59_999, 60_000, 11 * 3600_000 + 59 * 60_000 + 59_999, 12 * 3600_000, 17 * 3600_000 - 1, 17 * 3600_000])
          out.push(midnight + d);
      }
    }
  }
  let seed = 20261127;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let i = 0; i < 20_000; i++) out.push(Date.UTC(1946, 0, 1) + Math.floor(next() * (Date.UTC(2200, 0, 1) - Date.UTC(1946, 0, 1))));
  return out.filter((t) => t >= Date.UTC(1946, 0, 1)).map((t) => new Date(t));
}

describe('IST without Intl', () => {
  const all = instants();

  it('gives Intl’s date, hour, hour:minute and clock for every instant', () => {
    const mismatches: string[] = [];
    for (const d of all) {
      const pairs: [unknown, unknown][] = [
        [istIsoDate(d), isoFmt.format(d)],
        [istHour(d), Number(hourFmt.format(d))],
        [istHourMinute(d), hmFmt.format(d)],
        [istClock(d), clockFmt.format(d)],
      ];
      for (const [mine, intl] of pairs) if (mine !== intl) mismatches.push(`${d.toISOString()}: ${String(mine)} vs ${String(intl)}`);
      if (mismatches.length > 5) break;
    }
    expect(mismatches).toEqual([]);
    expect(all.length).toBeGreaterThan(20_000);
  });

  it('formats known instants', () => {
    expect(istClock(new Date('2026-11-27T01:05:09Z'))).toBe('Friday, 27 November 2026 at 6:35:09 am');
    expect(istClock(new Date('2026-12-31T18:30:00Z'))).toBe('Friday, 1 January 2027 at 12:00:00 am');
    expect(istClock(new Date('2026-12-31T06:30:00Z'))).toBe('Thursday, 31 December 2026 at 12:00:00 pm');
    expect(istIsoDate(new Date('2026-12-31T18:29:59.999Z'))).toBe('2026-12-31');
    expect(istIsoDate(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(istHourMinute(new Date('2028-02-28T18:30:00Z'))).toBe('00:00');
    expect(istIsoDate(new Date('2028-02-28T18:30:00Z'))).toBe('2028-02-29');
  });

  it('leaves invalid dates and instants before 1946 (other offsets) to Intl', () => {
    for (const d of [new Date(Number.NaN), new Date('1942-06-01T00:00:00Z'), new Date(Date.UTC(1945, 11, 31, 23))]) {
      expect(istIsoDate(d)).toBeNull();
      expect(istHourMinute(d)).toBeNull();
      expect(istClock(d)).toBeNull();
      expect(istHour(d)).toBeNaN();
    }
    expect(istIsoDate(new Date(Date.UTC(10_000, 0, 1)))).toBeNull();
  });

  it('gives Intl’s rupees for whole amounts and paise', () => {
    const values = [
      0,
      -0,
      1,
      -1,
      5,
      99,
      100,
      999,
      1000,
      1001,
      9999,
      10_000,
      99_999,
      100_000,
      123_456,
      1_000_000,
      12_345_678,
      123_456_789,
      9_999_999_999,
      123_456_789_012_345,
      0.5,
      0.49,
      0.495,
      0.005,
      0.004,
      0.015,
      1.005,
      2.675,
      1.455,
      25.5,
      25.05,
      99.995,
      999.995,
      99_999.995,
      0.125,
      0.375,
      10.555,
      -0.001,
      -0.004,
      -0.005,
      -0.5,
      -2.5,
      -1.5,
      -25.5,
      -1_00_000,
      -99.995,
      1e-7,
      1e21,
      2 ** 53,
      0.1 + 0.2,
      1.1 * 3,
      1234.5678,
    ];
    let seed = 42;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 5000; i++) {
      const scale = 10 ** Math.floor(next() * 10);
      values.push(Math.round((next() - 0.3) * scale * 1000) / 1000, (next() - 0.3) * scale);
    }
    const mismatches: string[] = [];
    for (const v of values) {
      for (const [digits, fmt] of [
        [0, inr0],
        [2, inr2],
      ] as const) {
        const mine = inrFixed(v, digits);
        if (mine !== null && mine !== fmt.format(v)) mismatches.push(`${v} (${digits}): ${mine} vs ${fmt.format(v)}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(inrFixed(123_456, 0)).toBe('₹1,23,456');
    expect(inrFixed(25.5, 2)).toBe('₹25.50');
    expect(inrFixed(-500, 0)).toBe('-₹500');
    expect(inrFixed(1e21, 0)).toBeNull();
    expect(inrFixed(Number.NaN, 0)).toBeNull();
  });
});
