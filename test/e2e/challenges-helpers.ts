import { DataSource } from 'typeorm';
import { zonedInstant } from '../../src/common/time.js';
import { userWallet } from '../../src/modules/wallet/domain/accounts.js';
import { balanceOf, createUser, fund, TestUser } from '../factories/wallet.js';
import type { TestApp } from '../setup/test-app.js';

/** An instant given as Asia/Kolkata wall-clock date and time (HH:mm or HH:mm:ss). */
export function ist(date: string, time: string): Date {
  const [hh, mm, ss = '0'] = time.split(':');
  return new Date(zonedInstant(date, `${hh}:${mm}`, 'Asia/Kolkata').getTime() + Number(ss) * 1000);
}

export async function fundedUser(t: TestApp, rupees = 500): Promise<TestUser> {
  const u = await createUser(t);
  if (rupees > 0) await fund(t, u.id, BigInt(Math.round(rupees * 100)));
  return u;
}

export const walletOf = (t: TestApp, userId: string) => balanceOf(t, userWallet(userId));

export async function challengeRows(t: TestApp, userId: string): Promise<{ id: string; status: string; stake: string }[]> {
  return t.app.get(DataSource).query(`SELECT id, status, stake::text FROM challenges WHERE user_id = $1 ORDER BY created_at`, [userId]);
}

export async function notificationsOf(t: TestApp, userId: string, type: string): Promise<unknown[]> {
  return t.app.get(DataSource).query(`SELECT id FROM notifications WHERE user_id = $1 AND type = $2`, [userId, type]);
}

export function createChallenge(t: TestApp, u: TestUser, body: Record<string, unknown>) {
  return t.http().post('/api/v1/challenges').set(u.auth).send(body);
}
