import fc from 'fast-check';
import { addDays, formatClock, formatWakeTime, isValidDate, zonedInstant, zonedParts, zonedPartsIntl } from './time.js';

describe('time in the app zone', () => {
  it('reads the Kolkata wall clock whatever the server zone', () => {
    expect(zonedParts(new Date('2026-11-22T00:30:00Z'), 'Asia/Kolkata')).toMatchObject({ date: '2026-11-22', time: '06:00', minutes: 360 });
    expect(zonedParts(new Date('2026-11-21T18:29:00Z'), 'Asia/Kolkata').date).toBe('2026-11-21');
    expect(zonedParts(new Date('2026-11-21T18:30:00Z'), 'Asia/Kolkata').date).toBe('2026-11-22');
  });
  it('turns a Kolkata date and time into the right instant', () => {
    expect(zonedInstant('2026-11-22', '06:00', 'Asia/Kolkata').toISOString()).toBe('2026-11-22T00:30:00.000Z');
    expect(zonedInstant('2026-03-08', '03:00', 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });
  it('adds days across months and rejects impossible dates', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2028-02-29')).toBe(true);
    // A date whose next day cannot be written as YYYY-MM-DD is refused (a 400 rather than a 500 downstream).
    expect(isValidDate('9998-12-31')).toBe(true);
    expect(isValidDate('9999-12-31')).toBe(false);
  });

  // zonedParts remembers offsets per UTC hour; Intl is the reference it must agree with, to the second, in zones with
  // and without daylight saving (half-hour and 45-minute offsets, a 30-minute DST shift, pre-1970 local mean time).
  const zones = [
    'Asia/Kolkata',
    'America/New_York',
    'Europe/London',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'America/St_Johns',
    'Pacific/Chatham',
    'Africa/Casablanca',
  ];
  it('reads the same wall clock as Intl at any instant, transitions included', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1890, 0, 1), max: Date.UTC(2100, 0, 1) }), fc.constantFrom(...zones), (ms, tz) => {
        expect(zonedParts(new Date(ms), tz)).toEqual(zonedPartsIntl(new Date(ms), tz));
      }),
      { numRuns: 5000 },
    );
  });
  it('agrees with Intl second by second across a daylight-saving change', () => {
    const start = Date.UTC(2026, 2, 8, 6, 30); // New York springs forward at 07:00 UTC
    for (let ms = start; ms < start + 3_600_000; ms += 1000) {
      expect(zonedParts(new Date(ms), 'America/New_York')).toEqual(zonedPartsIntl(new Date(ms), 'America/New_York'));
    }
    const back = Date.UTC(2026, 3, 4, 15, 0); // Lord Howe falls back 30 minutes at 15:00 UTC
    for (let ms = back - 1_800_000; ms < back + 1_800_000; ms += 1000) {
      expect(zonedParts(new Date(ms), 'Australia/Lord_Howe')).toEqual(zonedPartsIntl(new Date(ms), 'Australia/Lord_Howe'));
    }
  });
  it('turns a wall-clock time back into an instant showing it', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }), fc.constantFrom(...zones), (ms, tz) => {
        const p = zonedPartsIntl(new Date(ms), tz);
        const back = zonedPartsIntl(zonedInstant(p.date, p.time, tz), tz);
        // the local time exists (it was read off an instant): the instant found shows it, unless the hour repeats
        expect(back.date).toBe(p.date);
        expect(back.time).toBe(p.time);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes a wall-clock time in the one clock format, never zero-padded 24-hour', () => {
    expect(formatClock('06:00')).toBe('6:00 AM');
    expect(formatClock('00:05')).toBe('12:05 AM');
    expect(formatClock('12:30')).toBe('12:30 PM');
    expect(formatClock('20:00')).toBe('8:00 PM');
    expect(formatWakeTime('04:30')).toBe('4:30 AM IST');
    expect(formatWakeTime('07:00')).not.toMatch(/07:00/);
    expect(formatClock('not a time')).toBe('not a time');
  });
});
