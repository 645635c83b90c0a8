import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { Hs256Verifier } from './hs256.js';

const secret = 'a-long-enough-test-secret-for-hs256-tokens';
const key = createSecretKey(Buffer.from(secret, 'utf8'));
const verifier = new Hs256Verifier(key);
const now = Math.floor(Date.now() / 1000);
const b64 = (o: unknown) => Buffer.from(typeof o === 'string' ? o : JSON.stringify(o)).toString('base64url');

/** What jsonwebtoken (the library this replaces on the request path) says of a token: its payload, or null. */
function reference(token: string): unknown {
  try {
    return jwt.verify(token, key as never, { algorithms: ['HS256'] });
  } catch {
    return null;
  }
}

const good = jwt.sign({ sub: 'u1', jti: 'j1', role: 'USER' }, secret, { algorithm: 'HS256', expiresIn: 3600 });
const [h, p, s] = good.split('.');
const cases: Record<string, string> = {
  'a token this server signs': good,
  expired: jwt.sign({ sub: 'u1', exp: now - 1 }, secret, { algorithm: 'HS256' }),
  'expiring this second': jwt.sign({ sub: 'u1', exp: now }, secret, { algorithm: 'HS256' }),
  'not yet valid (nbf ahead)': jwt.sign({ sub: 'u1', nbf: now + 60, exp: now + 3600 }, secret, { algorithm: 'HS256' }),
  'nbf now': jwt.sign({ sub: 'u1', nbf: now, exp: now + 3600 }, secret, { algorithm: 'HS256' }),
  'no exp': jwt.sign({ sub: 'u1' }, secret, { algorithm: 'HS256', noTimestamp: true }),
  'another key': jwt.sign({ sub: 'u1', exp: now + 60 }, 'another-secret-of-enough-length-for-hs256', { algorithm: 'HS256' }),
  'HS512 with the same key': jwt.sign({ sub: 'u1', exp: now + 60 }, secret, { algorithm: 'HS512' }),
  'alg none, unsigned': `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
  'alg none, our signature': `${b64({ alg: 'none', typ: 'JWT' })}.${p}.${s}`,
  'payload changed, signature kept': `${h}.${b64({ sub: 'admin', jti: 'j1', role: 'ADMIN', exp: now + 3600 })}.${s}`,
  'signature cut short': `${h}.${p}.${s.slice(0, -2)}`,
  'signature missing': `${h}.${p}.`,
  'exp as a string': jwt.sign(JSON.stringify({ sub: 'u1', exp: String(now + 60) }), secret, { algorithm: 'HS256' }),
  'payload not JSON': (() => {
    const body = b64('not json');
    return `${h}.${body}.${jwt.sign({}, secret).split('.')[2]}`;
  })(),
  'two parts': `${h}.${p}`,
  'four parts': `${good}.x`,
  'not base64url': `${h}.${p}.${s}+`,
  empty: '',
};

describe('Hs256Verifier', () => {
  it.each(Object.entries(cases))('agrees with jsonwebtoken: %s', (_name, token) => {
    expect(verifier.verify(token)).toEqual(reference(token));
  });

  it('accepts what this server signs and refuses the rest of the cases', () => {
    const accepted = Object.entries(cases)
      .filter(([, t]) => verifier.verify(t) !== null)
      .map(([n]) => n);
    expect(accepted.sort()).toEqual(['a token this server signs', 'nbf now', 'no exp'].sort());
  });

  it('refuses a signed payload that is not an object (jsonwebtoken passes it on; the revocation check then refuses it)', () => {
    expect(verifier.verify(jwt.sign(JSON.stringify([1, 2]), secret, { algorithm: 'HS256' }))).toBeNull();
  });

  it('remembers only headers that say HS256', () => {
    const none = `${b64({ alg: 'none' })}.${p}.${s}`;
    expect(verifier.verify(none)).toBeNull();
    expect(verifier.verify(none)).toBeNull();
    expect(verifier.verify(good)).toMatchObject({ sub: 'u1' });
  });
});
