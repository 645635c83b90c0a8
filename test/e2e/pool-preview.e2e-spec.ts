import { CommandBus } from '@nestjs/cqrs';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, TestUser } from '../factories/wallet.js';
import { rupees, seedDay } from './settlement-seed.js';
import { zonedInstant } from '../../src/common/time.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';

/** GET /api/v1/challenges/pool: the players and the pool so far of a date, before staking and on the Today card. */
describe('pool preview', () => {
  let t: TestApp;
  let me: TestUser;
  const DAY = '2031-06-17'; // a date no other file seeds (they share the run's database)

  beforeAll(async () => {
    t = await createTestApp();
    me = await createUser(t);
    await seedDay(t.app, DAY, [
      { stake: rupees(50), ok: true },
      { stake: rupees(35), ok: false },
      { stake: rupees(35), ok: false },
      { stake: rupees(20), ok: null },
    ]);
    t.clock.set(zonedInstant(DAY, '06:30', 'Asia/Kolkata'));
  });
  afterAll(() => t.close());

  it('counts players and stakes, and the pool the misses leave by the split rule (each stake on its own)', async () => {
    const res = await t.http().get(`/api/v1/challenges/pool?date=${DAY}`).set(me.auth).expect(200);
    // ₹35 leaves ₹5.25 each (15%, paise exact): ₹10.50 from two misses
    expect(res.body.data).toEqual({ date: DAY, proof: 'NONE', players: 4, totalStaked: 140, checkedIn: 1, missed: 2, pool: 10.5, settled: false });
    expect((await t.http().get('/api/v1/challenges/pool').set(me.auth).expect(200)).body.data.date).toBe(DAY); // today by default
  });

  it('reads what settlement kept once the date is settled', async () => {
    await t.app.get(CommandBus).execute(new SettleDateCommand(DAY));
    const res = await t.http().get(`/api/v1/challenges/pool?date=${DAY}`).set(me.auth).expect(200);
    expect(res.body.data).toMatchObject({ players: 4, missed: 3, pool: 13.5 }); // the pending one was closed as missed: + ₹3
  });

  it('refuses a malformed date and strangers', async () => {
    expect((await t.http().get('/api/v1/challenges/pool?date=tomorrow').set(me.auth).expect(400)).body.error).toBe(
      'date must be a date in the form YYYY-MM-DD',
    );
    await t.http().get(`/api/v1/challenges/pool?date=${DAY}`).expect(401);
  });
});
