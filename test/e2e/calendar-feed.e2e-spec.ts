import { DataSource } from 'typeorm';
import ICAL from 'ical.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, TestUser } from '../factories/wallet.js';

/** GET /api/v1/calendar/{secret}.ics: the user's mornings as a calendar a phone subscribes to, alarms inside. */
describe('calendar feed', () => {
  let t: TestApp;
  let me: TestUser;
  let other: TestUser;
  let ds: DataSource;

  async function challenge(userId: string, date: string, status: string, extra = '') {
    // 06:00 IST on `date`: the window is 05:45–06:10 IST (00:15–00:40 UTC)
    const [row] = (await ds.query(
      `INSERT INTO challenges (id, user_id, challenge_date, wake_up_time, stake, status, window_opens_at, window_closes_at, created_at${extra ? ', is_successful' : ''})
       VALUES (gen_random_uuid(), $1, $2::date, '06:00', 4000, $3, ($2::text || 'T00:15:00Z')::timestamptz, ($2::text || 'T00:40:00Z')::timestamptz, now()${extra ? `, ${extra}` : ''})
       RETURNING id`,
      [userId, date, status],
    )) as { id: string }[];
    return row.id;
  }

  const feedPath = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    me = await createUser(t);
    other = await createUser(t);
    t.clock.set(new Date('2026-03-01T12:00:00Z'));
  });
  afterAll(() => t.close());

  it('serves my pending mornings as events an iCalendar parser reads, with alarms at the wake-up time and before the window closes', async () => {
    const pending = await challenge(me.id, '2026-03-02', 'PENDING');
    const won = await challenge(me.id, '2026-02-27', 'PROCESSED', 'true');
    await challenge(me.id, '2026-03-03', 'CANCELLED');
    await challenge(me.id, '2025-11-01', 'PROCESSED', 'false'); // older than the feed's reach
    await challenge(other.id, '2026-03-02', 'PENDING');

    const created = await t.http().post('/api/v1/calendar/feed').set(me.auth).set('content-type', 'application/json').expect(201);
    const { url, webcalUrl } = created.body.data as { url: string; webcalUrl: string };
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(webcalUrl).toBe(url.replace('http:', 'webcal:'));

    const res = await t.http().get(feedPath(url)).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const cal = new ICAL.Component(ICAL.parse(res.text));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid).sort()).toEqual([`${pending}@wakestake`, `${won}@wakestake`].sort());

    const next = events.find((e) => e.uid === `${pending}@wakestake`)!;
    expect(next.summary).toBe('Wake up at 6:00 AM IST: ₹40 at stake');
    expect(next.startDate.toJSDate().toISOString()).toBe('2026-03-02T00:15:00.000Z');
    expect(next.endDate.toJSDate().toISOString()).toBe('2026-03-02T00:40:00.000Z');
    const alarms = next.component.getAllSubcomponents('valarm').map((a) => a.getFirstProperty('trigger')!);
    expect(alarms.map((a) => [a.getParameter('related'), a.getFirstValue()!.toString()])).toEqual([
      ['START', 'PT15M'],
      ['END', '-PT5M'],
    ]);
    const done = events.find((e) => e.uid === `${won}@wakestake`)!;
    expect(done.component.getAllSubcomponents('valarm')).toHaveLength(0);
    expect(done.description).toContain('You made it.');
  });

  it('stops the old address when a new one is made, and after the feed is stopped', async () => {
    const first = (await t.http().post('/api/v1/calendar/feed').set(me.auth).expect(201)).body.data.url as string;
    const second = (await t.http().post('/api/v1/calendar/feed').set(me.auth).expect(201)).body.data.url as string;
    expect(second).not.toBe(first);
    await t.http().get(feedPath(first)).expect(404);
    await t.http().get(feedPath(second)).expect(200);
    expect((await t.http().get('/api/v1/calendar/feed').set(me.auth).expect(200)).body.data).toMatchObject({ active: true });
    await t.http().delete('/api/v1/calendar/feed').set(me.auth).expect(200);
    await t.http().get(feedPath(second)).expect(404);
    expect((await t.http().get('/api/v1/calendar/feed').set(me.auth).expect(200)).body.data).toEqual({ active: false, createdAt: null });
  });

  it('answers an unknown or malformed address with 404 in the error shape, and needs sign-in to make one', async () => {
    for (const file of [`${'a'.repeat(43)}.ics`, 'nope.ics', `${'a'.repeat(43)}.txt`]) {
      const res = await t.http().get(`/api/v1/calendar/${file}`).expect(404);
      expect(res.body).toMatchObject({ success: false, statusCode: 404 });
    }
    await t.http().post('/api/v1/calendar/feed').expect(401);
  });
});
