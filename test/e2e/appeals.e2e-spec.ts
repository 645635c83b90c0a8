import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { balanceOf, createUser, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { rupees, seedDay, Seeded } from './settlement-seed.js';
import { TokenService } from '../../src/common/auth/token.service.js';
import { zonedInstant } from '../../src/common/time.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { SCHEMAS } from '../../src/openapi-contract/schemas.js';

/** The fields of a named schema of the OpenAPI document (the client's types are generated from them). */
const fieldsOf = (schema: unknown) => Object.keys((schema as { properties: Record<string, unknown> }).properties).sort();

/** A fair hearing for a miss: appeal within 48 h, the forfeit waits, support upholds or refunds with a note. */
describe('appeals', () => {
  let t: TestApp;
  let ds: DataSource;
  let staff: TestUser;
  const DAY = '2026-02-10';
  const LATER = '2026-02-11';
  let winner: Seeded;
  let appealed: Seeded;
  let settledMiss: Seeded;
  let stillMiss: Seeded;
  let soloWinner: Seeded;

  const auth = (s: Seeded) => ({ Authorization: `Bearer ${t.app.get(TokenService).sign({ id: s.userId, email: s.email, role: 'USER' })}` });
  const wallet = (s: Seeded) => balanceOf(t, userWallet(s.userId));
  const status = async (s: Seeded) => ((await ds.query(`SELECT status FROM challenges WHERE id = $1`, [s.challengeId])) as { status: string }[])[0].status;

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    staff = await createUser(t, { role: 'SUPPORT' });
    [winner, appealed, settledMiss] = await seedDay(t.app, DAY, [
      { stake: rupees(50), ok: true },
      { stake: rupees(40), ok: false },
      { stake: rupees(20), ok: false },
    ]);
    [stillMiss, soloWinner] = await seedDay(t.app, LATER, [
      { stake: rupees(100), ok: false },
      { stake: rupees(10), ok: true },
    ]);
    t.clock.set(zonedInstant(DAY, '07:00', 'Asia/Kolkata'));
  });
  afterAll(() => t.close());

  it('takes a miss of my own within 48 h with a reason, once', async () => {
    const filed = await t
      .http()
      .post(`/api/v1/challenges/${appealed.challengeId}/appeal`)
      .set(auth(appealed))
      .send({ reason: 'The app showed an error when I checked in at 05:50.' })
      .expect(201);
    expect(filed.body).toMatchObject({ success: true, status: 'OPEN', decisionNote: null, challengeId: appealed.challengeId });
    expect(Object.keys(filed.body).sort()).toEqual([...fieldsOf(SCHEMAS.Appeal), 'success'].sort());
    expect((await t.http().get(`/api/v1/challenges/${appealed.challengeId}/appeal`).set(auth(appealed)).expect(200)).body).toMatchObject({ status: 'OPEN' });

    const again = await t
      .http()
      .post(`/api/v1/challenges/${appealed.challengeId}/appeal`)
      .set(auth(appealed))
      .send({ reason: 'Trying a second time, same story.' })
      .expect(400);
    expect(again.body.error).toBe('This morning has been appealed already');
    expect(
      (await t.http().post(`/api/v1/challenges/${winner.challengeId}/appeal`).set(auth(winner)).send({ reason: 'I made it, but appeal anyway.' }).expect(400))
        .body.error,
    ).toBe('Only a missed morning can be appealed');
    expect(
      (await t.http().post(`/api/v1/challenges/${settledMiss.challengeId}/appeal`).set(auth(settledMiss)).send({ reason: 'short' }).expect(400)).body.error,
    ).toMatch(/^reason must say what happened/);
    await t
      .http()
      .post(`/api/v1/challenges/${settledMiss.challengeId}/appeal`)
      .set(auth(appealed))
      .send({ reason: 'Not my challenge, but trying.' })
      .expect(404);
    await t.http().get(`/api/v1/challenges/${settledMiss.challengeId}/appeal`).set(auth(settledMiss)).expect(404);
  });

  it('settles the rest of the day on time while the appealed forfeit waits', async () => {
    await t.app.get(CommandBus).execute(new SettleDateCommand(DAY));
    expect(await status(winner)).toBe('PROCESSED');
    expect(await status(settledMiss)).toBe('PROCESSED');
    expect(await status(appealed)).toBe('COMPLETED');
    // the pool is the settled miss's 15% only (₹3): the winner gets ₹50 + ₹3, the miss ₹17
    expect(await wallet(winner)).toBe(rupees(53));
    expect(await wallet(settledMiss)).toBe(rupees(17));
    expect(await wallet(appealed)).toBe(0n);
  });

  it('refunds the whole stake of a waiting miss when support says so, with a note and a notice', async () => {
    const open = (await t.http().get('/api/v1/support/appeals?status=OPEN').set(staff.auth).expect(200)).body.data.appeals;
    const mine = open.find((a: { challengeId: string }) => a.challengeId === appealed.challengeId);
    expect(mine).toMatchObject({
      status: 'OPEN',
      userId: appealed.userId,
      user: { email: appealed.email, fullName: 'Seeded User' },
      challenge: { challengeDate: DAY, forfeitAmount: 40, status: 'COMPLETED', hasPhoto: false },
    });
    expect(Object.keys(mine).sort()).toEqual(fieldsOf(SCHEMAS.SupportAppeal));
    expect(Object.keys(mine.challenge).sort()).toEqual(fieldsOf((SCHEMAS.SupportAppeal.properties as Record<string, unknown>).challenge));
    await t.http().post(`/api/v1/support/appeals/${mine.id}/decision`).set(auth(appealed)).send({ decision: 'REFUNDED', note: 'Our logs agree.' }).expect(403);
    await t.http().post(`/api/v1/support/appeals/${mine.id}/decision`).set(staff.auth).send({ decision: 'MAYBE', note: 'Our logs agree.' }).expect(400);

    await ds.query(`UPDATE users SET is_email_verified = true WHERE id = $1`, [appealed.userId]); // answers go by mail to a verified address
    const decided = await t
      .http()
      .post(`/api/v1/support/appeals/${mine.id}/decision`)
      .set(staff.auth)
      .send({ decision: 'REFUNDED', note: 'Our logs show the upload failed at 05:50.' })
      .expect(200);
    const mails = (await ds.query(`SELECT subject, text_body FROM mail_outbox WHERE to_address = $1`, [appealed.email])) as {
      subject: string;
      text_body: string | null;
    }[];
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('WakeStake: your appeal was accepted');
    expect(decided.body.data).toMatchObject({ status: 'REFUNDED', decisionNote: 'Our logs show the upload failed at 05:50.' });
    expect(Object.keys(decided.body.data).sort()).toEqual(fieldsOf(SCHEMAS.Appeal));
    expect(await wallet(appealed)).toBe(rupees(40));
    expect(await status(appealed)).toBe('PROCESSED');
    expect((await t.http().get(`/api/v1/challenges/${appealed.challengeId}/appeal`).set(auth(appealed)).expect(200)).body).toMatchObject({
      status: 'REFUNDED',
      decisionNote: 'Our logs show the upload failed at 05:50.',
    });
    const [note] = (await ds.query(`SELECT title, message FROM notifications WHERE user_id = $1 AND type = 'APPEAL_REFUNDED'`, [appealed.userId])) as {
      title: string;
      message: string;
    }[];
    expect(note.message).toContain('the whole ₹40 stake refunded');
    const twice = await t
      .http()
      .post(`/api/v1/support/appeals/${mine.id}/decision`)
      .set(staff.auth)
      .send({ decision: 'UPHELD', note: 'Changed my mind.' })
      .expect(400);
    expect(twice.body.error).toBe('This appeal has been decided already (REFUNDED)');
    expect(await wallet(appealed)).toBe(rupees(40));
  });

  it('pays back a forfeit already settled when an appeal made after settlement is refunded', async () => {
    const filed = await t
      .http()
      .post(`/api/v1/challenges/${settledMiss.challengeId}/appeal`)
      .set(auth(settledMiss))
      .send({ reason: 'The server was down at 05:55, I have a screenshot.' })
      .expect(201);
    const appeal = (await t.http().get('/api/v1/support/appeals?status=OPEN').set(staff.auth).expect(200)).body.data.appeals.find(
      (a: { id: string }) => a.id === filed.body.id,
    );
    await t.http().post(`/api/v1/support/appeals/${appeal.id}/decision`).set(staff.auth).send({ decision: 'REFUNDED', note: 'Confirmed outage.' }).expect(200);
    expect(await wallet(settledMiss)).toBe(rupees(20)); // ₹17 from settlement + the ₹3 forfeit back
    expect(await wallet(winner)).toBe(rupees(53)); // the winner keeps what they were paid
    const tx = (await t.http().get('/api/v1/wallet/transactions').set(auth(settledMiss)).expect(200)).body.data.transactions;
    expect(tx[0]).toMatchObject({ type: 'REFUND', amount: 3, description: 'Forfeit refunded: your appeal was accepted' });
  });

  it('settles an upheld miss at once, and refuses an appeal after 48 hours', async () => {
    t.clock.set(zonedInstant(LATER, '07:00', 'Asia/Kolkata'));
    const filed = await t
      .http()
      .post(`/api/v1/challenges/${stillMiss.challengeId}/appeal`)
      .set(auth(stillMiss))
      .send({ reason: 'My phone died overnight, please consider.' })
      .expect(201);
    await t.app.get(CommandBus).execute(new SettleDateCommand(LATER));
    expect(await status(soloWinner)).toBe('PROCESSED');
    expect(await status(stillMiss)).toBe('COMPLETED');
    expect(await wallet(soloWinner)).toBe(rupees(10)); // no miss settled with it: stake back, no share

    await t
      .http()
      .post(`/api/v1/support/appeals/${filed.body.id}/decision`)
      .set(staff.auth)
      .send({ decision: 'UPHELD', note: 'A dead phone is not an outage on our side.' })
      .expect(200);
    expect(await status(stillMiss)).toBe('PROCESSED');
    expect(await wallet(stillMiss)).toBe(rupees(85));
    expect((await t.http().get(`/api/v1/challenges/${stillMiss.challengeId}/appeal`).set(auth(stillMiss)).expect(200)).body).toMatchObject({
      status: 'UPHELD',
      decisionNote: 'A dead phone is not an outage on our side.',
    });

    const [old] = await seedDay(t.app, '2026-02-05', [{ stake: rupees(30), ok: false }]);
    t.clock.set(new Date(zonedInstant('2026-02-05', '06:10', 'Asia/Kolkata').getTime() + 48 * 3_600_000 + 1000));
    const late = await t.http().post(`/api/v1/challenges/${old.challengeId}/appeal`).set(auth(old)).send({ reason: 'Too late for anything now.' }).expect(400);
    expect(late.body.error).toBe('A miss can be appealed within 48 hours of its check-in window');
    await expectLedgerConsistent(t.app);
  });
});
