import { CommandBus } from '@nestjs/cqrs';
import type { TestApp } from '../setup/test-app.js';
import type { TestUser } from '../factories/wallet.js';
import { ist } from './challenges-helpers.js';
import { addDays } from '../../src/common/time.js';
import { CloseMissedChallengesCommand } from '../../src/modules/challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';
import { SettleDateCommand } from '../../src/modules/settlement/commands/settle-date/settle-date.command.js';

// Groups and referees in API tests: a group with members, a referee named, photo check-ins asked about.

/** A 1×1 PNG: a check-in selfie the server accepts. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Who = Pick<TestUser, 'auth'>;

/** `owner` creates a group the others join by its invite, a minute apart in that order; answers the group's id. */
export async function groupOf(t: TestApp, name: string, owner: Who, ...others: Who[]): Promise<string> {
  const g = (await t.http().post('/api/v1/groups').set(owner.auth).send({ name }).expect(201)).body.data;
  for (const o of others) {
    t.clock.advance(60_000);
    await t.http().post('/api/v1/groups/join').set(o.auth).send({ token: g.inviteToken }).expect(200);
  }
  return g.id as string;
}

export async function nameReferee(t: TestApp, groupId: string, u: Who, refereeId: string): Promise<void> {
  await t.http().put(`/api/v1/groups/${groupId}/referee`).set(u.auth).send({ userId: refereeId }).expect(200);
}

/** Books `date` at 06:00 (at noon the day before) and checks in with a selfie at 06:00 that day; answers the id. */
export async function photoMorning(t: TestApp, u: Who, date: string, stake = 30): Promise<string> {
  t.clock.set(ist(addDays(date, -1), '12:00'));
  const booked = await t.http().post('/api/v1/challenges').set(u.auth).send({ challengeDate: date, wakeUpTime: '06:00', forfeitAmount: stake });
  if (booked.status !== 201) throw new Error(`booking ${date}: ${booked.status} ${JSON.stringify(booked.body)}`);
  const id = booked.body.challenge.id as string;
  t.clock.set(ist(date, '06:00'));
  await t
    .http()
    .post('/api/v1/challenges/verify')
    .set(u.auth)
    .field('challengeId', id)
    .field('verificationMethod', 'PHOTO')
    .attach('photo', PNG_1PX, { filename: 'me.png', contentType: 'image/png' })
    .expect(200);
  return id;
}

/** Asks the user's referee about a challenge; answers the request's id. */
export async function askReferee(t: TestApp, u: Who, challengeId: string): Promise<string> {
  return (await t.http().post('/api/v1/groups/referee/requests').set(u.auth).send({ challengeId }).expect(201)).body.data.id as string;
}

export async function answer(t: TestApp, referee: Who, requestId: string, verdict: 'confirm' | 'reject', note?: string): Promise<void> {
  await t
    .http()
    .post(`/api/v1/groups/referee/requests/${requestId}/${verdict}`)
    .set(referee.auth)
    .send(note ? { note } : {})
    .expect(200);
}

/** Closes the day's misses and settles it (at 09:00 IST), so no test leaves an unsettled challenge behind. */
export async function settle(t: TestApp, date: string): Promise<void> {
  t.clock.set(ist(date, '09:00'));
  await t.app.get(CommandBus).execute(new CloseMissedChallengesCommand(date));
  await t.app.get(CommandBus).execute(new SettleDateCommand(date));
}
