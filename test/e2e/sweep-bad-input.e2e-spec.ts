import fc from 'fast-check';
import { getQueueToken } from '@nestjs/bullmq';
import { createTestApp, TestApp } from '../setup/test-app.js';
import { collectRoutes, countRows, describeInputs, errorShapeProblem, fillPath, label, leakProblem, Route, RouteInputs } from '../setup/routes.js';
import { completeUser, supportUser, TestUser } from '../factories/users.js';
import { fund } from '../factories/wallet.js';
import { PAYOUTS_QUEUE } from '../../src/modules/wallet/jobs/payouts.processor.js';

/**
 * Bad-input sweep over every route that reads a body or a query string (found from the running app):
 * generated bodies and queries that are invalid by construction, malformed JSON, wrong content types,
 * oversized bodies and hostile path parameters → only 4xx in the error shape, never 5xx, never a stack trace,
 * and no row written to the main tables. The seed is printed; SWEEP_SEED=<n> replays a run.
 */
const SEED = Number(process.env.SWEEP_SEED ?? Date.now() % 2_147_483_647);
const RUNS = Number(process.env.SWEEP_RUNS ?? 30);
// thousands of requests per test: minutes on a loaded 2-core machine (a timeout here is no performance assertion)
jest.setTimeout(300_000);
const PARALLEL = 6;
export const figures = { requests: 0, routes: 0 };

// Hostile scalars: extreme numbers, numeric strings, huge strings (< 1 MB), unicode (RTL, zero-width, emoji, NUL), injections.
const HUGE = ['x'.repeat(20_000), '9'.repeat(5_000), '🙂'.repeat(30_000), 'a\u0000'.repeat(50_000)];
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  '🙂👍🏽‍',
  'ﷺ',
  'مرحبا',
  '𝟚𝟘𝟚𝟞-𝟙𝟙-𝟚𝟛',
  '\uD800',
  '\uDFFF',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%n%s%x',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e-308',
  '9223372036854775808',
  '-9223372036854775809',
  '0x10',
  '1_000',
  '１２３',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffffff',
  '2026-02-30',
  '2026-13-01',
  '24:61',
  '-1',
  'true',
  'null',
  '[]',
  '{}',
];
const EXTREME_NUMBERS = [1e308, -1e308, -0, 2 ** 63, -(2 ** 63), 2 ** 53 + 1, Number.MAX_VALUE, Number.MIN_VALUE, 0.1 + 0.2, 1e-7, 10.005, -1, 4294967296];
const hostileString = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 40, unit: 'binary' }), fc.constantFrom(...HUGE));
const hostileNumber = fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), fc.double(), fc.integer());
const nested: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    fc.constantFrom(...NASTY),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 3 }),
  ),
})).node;
/**
 * A value no declared field accepts: a wrong structural type, a string too long for any field, or a JSON number
 * where no field takes one that size. Not a numeric string ("NaN", "9223372036854775808"): a free-text field such
 * as institutionName may hold one (SWEEP_SEED=436162692 sent it alone to PUT /auth/profile); those strings stay in
 * NASTY, sent beside a surely bad field.
 */
const surelyBad = fc.oneof(
  fc.array(nested, { minLength: 1, maxLength: 3 }),
  fc.dictionary(
    fc.string({ minLength: 1, maxLength: 6 }).map((k) => `zz_${k}`),
    nested,
    { minKeys: 1, maxKeys: 3 },
  ),
  fc.constantFrom(...HUGE),
  fc.constantFrom(...EXTREME_NUMBERS),
);
const anyBad = fc.oneof(surelyBad, hostileString, hostileNumber, fc.boolean(), fc.constant(null), nested);

/** An invalid body for a route whose DTO declares `fields`. */
function badBody(fields: string[]): fc.Arbitrary<unknown> {
  const names = fields.length ? fields : ['amount', 'id', 'email'];
  const known = fc.constantFrom(...names);
  return fc.oneof(
    // Not an object at all.
    fc.oneof(fc.array(nested, { maxLength: 4 }), hostileString, hostileNumber, fc.constant(null), fc.boolean()),
    // Known fields with any hostile values, plus at least one unknown (extra) field.
    fc
      .tuple(
        fc.dictionary(known, anyBad, { maxKeys: names.length }),
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }).map((k) => `extra_${k}`),
          anyBad,
          { minKeys: 1, maxKeys: 2 },
        ),
      )
      .map(([a, b]) => ({ ...a, ...b })),
    // Only known fields (others missing), at least one of them surely bad.
    fc.tuple(known, surelyBad, fc.dictionary(known, anyBad, { maxKeys: names.length })).map(([k, v, rest]) => ({ ...rest, [k]: v })),
  );
}

const wellFormed = (v: string) => v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A query string: declared (or usual) names and extra ones, with hostile values, repeated keys (arrays) and bracket names. */
function badQuery(fields: string[]): fc.Arbitrary<string> {
  const names = [
    ...fields,
    'page',
    'size',
    'type',
    'startDate',
    'endDate',
    'unreadOnly',
    'date',
    'q',
    'email',
    'token',
    'state',
    'limit',
    'status',
    'id',
    'extra',
  ];
  const value = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 20 }), fc.constantFrom('x'.repeat(5_000)), hostileNumber.map(String));
  const pair = fc.tuple(
    fc.constantFrom(...names).chain((n) => fc.constantFrom(n, `${n}[]`, `${n}[a]`, `${n}.x`)),
    value,
  );
  // Usually the key repeated: Fastify turns `a=1&a=2` into an array.
  return fc
    .array(pair, { minLength: 1, maxLength: 6 })
    .chain((pairs) =>
      fc
        .boolean()
        .map((dup) => (dup ? [...pairs, ...pairs] : pairs).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(wellFormed(v))}`).join('&')),
    );
}

interface Sent {
  what: string;
  status: number;
  text: string;
  body: unknown;
}

describe('bad-input sweep over every route', () => {
  let t: TestApp;
  let routes: (Route & { inputs: RouteInputs })[];
  let user: TestUser;
  let staff: TestUser;
  const problems: string[] = [];
  beforeEach(() => {
    problems.length = 0;
  });

  beforeAll(async () => {
    // eslint-disable-next-line no-console
    console.log(`bad-input sweep: SWEEP_SEED=${SEED} SWEEP_RUNS=${RUNS}`);
    t = await createTestApp({ override: (b) => b.overrideProvider(getQueueToken(PAYOUTS_QUEUE)).useValue({ add: async () => undefined }) });
    const inputs = await describeInputs(t);
    routes = collectRoutes(t).map((r) => ({
      ...r,
      inputs: inputs.get(label(r)) ?? { body: r.method !== 'GET', query: true, bodyFields: [], queryFields: [] },
    }));
    user = await completeUser(t);
    await fund(t, user.userId, 50_000n);
    staff = await supportUser(t);
  });
  afterAll(async () => {
    // eslint-disable-next-line no-console
    console.log(`bad-input sweep: ${figures.requests} bad inputs over ${figures.routes} routes, seed ${SEED}`);
    await t.close();
  });

  const tokenFor = (r: Route) => (r.kind === 'support' ? staff.token : user.token);

  function check(route: Route, s: Sent, mayPass: boolean) {
    figures.requests++;
    const where = `${label(route)} ${s.what.slice(0, 300)}`;
    if (s.status >= 500) return problems.push(`${where} → ${s.status} ${s.text.slice(0, 300)}`);
    const leak = leakProblem(s.text);
    if (leak) return problems.push(`${where} → ${leak}`);
    // Node's HTTP parser refuses a request line over 16 KiB (431) before any route or filter runs.
    if (s.status === 431) return;
    if (s.status >= 400) {
      const p = errorShapeProblem(s.status, s.body, s.text);
      if (p) problems.push(`${where} → ${s.status} ${p}`);
      return;
    }
    // A validation route answers 200 { data: { valid: false, errors } } by design (SPEC's withdraw form).
    if ((s.body as { data?: { valid?: unknown } } | null)?.data?.valid === false) return;
    if (!mayPass) problems.push(`${where} → ${s.status} (accepted an invalid input) ${s.text.slice(0, 200)}`);
  }

  async function inBatches<T>(items: T[], fn: (x: T) => Promise<void>) {
    for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(fn));
  }

  function call(route: Route, path: string, opts: { query?: string; body?: unknown; raw?: string; type?: string } = {}) {
    const url = opts.query ? `${path}?${opts.query}` : path;
    const req = (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)
      [route.method.toLowerCase()](url)
      .set('Authorization', `Bearer ${tokenFor(route)}`);
    if (opts.raw !== undefined) return req.set('content-type', opts.type ?? 'application/json').send(opts.raw);
    if (opts.body !== undefined) return req.set('content-type', 'application/json').send(JSON.stringify(opts.body));
    return req;
  }

  it('generated bodies and queries: 4xx only, in the error shape, nothing written', async () => {
    const swept = routes.filter((r) => r.inputs.body || r.inputs.query);
    expect(swept.length).toBeGreaterThan(15);
    for (const [i, route] of swept.entries()) {
      figures.routes++;
      const before = await countRows(t);
      const path = fillPath(route);
      const cases: { query?: string; body?: unknown }[] = [];
      if (route.inputs.body) for (const body of fc.sample(badBody(route.inputs.bodyFields), { seed: SEED + i, numRuns: RUNS })) cases.push({ body });
      if (route.inputs.query)
        for (const query of fc.sample(badQuery(route.inputs.queryFields), { seed: SEED + 1000 + i, numRuns: Math.ceil(RUNS / 2) }))
          cases.push({ query, body: route.inputs.body ? {} : undefined });
      await inBatches(cases, async (c) => {
        const res = await call(route, path, c);
        // GET reads may ignore what they do not know (and write nothing); everything else must refuse.
        check(route, { what: JSON.stringify(c), status: res.status, text: res.text, body: res.body }, route.method === 'GET');
      });
      const after = await countRows(t);
      if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${label(route)} wrote rows: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    }
    expect(problems).toEqual([]);
  });

  it('malformed JSON, wrong content types, oversized and deeply nested bodies: 4xx only', async () => {
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    // Refused by the JSON parser itself, so safe to send to every route (those that read no body too).
    const malformed = [
      '{',
      '{"a":',
      '[1,2',
      'nul',
      '{"a":1}}',
      "{'a':1}",
      '{"a":01}',
      '{"a":"\u0000',
      '\u0000',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
    ];
    // Valid JSON that no body DTO accepts: only for routes that read a body (a bodiless route may ignore it).
    const wrongJson = ['"just a string"', '1e99999', 'null', '[]', '[{"amount":100}]', 'true'];
    const big = JSON.stringify({ amount: 100, pad: 'x'.repeat(1024 * 1024 + 16) });
    const before = await countRows(t);
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const path = fillPath(route);
      const sends: { raw: string; type?: string; what: string }[] = [
        ...malformed.map((raw) => ({ raw, what: `json ${JSON.stringify(raw).slice(0, 60)}` })),
        { raw: big, what: 'json > 1 MiB' },
      ];
      if (route.inputs.body) {
        sends.push(
          ...wrongJson.map((raw) => ({ raw, what: `json ${raw}` })),
          { raw: deep(5_000), what: 'json nested 5000 deep' },
          { raw: `{"amount":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, what: 'json arrays 100000 deep' },
          { raw: 'amount=100&email=a%40b.c&x[y]=1', type: 'application/x-www-form-urlencoded', what: 'form with extra fields' },
          { raw: 'hello', type: 'text/plain', what: 'text/plain' },
          { raw: '<a>1</a>', type: 'application/xml', what: 'xml' },
          {
            raw: '--XX\r\nContent-Disposition: form-data; name="zz_extra"\r\n\r\n1\r\n--XX--\r\n',
            type: 'multipart/form-data; boundary=XX',
            what: 'multipart with an unknown field',
          },
          { raw: '--XX\r\nContent-Disposition: form-data; name="x"', type: 'multipart/form-data; boundary=XX', what: 'truncated multipart' },
          { raw: '{"a":1}', type: 'application/json; charset=utf-16', what: 'json as utf-16' },
          { raw: 'x'.repeat(1024 * 1024 + 1), type: 'application/octet-stream', what: 'octet-stream over 1 MiB' },
        );
      }
      await inBatches(route.kind === 'test-mode' ? sends.filter((s) => !s.type?.startsWith('multipart')) : sends, async (s) => {
        const res = await call(route, path, { raw: s.raw, type: s.type });
        // A multipart form on a JSON route carries no JSON fields: it reads as an empty body (a no-op where {} is valid).
        check(route, { what: s.what, status: res.status, text: res.text, body: res.body }, !!s.type?.startsWith('multipart'));
      });
    }
    expect(await countRows(t)).toEqual(before);
    expect(problems).toEqual([]);
  });

  it('hostile path parameters (not ids, SQL, huge, unicode, bad dates): 4xx only', async () => {
    const values = [
      'not-a-uuid',
      '1',
      '-1',
      '0',
      '99999999999999999999999',
      '9223372036854775808',
      "1' OR '1'='1",
      '1;DROP TABLE users',
      '%00',
      'null',
      'undefined',
      '00000000-0000-0000-0000-00000000000g',
      '00000000000000000000000000000000',
      '{00000000-0000-4000-8000-000000000000}',
      'x'.repeat(2000),
      '\u202E',
      '🙂',
      'ي',
      '2026-02-30',
      '2026-13-01',
      '0000-00-00',
      '99999-01-01',
      '2026-1-1',
      '20261120',
      '2026-11-20T00:00:00Z',
      '../..',
      'PENDING',
      'pending ',
    ];
    const before = await countRows(t);
    for (const route of routes.filter((r) => r.params.length > 0)) {
      await inBatches(values, async (v) => {
        const res = await call(
          route,
          fillPath(route, () => v),
          route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} },
        );
        // A status word that is valid (PENDING) may legitimately succeed on GET.
        check(route, { what: `param=${JSON.stringify(v).slice(0, 40)}`, status: res.status, text: res.text, body: res.body }, route.method === 'GET');
      });
    }
    expect(await countRows(t)).toEqual(before);
    expect(problems).toEqual([]);
  });
});
