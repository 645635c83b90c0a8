import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

// docker/: compose file, image, monitoring profile (Prometheus rules and Grafana dashboard). No Docker engine runs
// here: compose files are checked with `docker-compose config` (apt-get install docker-compose), rules with promtool
// (apt-get install prometheus). Without those tools the checks that need them are skipped with a line saying so;
// the files are still parsed and checked.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require('js-yaml') as { load: (s: string) => unknown };

const root = join(__dirname, '..', '..');
const dockerDir = join(root, 'docker');
const file = join(dockerDir, 'compose.yml');
const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;
const compose = has('docker-compose') ? 'docker-compose' : has('docker') && spawnSync('docker', ['compose', 'version']).status === 0 ? 'docker' : undefined;
const promtool = has('promtool') ? 'promtool' : undefined;
const skipNote = (what: string, tool: string) => process.stdout.write(`docker.e2e-spec: ${what} skipped: ${tool} is not installed\n`);

/** Every secret compose requires, as a deployment would set them. */
const REQUIRED = {
  POSTGRES_PASSWORD: 'pgpassword0123456789abcdef',
  JWT_SECRET: 'f3b1c9d27a4e8605b1c3d9e7f2a4b6c8d0e1f3a5',
  RAZORPAY_KEY_ID: 'rzp_live_abc123',
  RAZORPAY_KEY_SECRET: 'razorpay-key-secret-value',
  RAZORPAY_WEBHOOK_SECRET: 'razorpay-webhook-secret-value',
  PAYOUTS_PROVIDER: 'manual',
  METRICS_TOKEN: 'metrics-token-0123456789abcdef-4f2a', // 32+ characters: the app refuses a weaker one in production
};

/** The environment a test gets, minus anything of the caller's that compose would interpolate. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  return { ...env, ...extra };
}

function composeConfig(env: Record<string, string>, ...extra: string[]) {
  const args = compose === 'docker' ? ['compose', '-f', file, ...extra, 'config'] : ['-f', file, ...extra, 'config'];
  return spawnSync(compose!, args, { encoding: 'utf8', env: cleanEnv(env), cwd: root });
}

interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  restart?: string;
  command?: string[] | string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: (string | { source?: string; type?: string })[];
}
const raw = readFileSync(file, 'utf8');
const source = yaml.load(raw) as { version?: string; services: Record<string, Service> };
const CORE = ['api', 'postgres', 'redis', 'worker'];

// Metric names the api and worker export; rules and dashboard may use only these (plus Prometheus' own).
const METRICS = [
  'http_request_duration_seconds_bucket',
  'http_request_duration_seconds_count',
  'http_request_duration_seconds_sum',
  'http_requests_total',
  'bullmq_queue_jobs',
  'wakestake_settlement_challenges_settled_total',
  'wakestake_settlement_last_completed_timestamp_seconds',
  'wakestake_settlement_deadline_margin_seconds',
  'wakestake_deposits_total',
  'wakestake_payouts_total',
  'wakestake_ledger_verify_ok',
  'wakestake_mail_outbox',
  'wakestake_mail_outbox_oldest_unsent_age_seconds',
  'pg_pool_connections',
  'up',
];
const PROMQL_WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'by',
  'on',
  'and',
  'or',
  'unless',
  'bool',
  'rate',
  'increase',
  'delta',
  'time',
  'hour',
  'minute',
  'absent',
  'clamp_min',
  'histogram_quantile',
  'topk',
  'min_over_time',
  'max_over_time',
  'le',
  'route',
  'queue',
  'state',
  'outcome',
  'status_code',
  'job',
  'instance',
  'method',
  'scalar',
  'vector',
  'without',
  'ignoring',
  'group_left',
  'group_right',
]);
/** Metric-like identifiers in a PromQL expression (labels inside {...} and grafana's $__vars removed). */
function metricNames(expr: string): string[] {
  const stripped = expr
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\$__\w+/g, '')
    .replace(/"[^"]*"/g, '');
  return [...new Set(stripped.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [])].filter((w) => !PROMQL_WORDS.has(w) && !/^\d/.test(w));
}

describe('docker/compose.yml', () => {
  (compose ? it : it.skip)('is a valid compose file whose default services are postgres, redis, api and worker', () => {
    const res = composeConfig(REQUIRED);
    expect(res.stderr).not.toMatch(/ERROR|required/);
    expect(res.status).toBe(0);
    const resolved = yaml.load(res.stdout) as { services: Record<string, Service> };
    const byDefault = Object.entries(resolved.services)
      .filter(([, s]) => !s.profiles?.length)
      .map(([n]) => n);
    expect(byDefault.sort()).toEqual(CORE);
    const env = resolved.services.api.environment!;
    expect(env.DATABASE_URL).toBe(`postgres://wakestake:${REQUIRED.POSTGRES_PASSWORD}@postgres:5432/wakestake`);
    expect(env.JWT_SECRET).toBe(REQUIRED.JWT_SECRET);
    expect(env.NODE_ENV).toBe('production');
    expect(env.PAYMENTS_PROVIDER).toBe('razorpay');
    expect(resolved.services.worker.environment!.WORKER_HEALTH_PORT).toBe('9464');
    // /metrics is never open: both processes get the token (the app refuses a production start without it).
    expect(env.METRICS_TOKEN).toBe(REQUIRED.METRICS_TOKEN);
    expect(resolved.services.worker.environment!.METRICS_TOKEN).toBe(REQUIRED.METRICS_TOKEN);
  });

  (compose ? it : it.skip).each(Object.keys(REQUIRED))('stops `config` with a message when %s is missing', (name) => {
    const env: Record<string, string> = { ...REQUIRED };
    delete env[name];
    const res = composeConfig(env);
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain(`${name} is required`);
  });

  if (!compose) skipNote('docker-compose config checks', 'docker-compose');

  it('has no default secrets: every secret variable is required, none has a fallback', () => {
    for (const name of Object.keys(REQUIRED)) {
      expect(raw).toMatch(new RegExp(`\\$\\{${name}:\\?`));
      expect(raw).not.toMatch(new RegExp(`\\$\\{${name}:?-`));
    }
    expect(raw).not.toMatch(/change-me|sandbox_key_secret|sandbox_webhook_secret|POSTGRES_PASSWORD: postgres/);
    expect(raw).not.toMatch(/PAYMENTS_PROVIDER: .*sandbox|^\s*TEST_MODE:/m);
  });

  it('lists every variable compose reads in docker/example.env, with the required ones left empty', () => {
    const example = readFileSync(join(dockerDir, 'example.env'), 'utf8');
    const listed = new Map([...example.matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1], m[2]]));
    const used = [...new Set([...raw.matchAll(/\$\{([A-Z0-9_]+)[:}?-]/g)].map((m) => m[1]))].filter((v) => !['WAKESTAKE_TAG', 'REDIS_MAXMEMORY'].includes(v));
    expect(used.filter((v) => !listed.has(v))).toEqual([]);
    for (const name of Object.keys(REQUIRED)) expect(listed.get(name)).toBe('');
  });

  it('has no obsolete version key', () => {
    expect(source.version).toBeUndefined();
    expect(raw).not.toMatch(/^version:/m);
  });

  it.each(CORE)('%s has a health check and a restart policy', (name) => {
    const s = source.services[name];
    expect(s.healthcheck?.test).toBeTruthy();
    expect(s.restart).toMatch(/^(always|unless-stopped|on-failure)/);
  });

  it('health checks hit the api health route and the worker health port', () => {
    expect(JSON.stringify(source.services.api.healthcheck!.test)).toContain('http://127.0.0.1:3000/api/v1/health');
    expect(JSON.stringify(source.services.worker.healthcheck!.test)).toContain('http://127.0.0.1:9464/health');
  });

  it('starts each service only once what it needs is healthy', () => {
    const deps = (n: string) => Object.fromEntries(Object.entries(source.services[n].depends_on ?? {}).map(([k, v]) => [k, v.condition]));
    expect(deps('api')).toEqual({ postgres: 'service_healthy', redis: 'service_healthy' });
    expect(deps('worker')).toEqual({ api: 'service_healthy', postgres: 'service_healthy', redis: 'service_healthy' });
  });

  it('runs Redis with noeviction and append-only persistence on a volume (BullMQ needs both)', () => {
    const redis = source.services.redis;
    const cmd = (Array.isArray(redis.command) ? redis.command : String(redis.command).split(/\s+/)).map(String);
    expect(cmd[cmd.indexOf('--maxmemory-policy') + 1]).toBe('noeviction');
    expect(cmd[cmd.indexOf('--appendonly') + 1]).toBe('yes');
    expect(redis.volumes?.some((v) => String(v).endsWith(':/data'))).toBe(true);
  });

  it('offers Prometheus and Grafana as the optional monitoring profile, mounting files that exist', () => {
    for (const name of ['prometheus', 'grafana']) {
      const s = source.services[name];
      expect(s.profiles).toEqual(['monitoring']);
      for (const v of s.volumes ?? []) {
        const host = String(v).split(':')[0];
        if (host.startsWith('.') || isAbsolute(host)) expect(existsSync(join(dockerDir, host))).toBe(true);
      }
    }
  });
});

describe('docker/Dockerfile and .dockerignore', () => {
  const dockerfile = readFileSync(join(dockerDir, 'Dockerfile'), 'utf8');

  it('builds on a supported Node LTS (22 or 24), not Node 20', () => {
    const base = /ARG NODE_IMAGE=(\S+)/.exec(dockerfile)?.[1] ?? '';
    expect(base).toMatch(/^node:(22|24)[.-]/);
    for (const from of dockerfile.match(/^FROM \S+/gm) ?? []) expect(from).not.toMatch(/node:20/);
  });

  it('runs as the unprivileged node user, owning only its writable var/ folder', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/chown -R node:node \/app\/var/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime.indexOf('chown')).toBeLessThan(runtime.indexOf('USER node'));
  });

  it('keeps dependencies, builds, local data and secrets out of the build context', () => {
    const ignore = readFileSync(join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['**/node_modules', 'dist', 'client/dist', '.data', 'var', '.env', '.env.*', '.git']) expect(ignore).toContain(entry);
    // ...but not what the Dockerfile copies.
    for (const copied of ['src', 'client', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'ormconfig.ts']) {
      expect(ignore).not.toContain(copied);
    }
  });
});

describe('docker/prometheus and docker/grafana', () => {
  const rulesFile = join(dockerDir, 'prometheus', 'alerts.yml');
  const rules = yaml.load(readFileSync(rulesFile, 'utf8')) as {
    groups: { name: string; rules: { alert: string; expr: string; labels?: Record<string, string>; annotations?: Record<string, string> }[] }[];
  };
  const alerts = rules.groups.flatMap((g) => g.rules);

  it('has the alerts operations needs, each with a severity and a summary', () => {
    expect(alerts.map((a) => a.alert)).toEqual(expect.arrayContaining(['SettlementNotDoneBy1400IST', 'PayoutsFailing', 'QueueStuck', 'Api5xxRate']));
    for (const a of alerts) {
      expect(['critical', 'warning']).toContain(a.labels?.severity);
      expect(a.annotations?.summary).toBeTruthy();
    }
  });

  it('uses only metric names the app exports', () => {
    const unknown = alerts.flatMap((a) => metricNames(a.expr)).filter((m) => !METRICS.includes(m));
    expect(unknown).toEqual([]);
  });

  (promtool ? it : it.skip)('passes promtool check rules, check config and its rule unit tests', () => {
    const check = spawnSync(promtool!, ['check', 'rules', rulesFile], { encoding: 'utf8' });
    expect(check.stdout + check.stderr).toMatch(/SUCCESS/);
    expect(check.status).toBe(0);
    // check config opens the scrape token file, which the container writes at start: point it at a local one.
    const tmp = mkdtempSync(join(tmpdir(), 'wakestake-prom-'));
    try {
      const promConfig = readFileSync(join(dockerDir, 'prometheus', 'prometheus.yml'), 'utf8');
      expect(promConfig).toContain('credentials_file: /prometheus/metrics_token');
      writeFileSync(join(tmp, 'metrics_token'), 'token');
      writeFileSync(join(tmp, 'prometheus.yml'), promConfig.replaceAll('/prometheus/metrics_token', join(tmp, 'metrics_token')));
      copyFileSync(rulesFile, join(tmp, 'alerts.yml'));
      const config = spawnSync(promtool!, ['check', 'config', join(tmp, 'prometheus.yml')], { encoding: 'utf8' });
      expect(config.stdout + config.stderr).toMatch(/SUCCESS: 1 rule files found/);
      expect(config.status).toBe(0);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    // Behaviour: the settlement alert fires after 14:00 IST only when today's settlement is missing, a queue with
    // nothing active is stuck, 40% failed payouts alert and 10% do not, 10% 5xx alerts.
    const unit = spawnSync(promtool!, ['test', 'rules', join(dockerDir, 'prometheus', 'alerts.test.yml')], { encoding: 'utf8' });
    expect(unit.stdout + unit.stderr).not.toMatch(/FAILED/);
    expect(unit.status).toBe(0);
  });
  if (!promtool) skipNote('promtool check/test rules', 'promtool');

  it('ships a Grafana dashboard on the provisioned Prometheus datasource, using exported metrics', () => {
    const datasource = yaml.load(readFileSync(join(dockerDir, 'grafana', 'provisioning', 'datasources', 'prometheus.yml'), 'utf8')) as {
      datasources: { uid: string; url: string }[];
    };
    const uid = datasource.datasources[0].uid;
    expect(datasource.datasources[0].url).toBe('http://prometheus:9090');
    const provider = yaml.load(readFileSync(join(dockerDir, 'grafana', 'provisioning', 'dashboards', 'wakestake.yml'), 'utf8')) as {
      providers: { options: { path: string } }[];
    };
    expect(JSON.stringify(source.services.grafana.volumes)).toContain(`:${provider.providers[0].options.path}:`);

    const dashboard = JSON.parse(readFileSync(join(dockerDir, 'grafana', 'dashboards', 'wakestake-overview.json'), 'utf8')) as {
      uid: string;
      panels: { type: string; title: string; datasource?: { uid: string }; targets?: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBe('wakestake-overview');
    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    expect(panels.length).toBeGreaterThanOrEqual(10);
    for (const p of panels) {
      expect(p.datasource?.uid).toBe(uid);
      expect(p.targets?.length).toBeGreaterThan(0);
    }
    const unknown = panels.flatMap((p) => p.targets!.flatMap((t) => metricNames(t.expr))).filter((m) => !METRICS.includes(m));
    expect(unknown).toEqual([]);
    const titles = panels.map((p) => p.title).join(' | ');
    for (const word of ['settlement', 'Payouts', 'waiting', '5xx']) expect(titles).toContain(word);
  });
});
