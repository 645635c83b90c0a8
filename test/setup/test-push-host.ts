import type { TestingModuleBuilder } from '@nestjs/testing';
import { execFileSync } from 'node:child_process';
import type { LookupAddress } from 'node:dns';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../src/config/push-hosts.js';
import { PUSH_DNS_LOOKUP, PUSH_TLS_CA, PushResolver } from '../../src/modules/notifications/infrastructure/push-sender.js';

/**
 * Push services only (PUSH_SERVICE_HOSTS): a test's local push service is reached by this name (RFC 6761's .test),
 * which the injected resolver maps to the loopback listener; there is no network and no hosts file here.
 */
export const TEST_PUSH_HOST = 'push.wakestake.test';

/** A certificate for the test push host, made for this run (push services speak only https). */
export function selfSignedPushCert(host = TEST_PUSH_HOST): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

/** A resolver that knows only the given names (no network: anything else is ENOTFOUND); counts its look-ups. */
export function mapResolver(names: Record<string, string[]>): PushResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const addrs = names[hostname];
    if (!addrs) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addrs.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}

/** The environment of an app whose push service is the test's local one on `port` (loopback allowed: tests only). */
export function testPushEnv(port: number, allowPrivate = true): Record<string, string> {
  return { PUSH_SERVICE_HOSTS: `${DEFAULT_PUSH_SERVICE_HOSTS},${TEST_PUSH_HOST}:${port}`, PUSH_ALLOW_PRIVATE_ADDRESSES: allowPrivate ? 'true' : 'false' };
}

/** Provider overrides: the test host resolves to 127.0.0.1, and the push requests trust the test certificate. */
export function testPushOverrides(
  ca: Buffer | null,
  resolver: PushResolver = mapResolver({ [TEST_PUSH_HOST]: ['127.0.0.1'] }),
): (b: TestingModuleBuilder) => TestingModuleBuilder {
  return (b) => b.overrideProvider(PUSH_DNS_LOOKUP).useValue(resolver).overrideProvider(PUSH_TLS_CA).useValue(ca);
}
