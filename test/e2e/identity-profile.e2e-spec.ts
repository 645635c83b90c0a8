import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { bearer, registerUser } from '../factories/users.js';

const API = '/api/v1/auth';

const USER_FIELDS = [
  'id',
  'email',
  'fullName',
  'phoneNumber',
  'city',
  'occupation',
  'institutionName',
  'emergencyContact',
  'preferredWakeUpTime',
  'dateOfBirth',
  'gender',
  'balance',
  'currentStreak',
  'longestStreak',
  'totalSuccessfulWakeUps',
  'totalChallenges',
  'totalEarnings',
  'totalLosses',
  'successRate',
  'isEmailVerified',
  'isPhoneVerified',
  'profilePictureUrl',
  'isProfileComplete',
  'role',
  'settings',
];

describe('identity: profile and onboarding', () => {
  let t: TestApp;
  const db = () => t.app.get(DataSource);
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-22T00:30:00Z');
  });
  afterAll(() => t.close());

  it('returns every User field of SPEC section 3 under data, statistics from the other modules', async () => {
    const u = await registerUser(t, { fullName: 'Ravi Kumar', preferredWakeUpTime: '05:30' });
    const res = await t.http().get(`${API}/profile`).set(bearer(u)).expect(200);
    expect(res.body.success).toBe(true);
    for (const f of USER_FIELDS) expect(res.body.data).toHaveProperty(f);
    expect(res.body.data).toMatchObject({
      id: u.userId,
      email: u.email,
      fullName: 'Ravi Kumar',
      preferredWakeUpTime: '05:30',
      balance: 0,
      currentStreak: 0,
      totalChallenges: 0,
      successRate: 0,
      isProfileComplete: false,
      settings: { notifications: { email: true, challengeReminders: true, walletUpdates: true }, privacy: { showOnLeaderboard: false, shareUsageData: false } },
    });
    expect(res.body.data).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(res.body)).not.toMatch(/argon2/);
  });

  it('saves the onboarding steps and becomes complete only with name, email, phone, city and occupation', async () => {
    const u = await registerUser(t);
    const step1 = await t.http().put(`${API}/profile`).set(bearer(u)).send({ fullName: ' Priya Shah ', phoneNumber: '98765 43210' }).expect(200);
    expect(step1.body.data).toMatchObject({ fullName: 'Priya Shah', phoneNumber: '+919876543210', isProfileComplete: false });
    const step2 = await t
      .http()
      .put(`${API}/profile`)
      .set(bearer(u))
      .send({ dateOfBirth: '2000-02-29', gender: 'Prefer not to say', city: 'Mumbai' })
      .expect(200);
    expect(step2.body.data).toMatchObject({ dateOfBirth: '2000-02-29', gender: 'Prefer not to say', city: 'Mumbai', isProfileComplete: false });
    const step3 = await t
      .http()
      .put(`${API}/profile`)
      .set(bearer(u))
      .send({
        occupation: 'working-professional',
        institutionName: 'Acme',
        preferredWakeUpTime: '06:00',
        emergencyContact: '+91 7012345678',
        settings: { notifications: { email: false }, privacy: { showOnLeaderboard: true } },
      })
      .expect(200);
    expect(step3.body.data).toMatchObject({ occupation: 'working-professional', isProfileComplete: true, emergencyContact: '+917012345678' });
    // Saved for real: a fresh read (as after a reload) shows it.
    const again = await t.http().get(`${API}/profile`).set(bearer(u)).expect(200);
    expect(again.body.data).toMatchObject({
      fullName: 'Priya Shah',
      phoneNumber: '+919876543210',
      dateOfBirth: '2000-02-29',
      city: 'Mumbai',
      institutionName: 'Acme',
      isProfileComplete: true,
      settings: { notifications: { email: false, challengeReminders: true, walletUpdates: true }, privacy: { showOnLeaderboard: true, shareUsageData: false } },
    });
    // Optional fields can be cleared.
    const cleared = await t.http().put(`${API}/profile`).set(bearer(u)).send({ institutionName: '', emergencyContact: null }).expect(200);
    expect(cleared.body.data).toMatchObject({ institutionName: null, emergencyContact: null, isProfileComplete: true });
  });

  const profileCases: [string, Record<string, unknown>, string][] = [
    ['empty name', { fullName: '  ' }, 'Full name is required'],
    ['empty phone', { phoneNumber: '' }, 'Phone number is required'],
    ['empty date of birth', { dateOfBirth: '' }, 'Date of birth is required'],
    ['empty gender', { gender: '' }, 'Gender is required'],
    ['empty city', { city: '' }, 'City is required'],
    ['phone starting 5', { phoneNumber: '5876543210' }, 'Phone number must be a valid 10-digit Indian mobile number starting with 6, 7, 8 or 9'],
    ['phone of 9 digits', { phoneNumber: '987654321' }, 'Phone number must be a valid 10-digit Indian mobile number starting with 6, 7, 8 or 9'],
    ['unknown gender', { gender: 'Robot' }, 'Gender must be one of: Male, Female, Other, Prefer not to say'],
    ['unknown occupation', { occupation: 'pirate' }, 'Occupation must be one of: student, working-professional, other'],
    ['bad date', { dateOfBirth: '2001-02-30' }, 'Date of birth must be a real date as YYYY-MM-DD'],
    ['future date', { dateOfBirth: '2030-01-01' }, 'Date of birth must be in the past'],
    ['under 18', { dateOfBirth: '2008-11-23' }, 'You must be at least 18 years old to use WakeStake'],
    ['bad wake-up time', { preferredWakeUpTime: '25:00' }, 'Preferred wake-up time must be a time as HH:mm (24-hour), e.g. 06:30'],
    ['long name', { fullName: 'x'.repeat(101) }, 'Full name must be at most 100 characters'],
    ['unknown field', { isEmailVerified: true }, 'Unknown field: isEmailVerified'],
    ['role escalation', { role: 'SUPPORT' }, 'Unknown field: role'],
    ['unknown setting', { settings: { notifications: { sms: true } } }, 'Unknown setting: settings.notifications.sms'],
    ['non-boolean setting', { settings: { privacy: { shareUsageData: 'yes' } } }, 'settings.privacy.shareUsageData must be true or false'],
    ['number as name', { fullName: 42 }, 'Full name must be text'],
  ];

  it.each(profileCases)('refuses %s with a clear message and changes nothing', async (_name, body, message) => {
    const u = await registerUser(t, { fullName: 'Unchanged Name' });
    const before = await db().query('SELECT * FROM users WHERE id = $1', [u.userId]);
    const res = await t
      .http()
      .put(`${API}/profile`)
      .set(bearer(u))
      .send({ city: 'Delhi', ...body })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400, error: message });
    expect(await db().query('SELECT * FROM users WHERE id = $1', [u.userId])).toEqual(before);
  });

  it('accepts an 18th birthday today (Asia/Kolkata)', async () => {
    const u = await registerUser(t);
    // 2026-11-22T00:30Z is 06:00 on 22 November in Kolkata.
    await t.http().put(`${API}/profile`).set(bearer(u)).send({ dateOfBirth: '2008-11-22' }).expect(200);
  });
});

describe('identity: bad input on every endpoint is a 4xx with a clear message, and nothing is stored', () => {
  let t: TestApp;
  const count = async (table: string) => (await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const email = () => `${randomUUID()}@test.local`;
  const cases: [string, string, () => Record<string, unknown>, string, number?][] = [
    ['register', '/register', () => ({ email: email(), password: 'password-1' }), 'Full name is required'],
    ['register', '/register', () => ({ fullName: 'A', password: 'password-1' }), 'Email is required'],
    ['register', '/register', () => ({ fullName: 'A', email: 'not-an-email', password: 'password-1' }), 'Please enter a valid email address'],
    ['register', '/register', () => ({ fullName: 'A', email: email() }), 'Password is required'],
    ['register', '/register', () => ({ fullName: 'A', email: email(), password: 'short' }), 'Password must be at least 8 characters long'],
    ['register', '/register', () => ({ fullName: 'A', email: email(), password: 'password-1', confirmPassword: 'password-2' }), 'Passwords do not match'],
    [
      'register',
      '/register',
      () => ({ fullName: 'A', email: email(), password: 'password-1', preferredWakeUpTime: '7am' }),
      'Preferred wake-up time must be a time as HH:mm (24-hour), e.g. 06:30',
    ],
    [
      'register',
      '/register',
      () => ({ fullName: 'A', email: email(), password: 'password-1', sleepChallenges: 'snooze' }),
      'Sleep challenges must be a list of up to 10 short texts',
    ],
    ['register', '/register', () => ({ fullName: 'A', email: email(), password: 'password-1', city: 'Pune' }), 'Unknown field: city'],
    ['register', '/register', () => ({ fullName: 'A', email: email(), password: 'password-1', role: 'SUPPORT' }), 'Unknown field: role'],
    ['login', '/login', () => ({ password: 'password-1' }), 'Email is required'],
    ['login', '/login', () => ({ email: email() }), 'Password is required'],
    ['google', '/google', () => ({ idToken: '' }), 'Google ID token is required'],
    ['verify-email', '/verify-email', () => ({}), 'Invalid verification link. Please check your email for the correct link.'],
    ['resend-verification', '/resend-verification', () => ({}), 'Please enter your email address'],
    ['resend-verification', '/resend-verification', () => ({ email: 'nope' }), 'Please enter a valid email address'],
    ['forgot-password', '/forgot-password', () => ({ email: '' }), 'Please enter your email address'],
    ['forgot-password', '/forgot-password', () => ({ email: 'a@b' }), 'Please enter a valid email address'],
    ['reset-password', '/reset-password', () => ({ newPassword: 'password-1' }), 'Invalid reset link. Please request a new password reset.'],
    ['reset-password', '/reset-password', () => ({ token: 'x'.repeat(43) }), 'New password is required'],
    ['reset-password', '/reset-password', () => ({ token: 'x'.repeat(43), newPassword: 'short' }), 'New password must be at least 8 characters long'],
    [
      'reset-password',
      '/reset-password',
      () => ({ token: 'x'.repeat(43), newPassword: 'password-1', confirmPassword: 'password-2' }),
      'Passwords do not match',
    ],
  ];

  it.each(cases.map(([n, path, body, message, status]) => [n, message, path, body, status] as const))(
    'POST %s → "%s"',
    async (_n, message, path, body, status = 400) => {
      const [users, tokens] = [await count('users'), await count('identity_tokens')];
      const res = await t.http().post(`${API}${path}`).send(body()).expect(status);
      expect(res.body).toMatchObject({ success: false, statusCode: status, error: message });
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(js|ts):\d+/);
      expect([await count('users'), await count('identity_tokens')]).toEqual([users, tokens]);
    },
  );

  it('GET verify-reset-token without a token is a 400; with a bad one it says invalid', async () => {
    expect((await t.http().get(`${API}/verify-reset-token`).expect(400)).body.error).toBe('Invalid reset link. Please request a new password reset.');
    expect((await t.http().get(`${API}/verify-reset-token`).query({ token: 'nope' }).expect(200)).body).toEqual({
      success: true,
      valid: false,
      message: 'Reset link is invalid or has expired.',
    });
  });

  it('needs a token for profile, logout, change-password and account deletion', async () => {
    await t.http().get(`${API}/profile`).expect(401);
    await t.http().put(`${API}/profile`).send({ city: 'Pune' }).expect(401);
    await t.http().post(`${API}/logout`).expect(401);
    await t.http().post(`${API}/change-password`).send({ currentPassword: 'a', newPassword: 'password-1' }).expect(401);
    await t.http().delete(`${API}/account`).expect(401);
  });

  it('refuses malformed change-password bodies', async () => {
    const u = await registerUser(t);
    const missing = await t.http().post(`${API}/change-password`).set(bearer(u)).send({ newPassword: 'password-2' }).expect(400);
    expect(missing.body.error).toBe('Current password is required');
    const same = await t.http().post(`${API}/change-password`).set(bearer(u)).send({ currentPassword: u.password, newPassword: u.password }).expect(400);
    expect(same.body.error).toBe('New password must be different from the current password');
    // Sessions untouched by refusals.
    await t.http().get(`${API}/profile`).set(bearer(u)).expect(200);
  });

  it('answers malformed JSON on register with 400 in the error shape', async () => {
    const res = await t.http().post(`${API}/register`).set('content-type', 'application/json').send('{"email":').expect(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400 });
  });
});
