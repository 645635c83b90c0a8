import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { createUser, fund, TestUser } from '../factories/wallet.js';
import { expectLedgerConsistent } from '../setup/ledger-invariants.js';
import { ist, walletOf } from './challenges-helpers.js';
import { addDays } from '../../src/common/time.js';
import { CloseMissedChallengesCommand } from '../../src/modules/challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';
import { GetRefereeVerdictsQuery } from '../../src/modules/groups/queries/get-referee-verdicts/get-referee-verdicts.query.js';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** 's groups use dates in 2034 only (no other test file does). The week of 2034-03-13 (a Monday). */
const MON = '2034-03-13';
const TUE = '2034-03-14';
const WED = '2034-03-15';
const THU = '2034-03-16';
const REF_DAY = '2034-04-04';
const MONEY_WORDS = /stake|forfeit|amount|winning|balance|refund|earning|loss|paise|rupee/i;

/** Every key of a JSON value, at any depth. */
function keysOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(keysOf);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)]);
  return [];
}

/** Every number in a JSON value, at any depth. */
function numbersOf(v: unknown): number[] {
  if (typeof v === 'number') return [v];
  if (v && typeof v === 'object') return Object.values(v).flatMap(numbersOf);
  return [];
}

describe('groups: invite links, mornings, the weekly board and referees', () => {
  let t: TestApp;
  const settled = new Set<string>();

  const person = async (fullName: string): Promise<TestUser> => {
    const u = await createUser(t, { fullName });
    await fund(t, u.id, 100_000n); // ₹1,000
    return u;
  };
  const api = () => t.http();
  const create = (u: TestUser, body: unknown) =>
    api()
      .post('/api/v1/groups')
      .set(u.auth)
      .send(body as object);
  const join = (u: TestUser, token: unknown) => api().post('/api/v1/groups/join').set(u.auth).send({ token });
  const page = (u: TestUser, id: string) => api().get(`/api/v1/groups/${id}`).set(u.auth);
  const showOnBoard = (u: TestUser, on: boolean) =>
    api()
      .put('/api/v1/auth/profile')
      .set(u.auth)
      .send({ settings: { privacy: { showOnLeaderboard: on } } })
      .expect(200);
  const newGroup = async (owner: TestUser, name = 'Early birds') => (await create(owner, { name }).expect(201)).body.data;
  const book = async (u: TestUser, date: string, stake = 30): Promise<string> => {
    t.clock.set(ist(addDays(date, -1), '12:00'));
    const res = await api().post('/api/v1/challenges').set(u.auth).send({ challengeDate: date, wakeUpTime: '06:00', forfeitAmount: stake });
    if (res.status !== 201) throw new Error(`booking ${date}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.challenge.id;
  };
  const checkIn = async (u: TestUser, id: string, date: string, photo = false) => {
    t.clock.set(ist(date, '06:00'));
    const req = api().post('/api/v1/challenges/verify').set(u.auth);
    if (photo)
      await req
        .field('challengeId', id)
        .field('verificationMethod', 'PHOTO')
        .attach('photo', PNG_1PX, { filename: 'me.png', contentType: 'image/png' })
        .expect(200);
    else await req.send({ challengeId: id, verificationMethod: 'MANUAL' }).expect(200);
  };
  const settle = async (date: string) => {
    t.clock.set(ist(date, '09:00'));
    await t.app.get(CommandBus).execute(new CloseMissedChallengesCommand(date));
    await t.app.get(CommandBus).execute(new SettleDateCommand(date));
    settled.add(date);
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => expectLedgerConsistent(t.app));
  afterAll(() => t.close());

  it('creates a group with an unguessable invite link; a friend joins by it; a new link retires the old one', async () => {
    t.clock.set(ist(MON, '10:00'));
    const asha = await person('Asha Rao');
    const bala = await person('Bala Iyer');
    const chitra = await person('Chitra Das');
    const created = await create(asha, { name: '  Early   birds ' }).expect(201);
    const g = created.body.data;
    expect(g).toMatchObject({ name: 'Early birds', isOwner: true, memberCount: 1, members: [{ userId: asha.id, name: 'Asha', isOwner: true, isMe: true }] });
    expect(g.inviteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(g.inviteUrl).toBe(`${t.config.appUrl.replace(/\/+$/, '')}/join/${g.inviteToken}`);
    expect((await newGroup(bala, 'Other')).inviteToken).not.toBe(g.inviteToken);
    t.clock.advance(60_000);

    const preview = await api().get(`/api/v1/groups/invites/${g.inviteToken}`).set(bala.auth).expect(200);
    expect(preview.body.data).toEqual({ groupId: g.id, name: 'Early birds', memberCount: 1, isMember: false, full: false });
    expect((await join(bala, g.inviteToken).expect(200)).body.data).toEqual({ groupId: g.id, name: 'Early birds', alreadyMember: false });
    expect((await join(bala, g.inviteToken).expect(200)).body.data.alreadyMember).toBe(true);
    const seenByBala = (await page(bala, g.id).expect(200)).body.data;
    expect(seenByBala).toMatchObject({ isOwner: false, memberCount: 2 });
    expect(seenByBala.members.map((m: { name: string; isMe: boolean }) => [m.name, m.isMe])).toEqual([
      ['Asha', false],
      ['Bala', true],
    ]);
    const listed = (await api().get('/api/v1/groups').set(bala.auth).expect(200)).body.data;
    expect(listed.groups.map((x: { name: string; isOwner: boolean; memberCount: number }) => [x.name, x.isOwner, x.memberCount])).toEqual([
      ['Other', true, 1],
      ['Early birds', false, 2],
    ]);

    // only the owner makes a new link; the old one then leads nowhere
    expect((await api().post(`/api/v1/groups/${g.id}/invite`).set(bala.auth).expect(403)).body.error).toBe("Only the group's owner can make a new invite link");
    const fresh = (await api().post(`/api/v1/groups/${g.id}/invite`).set(asha.auth).expect(200)).body.data;
    expect(fresh.inviteToken).not.toBe(g.inviteToken);
    expect((await join(chitra, g.inviteToken).expect(404)).body.error).toBe('This invite link is not valid any more: ask for a new one');
    await join(chitra, fresh.inviteToken).expect(200);

    // strangers learn nothing; the owner removes; members leave; the last one out ends the group
    const stranger = await person('Dev Nair');
    expect((await page(stranger, g.id).expect(404)).body.error).toBe('Group not found');
    await page(stranger, '6f1c1f7e-0000-4000-8000-000000000000').expect(404);
    await page(stranger, 'not-a-uuid').expect(404);
    await api().get(`/api/v1/groups/${g.id}`).expect(401);
    expect((await api().delete(`/api/v1/groups/${g.id}/members/${asha.id}`).set(bala.auth).expect(403)).body.error).toBe(
      "Only the group's owner can remove members",
    );
    expect((await api().delete(`/api/v1/groups/${g.id}/members/${asha.id}`).set(asha.auth).expect(400)).body.error).toBe(
      'To leave your own group, use Leave group',
    );
    await api().delete(`/api/v1/groups/${g.id}/members/${chitra.id}`).set(asha.auth).expect(200);
    await page(chitra, g.id).expect(404);
    expect((await api().delete(`/api/v1/groups/${g.id}/members/${chitra.id}`).set(asha.auth).expect(404)).body.error).toBe(
      'That person is not a member of this group',
    );
    await api().post(`/api/v1/groups/${g.id}/leave`).set(stranger.auth).expect(404);

    // the owner leaves: the earliest member left owns the group; the last one out ends it
    expect((await api().post(`/api/v1/groups/${g.id}/leave`).set(asha.auth).expect(200)).body.data).toEqual({ groupId: g.id, groupDeleted: false });
    expect((await page(bala, g.id).expect(200)).body.data).toMatchObject({ isOwner: true, memberCount: 1 });
    expect((await api().post(`/api/v1/groups/${g.id}/leave`).set(bala.auth).expect(200)).body.data.groupDeleted).toBe(true);
    await join(chitra, fresh.inviteToken).expect(404);
    expect((await api().get('/api/v1/groups').set(bala.auth).expect(200)).body.data.groups.map((x: { name: string }) => x.name)).toEqual(['Other']);
  });

  it("shows each member's mornings of this week, never an amount, and a board of only those whose leaderboard setting allows it", async () => {
    const asha = await person('Asha Rao');
    const bala = await person('Bala Iyer');
    const chitra = await person('Chitra Das');
    t.clock.set(ist(addDays(MON, -1), '09:00'));
    const g = await newGroup(asha, 'Week board');
    await join(bala, g.inviteToken).expect(200);
    await join(chitra, g.inviteToken).expect(200);

    // Asha: Monday made, Tuesday missed, Wednesday booked. Bala: Monday and Tuesday made. Chitra: on leave Thursday.
    const a1 = await book(asha, MON, 40);
    const b1 = await book(bala, MON, 55);
    await checkIn(asha, a1, MON);
    await checkIn(bala, b1, MON);
    await book(asha, TUE, 40);
    const b2 = await book(bala, TUE, 55);
    await checkIn(bala, b2, TUE);
    t.clock.set(ist(TUE, '07:00'));
    await t.app.get(CommandBus).execute(new CloseMissedChallengesCommand(TUE));
    const a3 = await book(asha, WED, 40);
    t.clock.set(ist(WED, '05:00'));
    await api().post('/api/v1/leave').set(chitra.auth).send({ date: THU }).expect(201);
    await showOnBoard(asha, true);
    await showOnBoard(bala, true);

    const res = await page(asha, g.id).expect(200);
    const view = res.body.data;
    expect(view.week).toEqual({ from: MON, to: '2034-03-19', days: [MON, TUE, WED, THU, '2034-03-17', '2034-03-18', '2034-03-19'] });
    expect(view.today).toBe(WED);
    const outcomes = (name: string) => view.members.find((m: { name: string }) => m.name === name).days.map((d: { outcome: string }) => d.outcome);
    expect(outcomes('Asha')).toEqual(['MADE', 'MISSED', 'PENDING', 'NONE', 'NONE', 'NONE', 'NONE']);
    expect(outcomes('Bala')).toEqual(['MADE', 'MADE', 'NONE', 'NONE', 'NONE', 'NONE', 'NONE']);
    expect(outcomes('Chitra')).toEqual(['NONE', 'NONE', 'NONE', 'EXCUSED', 'NONE', 'NONE', 'NONE']);
    // the board: Chitra keeps the default (off the board); Bala leads with two mornings and a streak of two
    expect(view.board).toEqual([
      { userId: bala.id, name: 'Bala', madeThisWeek: 2, streak: 2, rank: 1 },
      { userId: asha.id, name: 'Asha', madeThisWeek: 1, streak: 0, rank: 2 },
    ]);
    expect(view.boardHidden).toBe(1);
    // never an amount, neither as a key nor as a value
    expect(keysOf(res.body).filter((k) => MONEY_WORDS.test(k))).toEqual([]);
    expect(numbersOf(res.body).filter((n) => [40, 55, 4000, 5500].includes(n))).toEqual([]);
    // only a member's own mornings carry the challenge id (to ask a referee)
    const asSeenByBala = (await page(bala, g.id).expect(200)).body.data;
    expect(asSeenByBala.members.find((m: { name: string }) => m.name === 'Asha').days[2]).toEqual({ date: WED, outcome: 'PENDING', referee: null });
    expect(view.members.find((m: { name: string }) => m.name === 'Asha').days[2]).toMatchObject({ challengeId: a3, hasPhoto: false });

    // the setting decides: Chitra opts in and appears, Asha opts out and disappears
    await showOnBoard(chitra, true);
    await showOnBoard(asha, false);
    const after = (await page(bala, g.id).expect(200)).body.data;
    expect(after.board.map((r: { name: string; rank: number }) => [r.name, r.rank])).toEqual([
      ['Bala', 1],
      ['Chitra', 2],
    ]);
    expect(after.members).toHaveLength(3);

    for (const d of [MON, TUE, WED]) await settle(d);
  });

  it('refuses bad input with a clear 400 and keeps the limits: 10 groups a person, 50 members a group', async () => {
    t.clock.set(ist(MON, '10:00'));
    const u = await person('Esha Menon');
    expect((await create(u, {}).expect(400)).body.error).toMatch(/name is required/);
    expect((await create(u, { name: '   ' }).expect(400)).body.error).toBe('name must not be empty');
    expect((await create(u, { name: 'x'.repeat(41) }).expect(400)).body.error).toBe('name must be at most 40 characters');
    expect((await create(u, { name: 7 }).expect(400)).body.error).toMatch(/name must be text/);
    await create(u, { name: 'ok', owner: 'me' }).expect(400);
    expect((await join(u, undefined).expect(400)).body.error).toMatch(/token is required/);
    expect((await join(u, 'short').expect(400)).body.error).toBe('token must be the invite code from the link');
    expect((await join(u, 'A'.repeat(43)).expect(404)).body.error).toBe('This invite link is not valid any more: ask for a new one');
    // an invite page for something that is no invite leads nowhere (404), like one since replaced
    expect((await api().get('/api/v1/groups/invites/not-a-token').set(u.auth).expect(404)).body.error).toBe(
      'This invite link is not valid any more: ask for a new one',
    );
    expect((await create(u, { name: '1e308' }).expect(400)).body.error).toBe('name must be words, not a number');
    await api().post('/api/v1/groups').send({ name: 'x' }).expect(401);
    expect((await api().get('/api/v1/groups').set(u.auth).expect(200)).body.data.groups).toEqual([]);

    // ten groups, then no more: neither made nor joined
    const first = await newGroup(u, 'G1');
    for (let i = 2; i <= 10; i++) await newGroup(u, `G${i}`);
    expect((await create(u, { name: 'G11' }).expect(400)).body.error).toBe('You can be in at most 10 groups: leave one first');
    const other = await person('Farah Khan');
    const theirs = await newGroup(other, 'Theirs');
    expect((await join(u, theirs.inviteToken).expect(400)).body.error).toBe('You can be in at most 10 groups: leave one first');
    await api().post(`/api/v1/groups/${first.id}/leave`).set(u.auth).expect(200);
    await join(u, theirs.inviteToken).expect(200);
    expect((await api().get('/api/v1/groups').set(u.auth).expect(200)).body.data.groups).toHaveLength(10);

    // fifty members, then the link is refused (concurrent joins included)
    const big = await newGroup(other, 'Big');
    const joiners = await Promise.all(Array.from({ length: 51 }, () => createUser(t, { fullName: 'Joiner' })));
    const answers = await Promise.all(joiners.map((j) => join(j, big.inviteToken)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(49);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.body.error])).toEqual([
      [400, 'This group is full: a group has at most 50 members'],
      [400, 'This group is full: a group has at most 50 members'],
    ]);
    expect((await page(other, big.id).expect(200)).body.data.memberCount).toBe(50);
    expect((await api().get(`/api/v1/groups/invites/${big.inviteToken}`).set(u.auth).expect(200)).body.data).toMatchObject({ memberCount: 50, full: true });
  });

  it('a referee in a shared group confirms or rejects a photo check-in; the answer is shown and moves no money', async () => {
    const asha = await person('Asha Rao');
    const bala = await person('Bala Iyer');
    const stranger = await person('Dev Nair');
    t.clock.set(ist(addDays(REF_DAY, -2), '10:00'));
    const g = await newGroup(asha, 'Refs');
    await join(bala, g.inviteToken).expect(200);
    const setRef = (u: TestUser, userId: unknown) => api().put(`/api/v1/groups/${g.id}/referee`).set(u.auth).send({ userId });
    expect((await setRef(asha, asha.id).expect(400)).body.error).toBe('You cannot be your own referee');
    expect((await setRef(asha, stranger.id).expect(404)).body.error).toBe('That person is not a member of this group');
    expect((await setRef(asha, 'bala').expect(400)).body.error).toBe("userId must be a member's id, or null to have no referee");
    await api().put(`/api/v1/groups/${g.id}/referee`).set(stranger.auth).send({ userId: asha.id }).expect(404);
    await api().put(`/api/v1/groups/${g.id}/referee`).set(stranger.auth).send({}).expect(404);
    expect((await setRef(asha, undefined).expect(400)).body.error).toBe("userId is required: a member's id, or null to have no referee");

    // no referee yet: nothing to ask
    const day1 = await book(asha, REF_DAY, 50);
    await checkIn(asha, day1, REF_DAY, true);
    expect((await api().post('/api/v1/groups/referee/requests').set(asha.auth).send({ challengeId: day1 }).expect(400)).body.error).toBe(
      'Name a referee in one of your groups first',
    );
    expect((await setRef(asha, bala.id).expect(200)).body).toMatchObject({
      message: 'Bala is now your referee',
      data: { referee: { userId: bala.id, name: 'Bala', groupId: g.id } },
    });

    // a MANUAL check-in, someone else's challenge, or nonsense cannot go to a referee
    const manualDay = addDays(REF_DAY, 1);
    const manual = await book(asha, manualDay, 50);
    await checkIn(asha, manual, manualDay);
    const ask = (u: TestUser, challengeId: unknown) => api().post('/api/v1/groups/referee/requests').set(u.auth).send({ challengeId });
    expect((await ask(asha, manual).expect(400)).body.error).toBe('Only a check-in with a photo can go to your referee');
    expect((await ask(bala, day1).expect(404)).body.error).toBe('Challenge not found');
    expect((await ask(asha, 'nope').expect(400)).body.error).toBe('challengeId must be the id of one of your challenges');

    const before = await walletOf(t, asha.id);
    const asked = (await ask(asha, day1).expect(201)).body.data;
    expect(asked).toMatchObject({ challengeId: day1, challengeDate: REF_DAY, userName: 'Asha', refereeName: 'Bala', status: 'PENDING', decidedAt: null });
    expect((await ask(asha, day1).expect(400)).body.error).toBe('Your referee has already been asked about this check-in');

    // the referee sees it and its photo; a stranger does not; the asker cannot answer for the referee
    const overview = (await api().get('/api/v1/groups/referee/overview').set(bala.auth).expect(200)).body.data;
    expect(overview.toReview.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[asked.id, 'PENDING']]);
    const photo = await api().get(`/api/v1/groups/referee/requests/${asked.id}/photo`).set(bala.auth).expect(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(photo.body as Buffer, PNG_1PX)).toBe(0);
    await api().get(`/api/v1/groups/referee/requests/${asked.id}/photo`).set(stranger.auth).expect(404);
    await api().post(`/api/v1/groups/referee/requests/${asked.id}/confirm`).set(asha.auth).send({}).expect(404);
    await api().post(`/api/v1/groups/referee/requests/${asked.id}/reject`).set(stranger.auth).send({}).expect(404);
    expect(
      (
        await api()
          .post(`/api/v1/groups/referee/requests/${asked.id}/reject`)
          .set(bala.auth)
          .send({ note: 'x'.repeat(201) })
          .expect(400)
      ).body.error,
    ).toBe('note must be at most 200 characters');

    const rejected = await api().post(`/api/v1/groups/referee/requests/${asked.id}/reject`).set(bala.auth).send({ note: ' Not you in the photo ' }).expect(200);
    expect(rejected.body.data).toMatchObject({ id: asked.id, status: 'REJECTED', note: 'Not you in the photo' });
    expect(rejected.body.data.decidedAt).not.toBeNull();
    expect((await api().post(`/api/v1/groups/referee/requests/${asked.id}/confirm`).set(bala.auth).send({}).expect(400)).body.error).toBe(
      'This check-in has already been answered',
    );

    // shown to the group (on the day of Asha's check-in) and to support; no money moved, the check-in stands
    t.clock.set(ist(REF_DAY, '08:00'));
    const view = (await page(bala, g.id).expect(200)).body.data;
    const ashaDay = view.members.find((m: { name: string }) => m.name === 'Asha').days.find((d: { date: string }) => d.date === REF_DAY);
    expect(ashaDay).toEqual({
      date: REF_DAY,
      outcome: 'MADE',
      referee: { requestId: asked.id, status: 'REJECTED', refereeName: 'Bala', note: 'Not you in the photo' },
    });
    const verdicts = await t.app.get(QueryBus).execute(new GetRefereeVerdictsQuery([day1, manual]));
    expect(verdicts.map((v) => [v.challengeId, v.status, v.refereeId])).toEqual([[day1, 'REJECTED', bala.id]]);
    expect(await walletOf(t, asha.id)).toBe(before);
    expect((await api().get(`/api/v1/challenges/${day1}`).set(asha.auth).expect(200)).body.challenge).toMatchObject({
      isSuccessful: true,
      status: 'COMPLETED',
    });
    expect((await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM journal_entries WHERE correlation_id = $1`, [day1]))[0].n).toBe(1);

    // the referee leaves the group: the pairing ends, and the asker can name nobody outside it
    await api().post(`/api/v1/groups/${g.id}/leave`).set(bala.auth).expect(200);
    expect((await api().get('/api/v1/groups/referee/overview').set(asha.auth).expect(200)).body.data.referee).toBeNull();
    expect((await setRef(asha, bala.id).expect(404)).body.error).toBe('That person is not a member of this group');

    for (const d of [REF_DAY, manualDay]) await settle(d);
  });
});
