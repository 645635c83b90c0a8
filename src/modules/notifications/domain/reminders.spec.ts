import { dueReminders, PendingMorning, reminderMessage } from './reminders.js';

// 06:00 IST on 2026-03-02: window 05:45–06:10 IST = 00:15–00:40 UTC; the evening before is 20:00 IST = 14:30 UTC.
const morning: PendingMorning = {
  challengeDate: '2026-03-02',
  wakeUpTime: '06:00',
  stake: '₹40',
  windowOpensAt: new Date('2026-03-02T00:15:00Z'),
  windowClosesAt: new Date('2026-03-02T00:40:00Z'),
  eveningAt: new Date('2026-03-01T14:30:00Z'),
};
const at = (iso: string) => dueReminders(morning, new Date(iso));

describe('push reminders', () => {
  it('reminds the evening before, from 20:00 until an hour before the window', () => {
    expect(at('2026-03-01T14:29:59Z')).toEqual([]);
    expect(at('2026-03-01T14:30:00Z')).toEqual(['evening']);
    expect(at('2026-03-01T23:14:59Z')).toEqual(['evening']);
    expect(at('2026-03-01T23:15:00Z')).toEqual([]);
  });

  it('rings when the window opens and again in its last five minutes', () => {
    expect(at('2026-03-02T00:14:59Z')).toEqual([]);
    expect(at('2026-03-02T00:15:00Z')).toEqual(['open']);
    expect(at('2026-03-02T00:34:59Z')).toEqual(['open']);
    expect(at('2026-03-02T00:35:00Z')).toEqual(['closing']);
    expect(at('2026-03-02T00:39:59Z')).toEqual(['closing']);
    expect(at('2026-03-02T00:40:00Z')).toEqual([]);
  });

  it('says the stake and the time', () => {
    expect(reminderMessage('evening', morning).body).toBe('₹40 on 6:00 AM IST tomorrow. Sleep well.');
    expect(reminderMessage('open', morning).body).toBe('Check-in is open: ₹40 on 6:00 AM IST.');
    for (const kind of ['evening', 'open', 'closing'] as const) expect(reminderMessage(kind, morning).body).not.toContain('06:00');
    expect(reminderMessage('closing', morning).body).toContain('₹40');
  });
});
