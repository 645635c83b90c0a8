import { CommandBus } from '@nestjs/cqrs';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { TokenService } from '../../src/common/auth/token.service.js';
import { PhotoStorage, storageUnavailable } from '../../src/common/storage/photo-storage.js';
import { zonedInstant } from '../../src/common/time.js';
import { AvailabilityRecorder } from '../../src/modules/availability/infrastructure/availability-recorder.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { computeSplit, SplitInput } from '../../src/modules/settlement/domain/split.js';
import { SCHEMAS } from '../../src/openapi-contract/schemas.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { balanceOf } from '../factories/wallet.js';
import { rupees, seedDay, Seeded } from './settlement-seed.js';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const TZ = 'Asia/Kolkata';

/** A photo store that refuses every upload while `down` is set (as an unreachable S3 would). */
class FlakyStore extends PhotoStorage {
  readonly kind = 'local' as const;
  down = false;
  async put(): Promise<void> {
    if (this.down) throw storageUnavailable(new Error('connect ECONNREFUSED'));
  }
  async get(): Promise<Buffer | null> {
    return null;
  }
  async delete(): Promise<void> {}
}

/**
 * The api records its own check-in failures; a miss whose window overlapped an outage we recorded is settled
 * as forgiven (the whole stake back, nothing to the pool), the receipt says why, support sees the outage and what it
 * forgave. Everyone else is paid exactly what the day pays without the forgiven stake.
 */
describe('platform-fault forgiveness', () => {
  let t: TestApp;
  let ds: DataSource;
  const store = new FlakyStore();
  // dates used by no other test file (the run's database is shared)
  const DAY = '2025-08-14';
  const DAY2 = '2025-08-21';
  let day: Seeded[];
  let target: Seeded;
  const token = (u: { userId: string; email: string }, role: 'USER' | 'SUPPORT' = 'USER') =>
    `Bearer ${t.app.get(TokenService).sign({ id: u.userId, email: u.email, role })}`;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { AVAILABILITY_RECORDER: 'manual' }, override: (b) => b.overrideProvider(PhotoStorage).useValue(store) });
    ds = t.app.get<DataSource>(getDataSourceToken());
    // everyone's window is 05:45–06:10; the target's (wake-up 06:30) is 06:15–06:40
    day = await seedDay(t.app, DAY, [
      { stake: rupees(100), ok: true },
      { stake: rupees(37), ok: true },
      { stake: 3333n, ok: false },
      { stake: rupees(50), ok: null },
      { stake: rupees(80), ok: null }, // the target
      { stake: rupees(20), ok: null },
    ]);
    target = day[4];
    await ds.query(`UPDATE challenges SET wake_up_time = '06:30', window_opens_at = $2, window_closes_at = $3 WHERE id = $1`, [
      target.challengeId,
      zonedInstant(DAY, '06:15', TZ),
      zonedInstant(DAY, '06:40', TZ),
    ]);
    const [staff] = await seedDay(t.app, '2025-08-28', [{ stake: rupees(1), ok: true }], 'SUPPORT');
    support = token(staff, 'SUPPORT');
  });
  afterAll(async () => {
    await t.close();
  });

  const photoCheckIn = (u: Seeded) =>
    t
      .http()
      .post('/api/v1/challenges/verify')
      .set('Authorization', token(u))
      .field('challengeId', u.challengeId)
      .field('verificationMethod', 'PHOTO')
      .attach('photo', PNG_1PX, { filename: 'me.png', contentType: 'image/png' });

  it('forgives the miss whose window overlapped the check-in outage, and pays everyone else as if it were not there', async () => {
    // 06:20 inside the target's window: the photo store is down, every check-in attempt answers 503
    t.clock.set(zonedInstant(DAY, '06:20', TZ));
    store.down = true;
    for (let i = 0; i < 3; i++) expect((await photoCheckIn(target).expect(503)).body).toMatchObject({ success: false, statusCode: 503 });
    store.down = false;
    await t.app.get(AvailabilityRecorder).flush();

    t.clock.set(zonedInstant(DAY, '09:00', TZ));
    await t.app.get(CommandBus).execute(new SettleDateCommand(DAY));

    // the recorder's outages: one minute of check-in errors and of failed uploads, 06:20–06:21
    const outages = (await ds.query(`SELECT id, kind, started_at, ended_at, source FROM outages WHERE started_at >= $1 AND started_at < $2 ORDER BY kind`, [
      zonedInstant(DAY, '00:00', TZ),
      zonedInstant(DAY, '23:59', TZ),
    ])) as { id: string; kind: string; started_at: Date; ended_at: Date; source: string }[];
    expect(outages.map((o) => [o.kind, o.started_at, o.ended_at, o.source])).toEqual([
      ['CHECKIN_ERRORS', zonedInstant(DAY, '06:20', TZ), zonedInstant(DAY, '06:21', TZ), 'recorder'],
      ['UPLOAD_FAILED', zonedInstant(DAY, '06:20', TZ), zonedInstant(DAY, '06:21', TZ), 'recorder'],
    ]);

    // the target: the whole stake back under its own journal reason, nothing to the pool
    expect(await balanceOf(t, `user:${target.userId}:wallet`)).toBe(target.stake);
    const [entry] = await ds.query(`SELECT reason FROM journal_entries WHERE idempotency_key = $1`, [`challenge:${target.challengeId}:return-stake`]);
    expect(entry.reason).toBe('OUTAGE_FORGIVEN');
    expect(await ds.query(`SELECT 1 FROM journal_entries WHERE idempotency_key = $1`, [`challenge:${target.challengeId}:pool`])).toEqual([]);

    // the plan in SQL is computeSplit with the target forgiven
    const inputs = (await ds.query(`SELECT id, user_id, stake::text AS stake, is_successful, created_at FROM challenges WHERE challenge_date = $1`, [DAY])) as {
      id: string;
      user_id: string;
      stake: string;
      is_successful: boolean;
      created_at: Date;
    }[];
    const asInput = (c: (typeof inputs)[number]): SplitInput => ({
      id: c.id,
      userId: c.user_id,
      stake: BigInt(c.stake),
      isSuccessful: c.is_successful,
      createdAt: c.created_at,
    });
    const forgivenBy = (await ds.query(`SELECT forgiven_by FROM settlement_lines WHERE challenge_id = $1`, [target.challengeId]))[0].forgiven_by as string;
    expect(outages.map((o) => o.id)).toContain(forgivenBy);
    const split = computeSplit(inputs.map((c) => ({ ...asInput(c), forgivenBy: c.id === target.challengeId ? forgivenBy : null })));
    const lines = (await ds.query(
      `SELECT challenge_id, refund::text, pooled::text, winnings::text, forgiven_by FROM settlement_lines WHERE settlement_date = $1 ORDER BY line_no`,
      [DAY],
    )) as {
      challenge_id: string;
      refund: string;
      pooled: string;
      winnings: string;
      forgiven_by: string | null;
    }[];
    expect(lines.map((l) => [l.challenge_id, l.refund, l.pooled, l.winnings, l.forgiven_by])).toEqual(
      split.lines.map((l) => [l.challengeId, String(l.refund), String(l.pooled), String(l.winnings), l.forgivenBy]),
    );

    // everyone else, computed independently: the day's split without the target at all
    const without = computeSplit(inputs.filter((c) => c.id !== target.challengeId).map(asInput));
    for (const s of day.filter((d) => d !== target)) {
      const l = without.lines.find((x) => x.challengeId === s.challengeId)!;
      expect({ who: s.challengeId, balance: await balanceOf(t, `user:${s.userId}:wallet`) }).toEqual({ who: s.challengeId, balance: l.payout });
    }
    expect(without.totals.pool).toBe(3333n - (3333n * 85n) / 100n + rupees(7.5) + rupees(3));
    await expectLedgerConsistent(t.app);
  });

  it("says why on the user's receipt and on the challenge", async () => {
    const res = await t.http().get(`/api/v1/settlements/${DAY}`).set('Authorization', token(target)).expect(200);
    const [line] = res.body.data.yourLines;
    expect(line).toMatchObject({ challengeId: target.challengeId, isSuccessful: false, outcome: 'FORGIVEN', stake: 80, refund: 80, payout: 80, winnings: 0 });
    expect(line.forgiven.reason).toMatch(
      /^Forgiven: our service was down during your window \((check-ins were failing|check-in photos could not be uploaded), 14 Aug 2025, 6:20 AM–6:21 AM IST\)$/,
    );
    expect(['CHECKIN_ERRORS', 'UPLOAD_FAILED']).toContain(line.forgiven.kind);
    expect(line.forgiven.startedAt).toBe(zonedInstant(DAY, '06:20', TZ).toISOString());
    const r = res.body.data.receipt;
    expect(r).toMatchObject({ participants: 6, successes: 2, failures: 3, forgiven: 1, forgivenTotal: 80 });
    expect(r.lines.filter((l: { outcome: string }) => l.outcome === 'FORGIVEN')).toEqual([expect.objectContaining({ stake: 80, refund: 80, winnings: 0 })]);
    expect(r.refundsTotal + r.stakesReturned + r.sharesTotal + r.platformRevenue).toBeCloseTo(r.moneyIn, 2);

    const c = (await t.http().get(`/api/v1/challenges/${target.challengeId}`).set('Authorization', token(target)).expect(200)).body.challenge;
    expect(c).toMatchObject({ status: 'PROCESSED', isSuccessful: false, actualForfeitAmount: 0, refundedAmount: 80, forgivenReason: line.forgiven.reason });
    expect(c.statusDescription).toBe(`${line.forgiven.reason}. Your whole ₹80 stake is back in your wallet`);

    const other = (await t.http().get(`/api/v1/challenges/${day[3].challengeId}`).set('Authorization', token(day[3])).expect(200)).body.challenge;
    expect(other).toMatchObject({ forgivenReason: null, actualForfeitAmount: 7.5 });
  });

  it('shows support the outage and the challenges it forgave; support records and closes an incident by hand', async () => {
    const list = await t.http().get(`/api/v1/support/outages?date=${DAY}`).set('Authorization', support).expect(200);
    const outages = list.body.data.outages as { id: string; kind: string; forgiven: { challengeId: string; refunded: number }[] }[];
    expect(outages.map((o) => o.kind).sort()).toEqual(['CHECKIN_ERRORS', 'UPLOAD_FAILED']);
    expect(outages.flatMap((o) => o.forgiven)).toEqual([expect.objectContaining({ challengeId: target.challengeId, refunded: 80, paid: true })]);
    // exactly the fields of the document's SupportOutage (the client's type is generated from it)
    const fieldsOf = (schema: unknown) => Object.keys((schema as { properties: Record<string, unknown> }).properties).sort();
    const supportOutage = SCHEMAS.SupportOutage.properties as Record<string, { items: unknown }>;
    for (const o of outages) expect(Object.keys(o).sort()).toEqual(fieldsOf(SCHEMAS.SupportOutage));
    expect(Object.keys(outages.flatMap((o) => o.forgiven)[0]).sort()).toEqual(fieldsOf(supportOutage.forgiven.items));
    await t.http().get(`/api/v1/support/outages?date=${DAY}`).set('Authorization', token(target)).expect(403);
    await t.http().get('/api/v1/support/outages?date=2025-02-30').set('Authorization', support).expect(400);

    // DAY2: two misses; support records an incident over the first one's window only
    const [hit, spared, winner] = await seedDay(t.app, DAY2, [
      { stake: rupees(40), ok: null },
      { stake: rupees(60), ok: null },
      { stake: rupees(10), ok: true },
    ]);
    await ds.query(`UPDATE challenges SET wake_up_time = '07:00', window_opens_at = $2, window_closes_at = $3 WHERE id = $1`, [
      spared.challengeId,
      zonedInstant(DAY2, '06:45', TZ),
      zonedInstant(DAY2, '07:10', TZ),
    ]);
    t.clock.set(zonedInstant(DAY2, '06:30', TZ));
    // the run's database is shared: only what this test records from here on
    const [{ since }] = await ds.query(`SELECT coalesce(max(seq), 0)::text AS since FROM support_access_log`);
    const bad = await t
      .http()
      .post('/api/v1/support/outages')
      .set('Authorization', support)
      .send({ kind: 'SOMETHING', startedAt: zonedInstant(DAY2, '05:50', TZ).toISOString(), detail: 'Jio DNS failing' })
      .expect(400);
    expect(bad.body.error).toMatch(/kind must be one of/);
    const made = await t
      .http()
      .post('/api/v1/support/outages')
      .set('Authorization', support)
      .send({ kind: 'INCIDENT', startedAt: zonedInstant(DAY2, '05:50', TZ).toISOString(), detail: 'Mobile network DNS failures reported by 40 users' })
      .expect(200);
    expect(made.body.data).toMatchObject({ kind: 'INCIDENT', source: 'support', endedAt: null });
    expect(Object.keys(made.body.data).sort()).toEqual(fieldsOf(SCHEMAS.Outage));
    await t
      .http()
      .post(`/api/v1/support/outages/${made.body.data.id}/close`)
      .set('Authorization', support)
      .send({ endedAt: zonedInstant(DAY2, '06:05', TZ).toISOString() })
      .expect(200);
    const logged = await ds.query(`SELECT action FROM support_access_log WHERE action LIKE 'POST support/outages%' AND seq > $1 ORDER BY seq`, [since]);
    expect(logged.map((r: { action: string }) => r.action)).toEqual(['POST support/outages', 'POST support/outages/:id/close']);

    t.clock.set(zonedInstant(DAY2, '09:00', TZ));
    await t.app.get(CommandBus).execute(new SettleDateCommand(DAY2));
    expect(await balanceOf(t, `user:${hit.userId}:wallet`)).toBe(rupees(40));
    expect(await balanceOf(t, `user:${spared.userId}:wallet`)).toBe(rupees(51));
    expect(await balanceOf(t, `user:${winner.userId}:wallet`)).toBe(rupees(19));
    const again = await t.http().get(`/api/v1/support/outages?date=${DAY2}`).set('Authorization', support).expect(200);
    expect(again.body.data.outages).toEqual([
      expect.objectContaining({ kind: 'INCIDENT', recordedBy: expect.any(String), forgiven: [expect.objectContaining({ challengeId: hit.challengeId })] }),
    ]);
    await expectLedgerConsistent(t.app);
  });

  it('forgives a pledge-mode miss too: the whole stake back, nothing donated', async () => {
    const DAY3 = '2025-09-04';
    const [hit, spared] = await seedDay(t.app, DAY3, [
      { stake: rupees(40), ok: null },
      { stake: rupees(60), ok: null },
    ]);
    await ds.query(`UPDATE challenges SET pool_mode = 'pledge' WHERE id = ANY($1::uuid[])`, [[hit.challengeId, spared.challengeId]]);
    await ds.query(`UPDATE challenges SET window_opens_at = $2, window_closes_at = $3 WHERE id = $1`, [
      spared.challengeId,
      zonedInstant(DAY3, '06:45', TZ),
      zonedInstant(DAY3, '07:10', TZ),
    ]);
    t.clock.set(zonedInstant(DAY3, '06:30', TZ));
    await t
      .http()
      .post('/api/v1/support/outages')
      .set('Authorization', support)
      .send({
        kind: 'API_DOWN',
        startedAt: zonedInstant(DAY3, '05:40', TZ).toISOString(),
        endedAt: zonedInstant(DAY3, '05:50', TZ).toISOString(),
        detail: 'Load balancer dropped every request',
      })
      .expect(200);
    t.clock.set(zonedInstant(DAY3, '09:00', TZ));
    await t.app.get(CommandBus).execute(new SettleDateCommand(DAY3));
    expect(await balanceOf(t, `user:${hit.userId}:wallet`)).toBe(rupees(40));
    expect(await balanceOf(t, `user:${spared.userId}:wallet`)).toBe(rupees(51));
    expect(await ds.query(`SELECT 1 FROM journal_entries WHERE idempotency_key = $1`, [`challenge:${hit.challengeId}:donation`])).toEqual([]);
    const receipt = (await t.http().get(`/api/v1/settlements/${DAY3}`).set('Authorization', token(hit)).expect(200)).body.data;
    expect(receipt.receipt).toMatchObject({ mode: 'pledge', forgiven: 1, failures: 1, platformRevenue: 9 });
    expect(receipt.yourLines[0]).toMatchObject({ outcome: 'FORGIVEN', refund: 40, forgiven: expect.objectContaining({ kind: 'API_DOWN' }) });
    expect(receipt.yourLines[0].forgiven.reason).toMatch(/the app could not be reached, 4 Sept 2025, 5:40 AM–5:50 AM IST\)$/);
    await expectLedgerConsistent(t.app);
  });
});
