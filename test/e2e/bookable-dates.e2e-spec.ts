import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { zonedInstant } from '../../src/common/time.js';

const at = (date: string, time: string) => zonedInstant(date, time, 'Asia/Kolkata');

interface Day {
  date: string;
  bookable: boolean;
  reason?: string;
  blockedBy?: string;
  wakeUpTimes: string[];
}

/** The create form's date picker asks once which of the next 8 dates can be booked. */
describe('GET /challenges/bookable-dates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const player = async (): Promise<TestUser> => {
    const u = await createUser(t);
    await fund(t, u.id, 100_000n); // ₹1,000
    return u;
  };
  const bookable = async (u: TestUser) =>
    (await t.http().get('/api/v1/challenges/bookable-dates').set(u.auth).expect(200)).body.data as {
      today: string;
      firstBookable: string | null;
      dates: Day[];
    };

  it('leaves out booked and leave days with their reasons, and offers today only the slots whose window has not opened', async () => {
    const me = await player();
    t.clock.set(at('2038-03-09', '12:00'));
    await t.http().post('/api/v1/challenges').set(me.auth).send({ challengeDate: '2038-03-12', wakeUpTime: '06:00', forfeitAmount: 20 }).expect(201);
    await t.http().post('/api/v1/leave').set(me.auth).send({ date: '2038-03-14' }).expect(201);

    t.clock.set(at('2038-03-10', '05:05'));
    const r = await bookable(me);
    expect(r.today).toBe('2038-03-10');
    expect(r.dates.map((d) => d.date)).toEqual([
      '2038-03-10',
      '2038-03-11',
      '2038-03-12',
      '2038-03-13',
      '2038-03-14',
      '2038-03-15',
      '2038-03-16',
      '2038-03-17',
    ]);
    // 05:05: the 05:00 window opened at 04:45, the 05:30 one opens at 05:15
    expect(r.dates[0]).toMatchObject({ bookable: true, wakeUpTimes: ['05:30', '06:00', '06:30', '07:00'] });
    expect(r.dates[1].wakeUpTimes).toEqual(['04:00', '04:30', '05:00', '05:30', '06:00', '06:30', '07:00']);
    expect(r.dates[2]).toMatchObject({ bookable: false, blockedBy: 'BOOKED', reason: 'You already have a challenge for this date' });
    expect(r.dates[4]).toMatchObject({ bookable: false, blockedBy: 'LEAVE' });
    expect(r.dates[4].reason).toContain('on leave');
    expect(r.dates.filter((d) => d.bookable).map((d) => d.date)).toEqual(['2038-03-10', '2038-03-11', '2038-03-13', '2038-03-15', '2038-03-16', '2038-03-17']);
    expect(r.firstBookable).toBe('2038-03-10');

    // what the list says agrees with the create route: the leave day is refused, a listed slot is accepted
    await t.http().post('/api/v1/challenges').set(me.auth).send({ challengeDate: '2038-03-14', wakeUpTime: '06:00', forfeitAmount: 20 }).expect(400);
    await t.http().post('/api/v1/challenges').set(me.auth).send({ challengeDate: '2038-03-10', wakeUpTime: '05:00', forfeitAmount: 20 }).expect(400);
    await t.http().post('/api/v1/challenges').set(me.auth).send({ challengeDate: '2038-03-10', wakeUpTime: '05:30', forfeitAmount: 20 }).expect(201);
    const after = await bookable(me);
    expect(after.dates[0]).toMatchObject({ bookable: false, blockedBy: 'BOOKED' });
    expect(after.firstBookable).toBe('2038-03-11');
  });

  it('after the last slot’s window opened today is not bookable and the first bookable date is tomorrow', async () => {
    const me = await player();
    t.clock.set(at('2038-03-20', '06:50'));
    const r = await bookable(me);
    expect(r.dates[0]).toMatchObject({ date: '2038-03-20', bookable: false, blockedBy: 'OTHER', wakeUpTimes: [] });
    expect(r.firstBookable).toBe('2038-03-21');
  });

  it('with too little balance nothing is bookable, each date saying why', async () => {
    const poor = await createUser(t);
    t.clock.set(at('2038-03-25', '12:00'));
    const r = await bookable(poor);
    expect(r.firstBookable).toBeNull();
    expect(r.dates.every((d) => !d.bookable)).toBe(true);
    // today's last window has opened (12:00): that reason comes first; every later date is the balance
    expect(r.dates[0].reason).toContain('already opened');
    expect(r.dates.slice(1).every((d) => /Insufficient balance/.test(d.reason ?? ''))).toBe(true);
  });

  it('needs a signed-in user', async () => {
    await t.http().get('/api/v1/challenges/bookable-dates').expect(401);
  });
});
