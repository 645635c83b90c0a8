import { addDays, isValidDate, zonedInstant, zonedParts } from './time.js';

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
  });
});
