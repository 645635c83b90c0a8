import { ChannelPrefs, fallbackChannel, firstChannel, inQuietHours, reminderMail } from './reminder-channels.js';

const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
const prefs = (p: Partial<ChannelPrefs> = {}): ChannelPrefs => ({ push: true, mail: true, mailable: true, quietHours: null, ...p });
const night = { start: '22:00', end: '07:00' };

describe('quiet hours', () => {
  it('cover the evening hours and the small hours when they cross midnight, start included, end excluded', () => {
    expect(['22:00', '23:59', '00:00', '06:59'].map((t) => inQuietHours(hm(t), night))).toEqual([true, true, true, true]);
    expect(['21:59', '07:00', '12:00'].map((t) => inQuietHours(hm(t), night))).toEqual([false, false, false]);
  });

  it('cover only the span between start and end within one day', () => {
    const afternoon = { start: '13:00', end: '15:30' };
    expect(['12:59', '13:00', '15:29', '15:30'].map((t) => inQuietHours(hm(t), afternoon))).toEqual([false, true, true, false]);
  });

  it('are none when unset', () => {
    expect(inQuietHours(hm('23:00'), null)).toBe(false);
  });
});

describe('the channel a reminder goes by first', () => {
  it('is push when push is on and a device is subscribed', () => {
    expect(firstChannel('evening', hm('20:00'), prefs(), true)).toBe('push');
  });

  it('is mail when push is off or no device is subscribed, and the address is verified', () => {
    expect(firstChannel('evening', hm('20:00'), prefs({ push: false }), true)).toBe('mail');
    expect(firstChannel('open', hm('05:45'), prefs(), false)).toBe('mail');
    expect(firstChannel('open', hm('05:45'), prefs({ mailable: false }), false)).toBe('in-app');
  });

  it('is in-app only when both push and mail are off', () => {
    expect(firstChannel('closing', hm('06:05'), prefs({ push: false, mail: false }), true)).toBe('in-app');
  });

  it('is in-app only for the evening reminder inside quiet hours', () => {
    expect(firstChannel('evening', hm('23:10'), prefs({ quietHours: night }), true)).toBe('in-app');
    expect(firstChannel('evening', hm('21:10'), prefs({ quietHours: night }), true)).toBe('push');
  });

  it('never silences the reminders of the booked check-in window, whatever the quiet hours', () => {
    expect(firstChannel('open', hm('05:45'), prefs({ quietHours: night }), true)).toBe('push');
    expect(firstChannel('closing', hm('06:05'), prefs({ quietHours: night }), false)).toBe('mail');
  });

  it('falls back to mail only when mail is on and verified', () => {
    expect(fallbackChannel(prefs())).toBe('mail');
    expect(fallbackChannel(prefs({ mail: false }))).toBe('in-app');
    expect(fallbackChannel(prefs({ mailable: false }))).toBe('in-app');
  });
});

describe('the reminder mail', () => {
  it('says what the push says, links to the dashboard and escapes the html', () => {
    const mail = reminderMail({ title: 'Tomorrow <morning>', body: '₹40 on 6:00 AM IST tomorrow. Sleep well.' }, 'https://wakestake.example/dashboard');
    expect(mail.subject).toBe('WakeStake: Tomorrow <morning>');
    expect(mail.text).toContain('₹40 on 6:00 AM IST tomorrow. Sleep well.\n\nOpen WakeStake: https://wakestake.example/dashboard');
    expect(mail.html).toContain('<strong>Tomorrow &lt;morning&gt;</strong>');
    expect(mail.html).toContain('href="https://wakestake.example/dashboard"');
  });
});
