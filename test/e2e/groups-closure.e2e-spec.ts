import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { ist } from './challenges-helpers.js';
import { answer, askReferee, groupOf, nameReferee, photoMorning, settle } from './groups-helpers.js';

/** 's loose ends: support reads referees' verdicts beside a user's challenges; a closed account leaves its groups. */
describe('groups: referee verdicts for support, and closing an account', () => {
  let t: TestApp;
  let ds: DataSource;
  // mornings of 2039 (no other test file books them)
  const DAY1 = '2039-09-05';
  const DAY2 = '2039-09-06';

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  const person = async (fullName: string, paise = 0n): Promise<TestUser> => {
    const u = await createUser(t, { fullName });
    if (paise > 0n) await fund(t, u.id, paise);
    return u;
  };
  const overview = async (u: TestUser) => (await t.http().get('/api/v1/groups/referee/overview').set(u.auth).expect(200)).body.data;
  const supportPage = async (staff: TestUser, u: TestUser) => (await t.http().get(`/api/v1/support/users/${u.id}`).set(staff.auth).expect(200)).body.data;
  type Row = { id: string; referee: Record<string, unknown> | null };
  const refereeOf = (rows: Row[], id: string) => rows.find((r) => r.id === id)?.referee;

  it("support sees each challenge's referee verdict; a closed referee leaves every group, pending requests to them are withdrawn", async () => {
    t.clock.set(ist('2039-09-01', '10:00'));
    const asha = await person('Asha Rao', 10_000n);
    const chitra = await person('Chitra Das', 10_000n);
    const bala = await person('Bala Iyer'); // no money: free to close
    const staff = await createUser(t, { role: 'SUPPORT', fullName: 'Staff Sam' });
    const owls = await groupOf(t, 'Owls', bala, asha, chitra);
    const solo = await groupOf(t, 'Solo', bala);
    await nameReferee(t, owls, asha, bala.id);
    await nameReferee(t, owls, chitra, bala.id);
    await nameReferee(t, owls, bala, asha.id);

    const first = await photoMorning(t, asha, DAY1);
    const notAsked = await photoMorning(t, chitra, DAY1);
    const answered = await askReferee(t, asha, first);
    t.clock.set(ist(DAY1, '07:30'));
    await answer(t, bala, answered, 'confirm', 'Looks awake');
    await settle(t, DAY1);
    const second = await photoMorning(t, asha, DAY2);
    const pending = await askReferee(t, asha, second);
    await settle(t, DAY2);

    // the support console: the verdict beside each challenge (who, what, the note, when); none for one never sent
    const before = (await supportPage(staff, asha)).challenges as Row[];
    expect(refereeOf(before, first)).toEqual({
      requestId: answered,
      status: 'CONFIRMED',
      note: 'Looks awake',
      refereeId: bala.id,
      refereeName: 'Bala Iyer',
      refereeEmail: bala.email,
      askedAt: ist(DAY1, '06:00').toISOString(),
      decidedAt: ist(DAY1, '07:30').toISOString(),
    });
    expect(refereeOf(before, second)).toMatchObject({ requestId: pending, status: 'PENDING', note: null, refereeName: 'Bala Iyer', decidedAt: null });
    expect(refereeOf((await supportPage(staff, chitra)).challenges as Row[], notAsked)).toBeNull();

    // Bala closes his account
    await t.http().delete('/api/v1/auth/account').set(bala.auth).expect(200);

    // the others no longer see him: not a member, the group passes to the earliest member left; his lone group ends
    const page = (await t.http().get(`/api/v1/groups/${owls}`).set(asha.auth).expect(200)).body.data;
    expect(page.members.map((m: { userId: string }) => m.userId).sort()).toEqual([asha.id, chitra.id].sort());
    expect(page).toMatchObject({ isOwner: true, memberCount: 2, myReferee: null });
    expect(JSON.stringify(page)).not.toContain(bala.id);
    expect(await ds.query(`SELECT id FROM friend_groups WHERE id = $1`, [solo])).toEqual([]);
    expect(await ds.query(`SELECT user_id FROM friend_group_members WHERE user_id = $1`, [bala.id])).toEqual([]);
    // he referees nobody and names nobody; the request waiting on him is withdrawn, the answered one stays
    expect(await ds.query(`SELECT user_id FROM referees WHERE user_id = $1 OR referee_id = $1`, [bala.id])).toEqual([]);
    const ashaView = await overview(asha);
    expect(ashaView.referee).toBeNull();
    expect(ashaView.asked.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[answered, 'CONFIRMED']]);
    expect((await overview(chitra)).referee).toBeNull();
    const after = (await supportPage(staff, asha)).challenges as Row[];
    expect(refereeOf(after, first)).toMatchObject({ status: 'CONFIRMED', note: 'Looks awake', refereeId: bala.id });
    expect(refereeOf(after, second)).toBeNull();

    // so Asha can name another referee and ask about that morning again
    await nameReferee(t, owls, asha, chitra.id);
    const again = await askReferee(t, asha, second);
    expect((await overview(chitra)).toReview.map((r: { id: string; challengeId: string; status: string }) => [r.id, r.challengeId, r.status])).toEqual([
      [again, second, 'PENDING'],
    ]);
  });

  it('a member who closes leaves the owner alone in the group; the last member closing ends it', async () => {
    t.clock.set(ist('2039-09-10', '10:00'));
    const dev = await person('Dev Shah');
    const esha = await person('Esha Paul');
    const together = await groupOf(t, 'Pair', esha, dev);
    await t.http().delete('/api/v1/auth/account').set(dev.auth).expect(200);
    const page = (await t.http().get(`/api/v1/groups/${together}`).set(esha.auth).expect(200)).body.data;
    expect(page).toMatchObject({ isOwner: true, memberCount: 1 });
    expect(page.members.map((m: { userId: string }) => m.userId)).toEqual([esha.id]);
    await t.http().delete('/api/v1/auth/account').set(esha.auth).expect(200);
    expect(await ds.query(`SELECT id FROM friend_groups WHERE id = $1`, [together])).toEqual([]);
  });
});
