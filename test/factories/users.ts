import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { TestApp } from '../setup/test-app.js';

export interface TestUser {
  token: string;
  userId: string;
  email: string;
  password: string;
}

export interface UserOverrides {
  email?: string;
  password?: string;
  fullName?: string;
  preferredWakeUpTime?: string;
}

/** Registers a fresh user through POST /auth/register (unique email). No SMTP needed. */
export async function registerUser(t: TestApp, overrides: UserOverrides = {}): Promise<TestUser> {
  const email = overrides.email ?? `${randomUUID()}@test.local`;
  const password = overrides.password ?? 'correct-horse-battery';
  const res = await t
    .http()
    .post('/api/v1/auth/register')
    .send({
      email,
      password,
      fullName: overrides.fullName ?? 'Test User',
      ...(overrides.preferredWakeUpTime ? { preferredWakeUpTime: overrides.preferredWakeUpTime } : {}),
    });
  if (res.status !== 201) throw new Error(`registerUser failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, userId: res.body.userId, email: res.body.email, password };
}

/** A registered user whose email is marked verified directly in the database (tests only). */
export async function verifiedUser(t: TestApp, overrides: UserOverrides = {}): Promise<TestUser> {
  const user = await registerUser(t, overrides);
  await t.app.get(DataSource).query('UPDATE users SET is_email_verified = true WHERE id = $1', [user.userId]);
  return user;
}

/** A verified user with a complete profile (name, email, phone, city, occupation) and an adult's date of birth. */
export async function completeUser(t: TestApp, overrides: UserOverrides = {}): Promise<TestUser> {
  const user = await verifiedUser(t, overrides);
  await t.app
    .get(DataSource)
    .query(`UPDATE users SET phone_number = '+919876543210', city = 'Pune', occupation = 'working-professional', date_of_birth = '1990-01-01' WHERE id = $1`, [
      user.userId,
    ]);
  return user;
}

/** A verified user with the SUPPORT role, logged in again so the role is in the token. */
export async function supportUser(t: TestApp, overrides: UserOverrides = {}): Promise<TestUser> {
  const user = await verifiedUser(t, overrides);
  await t.app.get(DataSource).query(`UPDATE users SET role = 'SUPPORT' WHERE id = $1`, [user.userId]);
  const res = await t.http().post('/api/v1/auth/login').send({ email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`supportUser login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...user, token: res.body.token };
}

export const bearer = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` });

/** Money needs an adult on file: gives a user a date of birth showing 18 or over (before a deposit or a stake). */
export async function makeAdult(t: TestApp, user: { userId: string } | { id: string }): Promise<void> {
  const id = 'userId' in user ? user.userId : user.id;
  await t.app.get(DataSource).query(`UPDATE users SET date_of_birth = '1990-01-01' WHERE id = $1`, [id]);
}
