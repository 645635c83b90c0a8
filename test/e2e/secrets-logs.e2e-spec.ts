import { ChildProcess, spawn } from 'node:child_process';
import { randomInt, randomUUID, createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { childEnv } from '../setup/child-env.js';
import { startWorkerProcess, WorkerProcess } from '../setup/worker-process.js';
import { freePort } from '../setup/loopback.js';

/**
 * Secrets never reach the logs: the compiled api (and worker) run at LOG_LEVEL=debug with stdout captured, and
 * register, login, email verification, password reset, Google sign-in, deposit confirmation, webhook and a bank
 * withdrawal are exercised. The captured output contains none of the passwords, tokens, one-time links,
 * signatures, secrets or the full account number.
 */
const ROOT = resolve(__dirname, '..', '..');
const API_ENTRY = resolve(ROOT, 'dist', 'src', 'main.js');

describe('secrets never in logs', () => {
  let api: ChildProcess;
  let worker: WorkerProcess | undefined;
  let out = '';
  let url = '';
  const mailDir = mkdtempSync(join(tmpdir(), 'wakestake-secrets-mail-'));
  const secrets: Record<string, string> = {
    jwtSecret: `jwt-${randomUUID()}-${randomUUID()}`,
    keySecret: `ksec${randomUUID().replace(/-/g, '')}`,
    webhookSecret: `whsec${randomUUID().replace(/-/g, '')}`,
    password: `Pw-${randomUUID()}`,
    newPassword: `Np-${randomUUID()}`,
    accountNumber: `9${String(randomInt(10_000_000, 99_999_999))}${String(randomInt(100, 999))}`,
    googleIdToken: `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(randomUUID()).toString('base64url')}.sig${randomUUID().replace(/-/g, '')}`,
  };
  const env = () => ({
    JWT_SECRET: secrets.jwtSecret,
    RAZORPAY_KEY_ID: 'rzp_test_secrets',
    RAZORPAY_KEY_SECRET: secrets.keySecret,
    RAZORPAY_WEBHOOK_SECRET: secrets.webhookSecret,
    LOG_LEVEL: 'debug',
    MAIL_DIR: mailDir,
    AUTH_RATE_LIMIT_IP: '1000',
  });

  beforeAll(async () => {
    if (!existsSync(API_ENTRY)) throw new Error(`${API_ENTRY} is missing: build first (npx tsc -p tsconfig.build.json)`);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, [API_ENTRY], {
      cwd: ROOT,
      env: childEnv({ PORT: String(port), HOST: '127.0.0.1', ...env() }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    api.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const deadline = Date.now() + 40_000;
    while (!out.includes('listening on')) {
      if (api.exitCode !== null) throw new Error(`api exited:\n${out}`);
      if (Date.now() > deadline) throw new Error(`api did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The worker pays the bank withdrawal out (with the account number in hand): its logs count too.
    worker = await startWorkerProcess(env());
  });
  afterAll(async () => {
    if (api && api.exitCode === null && api.signalCode === null) {
      api.kill('SIGTERM');
      await new Promise((r) => api.once('exit', r));
    }
    await worker?.stop();
  });

  const mailWith = (to: string, pattern: RegExp): string | undefined => {
    for (const f of readdirSync(mailDir).filter((n) => n.endsWith('.json'))) {
      const m = JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as { to: string; text: string };
      const hit = m.to === to ? pattern.exec(m.text) : null;
      if (hit) return hit[1];
    }
    return undefined;
  };
  const waitFor = async <T>(fn: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const v = await fn();
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('register, login, verify, reset, Google, deposit, webhook and a bank withdrawal log none of their secrets', async () => {
    const http = () => request(url);
    const email = `${randomUUID()}@test.local`;
    const seen: Record<string, string> = { ...secrets };

    const reg = await http().post('/api/v1/auth/register').send({ email, password: secrets.password, fullName: 'Secret Keeper' }).expect(201);
    seen.registerToken = reg.body.token;
    // money needs an adult on file
    await http().put('/api/v1/auth/profile').set('Authorization', `Bearer ${reg.body.token}`).send({ dateOfBirth: '1990-01-01' }).expect(200);
    const login = await http().post('/api/v1/auth/login').send({ email, password: secrets.password }).expect(200);
    seen.loginToken = login.body.token;
    await http()
      .post('/api/v1/auth/login')
      .send({ email, password: `${secrets.password}-wrong` })
      .expect(401);
    seen.wrongPassword = `${secrets.password}-wrong`;
    await http().get('/api/v1/auth/profile').set('Authorization', `Bearer ${seen.loginToken}`).expect(200);
    await http().post('/api/v1/auth/google').send({ idToken: secrets.googleIdToken });

    // Email verification: the link's token, by body and by query string.
    await http().post('/api/v1/auth/resend-verification').send({ email }).expect(200);
    seen.verifyToken = await waitFor(() => mailWith(email, /token=([A-Za-z0-9_-]{20,})/), 'the verification mail');
    await http().post('/api/v1/auth/verify-email').query({ token: seen.verifyToken }).send({}).expect(200);

    // Password reset: verify-reset-token (query), reset with a wrong confirmation, then for real.
    await http().post('/api/v1/auth/forgot-password').send({ email }).expect(200);
    seen.resetToken = await waitFor(() => mailWith(email, /reset-password\?token=([A-Za-z0-9_-]{20,})/), 'the reset mail');
    await http().get('/api/v1/auth/verify-reset-token').query({ token: seen.resetToken }).expect(200);
    await http()
      .post('/api/v1/auth/reset-password')
      .send({ token: seen.resetToken, newPassword: secrets.newPassword, confirmPassword: `${secrets.newPassword}x` })
      .expect(400);
    await http()
      .post('/api/v1/auth/reset-password')
      .query({ token: seen.resetToken })
      .send({ newPassword: secrets.newPassword, confirmPassword: secrets.newPassword })
      .expect(200);
    const relogin = await http().post('/api/v1/auth/login').send({ email, password: secrets.newPassword }).expect(200);
    seen.reloginToken = relogin.body.token;
    const auth = { Authorization: `Bearer ${seen.reloginToken}` };
    await http()
      .post('/api/v1/auth/change-password')
      .set(auth)
      .send({ currentPassword: 'not-my-password', newPassword: `${secrets.newPassword}2` })
      .expect(400);
    seen.changedPassword = `${secrets.newPassword}2`;

    // Deposit confirmed with a signature (JSON, then form-encoded for a second order), and a signed webhook.
    const d1 = (await http().post('/api/v1/wallet/deposit').set(auth).send({ amount: 500 }).expect(201)).body.data;
    const c1 = (await http().post('/api/v1/wallet/sandbox/checkout').set(auth).send({ orderId: d1.orderId }).expect(200)).body;
    seen.paymentSignature = c1.razorpay_signature;
    await http()
      .post('/api/v1/wallet/verify-payment')
      .set(auth)
      .send({ orderId: d1.orderId, paymentId: c1.razorpay_payment_id, signature: c1.razorpay_signature })
      .expect(200);
    const d2 = (await http().post('/api/v1/wallet/deposit').set(auth).send({ amount: 100 }).expect(201)).body.data;
    const c2 = (await http().post('/api/v1/wallet/sandbox/checkout').set(auth).send({ orderId: d2.orderId }).expect(200)).body;
    seen.formSignature = c2.razorpay_signature;
    await http()
      .post('/api/v1/wallet/verify-payment')
      .set(auth)
      .type('form')
      .send(`razorpay_order_id=${d2.orderId}&razorpay_payment_id=${c2.razorpay_payment_id}&razorpay_signature=${c2.razorpay_signature}`)
      .expect(200);
    const d3 = (await http().post('/api/v1/wallet/deposit').set(auth).send({ amount: 200 }).expect(201)).body.data;
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_SecretsWebhook1', order_id: d3.orderId, amount: 20_000, currency: 'INR', status: 'captured' } } },
    });
    seen.webhookSignature = createHmac('sha256', secrets.webhookSecret).update(body).digest('hex');
    await http()
      .post('/api/v1/wallet/webhooks/razorpay')
      .set('content-type', 'application/json')
      .set('x-razorpay-signature', seen.webhookSignature)
      .send(body)
      .expect(200);
    seen.forgedSignature = createHmac('sha256', 'forger').update(body).digest('hex');
    await http()
      .post('/api/v1/wallet/webhooks/razorpay')
      .set('content-type', 'application/json')
      .set('x-razorpay-signature', seen.forgedSignature)
      .send(body)
      .expect(400);

    // A bank withdrawal: validate, request, and let the worker pay it out.
    const bank = {
      withdrawalMethod: 'BANK_TRANSFER',
      bankDetails: { accountNumber: secrets.accountNumber, ifscCode: 'HDFC0001234', accountHolderName: 'Secret Keeper', bankName: 'HDFC' },
    };
    await http()
      .post('/api/v1/wallet/withdraw/validate')
      .set(auth)
      .send({ amount: 150, ...bank })
      .expect(200);
    const w = await http()
      .post('/api/v1/wallet/withdraw')
      .set(auth)
      .send({ amount: 150, ...bank })
      .expect(201);
    await http()
      .post('/api/v1/wallet/withdraw')
      .set(auth)
      .send({ amount: 150, ...bank, extra: secrets.accountNumber })
      .expect(400);
    await waitFor(async () => {
      const tx = await http().get(`/api/v1/wallet/transactions/${w.body.data.transactionId}`).set(auth);
      return tx.body?.data?.status && tx.body.data.status !== 'PENDING' ? tx.body.data.status : undefined;
    }, 'the payout');
    await http().post('/api/v1/auth/logout').set(auth).expect(200);
    await http().get('/api/v1/auth/profile').set(auth).expect(401);

    // Give the loggers a moment to flush, then stop both processes so every line is in.
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    await worker!.stop();
    const logs = out + worker!.output();

    expect(logs).toContain('/api/v1/wallet/verify-payment'); // the request log is really captured
    expect(logs.length).toBeGreaterThan(2_000);
    const leaks: string[] = [];
    for (const [name, value] of Object.entries(seen)) {
      if (!value) continue;
      if (logs.includes(value)) leaks.push(name);
      // A JWT is also leaked by its signature part alone.
      const parts = value.split('.');
      if (parts.length === 3 && parts[2].length > 16 && logs.includes(parts[2])) leaks.push(`${name} (signature part)`);
    }
    expect(leaks).toEqual([]);
    // The account number is only ever shown masked.
    expect(logs).not.toMatch(new RegExp(secrets.accountNumber.slice(0, 8)));
  });
});
