import { buildIcs, foldLine, icsInstant, icsText } from './ics.js';

describe('iCalendar feed', () => {
  it('writes instants in UTC and escapes text', () => {
    expect(icsInstant(new Date('2026-01-05T00:15:00.000Z'))).toBe('20260105T001500Z');
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds lines at 75 octets without splitting a rupee sign', () => {
    const line = 'SUMMARY:' + '₹'.repeat(40);
    const folded = foldLine(line).split('\r\n ');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.join('')).toBe(line);
  });

  it('rings at the wake-up time and five minutes before the window closes, only while pending', () => {
    const base = {
      wakeUpTime: '06:00',
      stake: '₹40',
      wakeUpAt: new Date('2026-01-05T00:30:00Z'),
      windowOpensAt: new Date('2026-01-05T00:15:00Z'),
      windowClosesAt: new Date('2026-01-05T00:40:00Z'),
    };
    const ics = buildIcs(
      [
        { ...base, id: 'a', status: 'PENDING', isSuccessful: null },
        { ...base, id: 'b', status: 'PROCESSED', isSuccessful: true },
      ],
      new Date('2026-01-04T12:00:00Z'),
      'https://wakestake.example',
    );
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const [, pending, done] = ics.split('BEGIN:VEVENT');
    expect(pending).toContain('TRIGGER;RELATED=START:PT15M');
    expect(pending).toContain('TRIGGER;RELATED=END:-PT5M');
    expect(done).not.toContain('VALARM');
    expect(done).toContain('DESCRIPTION:You made it.');
    expect(pending).toContain('SUMMARY:Wake up at 6:00 AM IST: ₹40 at stake');
    expect(pending).toContain('DESCRIPTION:Check in between 5:45 AM and 6:10 AM IST in the app.');
    expect(ics).not.toMatch(/06:00|T00:15/);
  });
});
