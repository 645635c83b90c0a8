import type { TestApp } from './test-app.js';

export type RouteKind = 'public' | 'user' | 'support' | 'test-mode';

export interface Route {
  method: string;
  /** Fastify form, e.g. /api/v1/challenges/:id */
  url: string;
  kind: RouteKind;
  /** Path parameter names in order. */
  params: string[];
}

/** Public routes by design (ARCHITECTURE.md / docs/decisions): everything else needs a token. */
const PUBLIC = [
  /^\/api\/v1\/health(\/|$)/,
  /^\/api\/v1\/config(\/|$)/,
  /^\/api\/v1\/auth\/(register|login|google|verify-email|resend-verification|forgot-password|reset-password|verify-reset-token)$/,
  // passkey sign-in: the signed assertion is the credential
  /^\/api\/v1\/auth\/passkeys\/(login-options|login)$/,
  /^\/api\/v1\/wallet\/webhooks\//,
  // the calendar feed: the secret in its address is the credential (a calendar app sends no token)
  /^\/api\/v1\/calendar\/:file$/,
  /^\/api\/v1\/notifications\/push\/public-key$/,
];

export function classify(url: string): RouteKind {
  if (PUBLIC.some((r) => r.test(url))) return 'public';
  if (/^\/api\/v1\/test\//.test(url)) return 'test-mode';
  if (/^\/api\/v1\/support(\/|$)/.test(url)) return 'support';
  return 'user';
}

/**
 * Every route the running app registered under /api/v1, rebuilt from Fastify's printed route tree
 * (each line adds a segment to its parent's path), so routes added later are covered automatically.
 * HEAD and OPTIONS (added by Fastify/CORS) are left out.
 */
export function collectRoutes(t: TestApp): Route[] {
  const fastify = t.app.getHttpAdapter().getInstance() as unknown as { printRoutes: (o: unknown) => string };
  const out: Route[] = [];
  const seen = new Set<string>();
  const stack: string[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!m) continue;
    const depth = Math.round(m[1].length / 4);
    stack.length = depth;
    const path = (depth ? stack[depth - 1] : '') + m[2];
    stack.push(path);
    if (!m[3]) continue;
    for (const method of m[3].split(',').map((x) => x.trim())) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!path.startsWith('/api/v1/')) continue;
      const url = path.replace(/\/$/, '') || path;
      const key = `${method} ${url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ method, url, kind: classify(url), params: [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((x) => x[1]) });
    }
  }
  return out.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

/** Fills path parameters: by name, or a value per parameter from `fill` (default: a fresh-looking uuid / date). */
export function fillPath(route: Pick<Route, 'url'>, fill: (param: string) => string = defaultParam): string {
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_, p: string) => encodeURIComponent(fill(p)));
}

export function defaultParam(param: string): string {
  if (/date/i.test(param)) return '2026-11-20';
  if (/status/i.test(param)) return 'PENDING';
  if (/^name$|queue/i.test(param)) return 'payouts';
  return '00000000-0000-4000-8000-000000000000';
}

export const label = (r: Pick<Route, 'method' | 'url'>) => `${r.method} ${r.url}`;

/** The main tables whose row counts must not move under an attack or a bad input. */
export const MAIN_TABLES = ['users', 'challenges', 'journal_entries', 'postings', 'deposits', 'withdrawals', 'identity_tokens'];

export async function countRows(t: TestApp, tables: string[] = MAIN_TABLES): Promise<Record<string, number>> {
  const { DataSource } = await import('typeorm');
  const ds = t.app.get(DataSource);
  const out: Record<string, number> = {};
  for (const table of tables) {
    const exists = (await ds.query(`SELECT to_regclass($1) AS r`, [table]))[0].r;
    out[table] = exists ? Number((await ds.query(`SELECT count(*)::int AS n FROM "${table}"`))[0].n) : -1;
  }
  return out;
}

/** An error answer as ARCHITECTURE.md shapes it, with no stack trace or SQL in it. Returns a reason when it is not. */
export function errorShapeProblem(status: number, body: unknown, text = JSON.stringify(body)): string | null {
  const b = body as { success?: unknown; statusCode?: unknown; error?: unknown; message?: unknown } | null;
  if (!b || typeof b !== 'object') return `body is not an object: ${String(text).slice(0, 200)}`;
  if (b.success !== false) return 'success is not false';
  if (b.statusCode !== status) return `statusCode ${String(b.statusCode)} != HTTP ${status}`;
  if (typeof b.error !== 'string' || !b.error.trim()) return 'error is not a non-empty string';
  if (typeof b.message !== 'string' && !Array.isArray(b.message)) return 'message missing';
  const leak = leakProblem(text);
  return leak;
}

/** A stack frame, a driver error name or SQL in an answer. */
export function leakProblem(text: string): string | null {
  if (/\bat .*\.(js|ts):\d+/.test(text)) return `stack trace in answer: ${text.slice(0, 300)}`;
  if (/QueryFailedError|EntityNotFound|TypeORMError|invalid input syntax|violates .* constraint|duplicate key value|syntax error at or near/i.test(text))
    return `driver error in answer: ${text.slice(0, 300)}`;
  if (/\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[\s\S]*\b(FROM|VALUES|SET|WHERE)\b/.test(text)) return `SQL in answer: ${text.slice(0, 300)}`;
  if (/TypeError|ReferenceError|Cannot read properties/.test(text)) return `JS error in answer: ${text.slice(0, 300)}`;
  return null;
}

export interface RouteInputs {
  /** The handler reads a body (@Body or the raw request). */
  body: boolean;
  /** The handler reads the query string (@Query). */
  query: boolean;
  /** Field names the body DTO declares (class-validator metadata). */
  bodyFields: string[];
  /** Field names the query DTO declares, or the single @Query('name'); empty when it takes any (Record). */
  queryFields: string[];
}

const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD'];
const ARG = { REQUEST: 0, BODY: 3, QUERY: 4, RAW_BODY: 12 };

/**
 * What each handler reads, from Nest's own route metadata (controllers, @Body/@Query/@Req, DTO classes),
 * keyed by `METHOD /api/v1/...` as collectRoutes() spells it. Controllers added later are found too.
 */
export async function describeInputs(t: TestApp): Promise<Map<string, RouteInputs>> {
  const { ModulesContainer } = await import('@nestjs/core');
  const { getMetadataStorage } = await import('class-validator');
  const storage = getMetadataStorage();
  const fieldsOf = (cls: unknown): string[] =>
    typeof cls === 'function' && cls !== Object && cls !== String
      ? [...new Set(storage.getTargetValidationMetadatas(cls as new () => object, '', true, false).map((m) => m.propertyName))]
      : [];
  const out = new Map<string, RouteInputs>();
  for (const mod of t.app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const ctrl = wrapper.metatype as (new (...a: unknown[]) => object) | undefined;
      if (!ctrl) continue;
      const base = ([] as string[]).concat(Reflect.getMetadata('path', ctrl) ?? '')[0];
      for (const name of Object.getOwnPropertyNames(ctrl.prototype)) {
        const fn = (ctrl.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof fn !== 'function') continue;
        const method = Reflect.getMetadata('method', fn);
        if (method === undefined) continue;
        const sub = ([] as string[]).concat(Reflect.getMetadata('path', fn) ?? '')[0];
        const url = `/api/v1/${[base, sub]
          .filter((s) => s && s !== '/')
          .map((s) => s.replace(/^\/|\/$/g, ''))
          .join('/')}`.replace(/\/$/, '');
        const args = (Reflect.getMetadata('__routeArguments__', ctrl, name) ?? {}) as Record<string, { index: number; data?: unknown }>;
        const types = (Reflect.getMetadata('design:paramtypes', ctrl.prototype, name) ?? []) as unknown[];
        const inputs: RouteInputs = { body: false, query: false, bodyFields: [], queryFields: [] };
        for (const [key, arg] of Object.entries(args)) {
          const kind = Number(key.split(':')[0]);
          if (kind === ARG.BODY || kind === ARG.REQUEST || kind === ARG.RAW_BODY) {
            inputs.body = true;
            if (kind === ARG.BODY) inputs.bodyFields.push(...(typeof arg.data === 'string' ? [arg.data] : fieldsOf(types[arg.index])));
          }
          if (kind === ARG.QUERY) {
            inputs.query = true;
            inputs.queryFields.push(...(typeof arg.data === 'string' ? [arg.data] : fieldsOf(types[arg.index])));
          }
        }
        inputs.bodyFields = [...new Set(inputs.bodyFields)];
        inputs.queryFields = [...new Set(inputs.queryFields)];
        out.set(`${REQUEST_METHODS[method] ?? method} ${url}`, inputs);
      }
    }
  }
  return out;
}
