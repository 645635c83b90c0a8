import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import { AppConfig } from '../../../config/app-config.js';
import type { PushServiceHost } from '../../../config/push-hosts.js';
import { pushEndpointProblem, pushServiceHostFor } from '../domain/push-endpoint.js';
import { forbiddenAddress } from './push-address.js';
import type { PushSubscriptionRow } from './push-subscriptions.repository.js';

/** `gone`: the push service ended the subscription, or the endpoint was refused (both drop the subscription). */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** What a push service's host name resolves to (every address); tests inject one that maps their test host names. */
export type PushResolver = (hostname: string) => Promise<LookupAddress[]>;
export const PUSH_DNS_LOOKUP = Symbol('PUSH_DNS_LOOKUP');
/** An extra CA the push requests trust (tests' local push service); none in production. */
export const PUSH_TLS_CA = Symbol('PUSH_TLS_CA');

const systemResolver: PushResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The endpoint or its resolved address is not one the server may connect to. */
export class PushEndpointRefused extends Error {}

/**
 * net's `lookup` for push connections: resolves the name once, refuses the connection when the name is not a push
 * service host or when any of its addresses is private, loopback, link-local, metadata and so on (unless
 * `allowPrivate`), and hands net exactly the addresses it checked, so the socket connects to a checked address and a
 * DNS rebind between check and connect has nothing to swap.
 */
export function guardedLookup(resolve: PushResolver, hosts: readonly PushServiceHost[], allowPrivate: boolean): LookupFunction {
  return ((
    hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    const answer = async (): Promise<LookupAddress[]> => {
      if (!pushServiceHostFor(hostname, hosts)) throw new PushEndpointRefused(`${hostname} is not a push service host`);
      const all = await resolve(hostname);
      if (all.length === 0) throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' });
      if (!allowPrivate) {
        for (const a of all) {
          const why = forbiddenAddress(a.address);
          if (why) throw new PushEndpointRefused(`${hostname} resolves to ${a.address}, ${why}`);
        }
      }
      const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
      const usable = family ? all.filter((a) => a.family === family) : all;
      if (usable.length === 0) throw Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' });
      return usable;
    };
    answer().then(
      (usable) => (options.all ? callback(null, usable) : callback(null, usable[0].address, usable[0].family)),
      (e: Error) => callback(e, options.all ? [] : ''),
    );
  }) as LookupFunction;
}

/**
 * Sends one Web Push message (VAPID-signed, aes128gcm-encrypted by the web-push package) to one subscription, only to
 * a push service: the endpoint must pass the save-time rule again (rows older than it), the connection goes through
 * guardedLookup, and a redirect is not followed (web-push treats any non-2xx answer as a failure).
 */
@Injectable()
export class PushSender implements OnModuleDestroy {
  private readonly logger = new Logger('PushSender');
  private readonly agent: Agent;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Optional() @Inject(PUSH_DNS_LOOKUP) resolver?: PushResolver | null,
    @Optional() @Inject(PUSH_TLS_CA) ca?: string | Buffer | null,
  ) {
    this.agent = new Agent({
      keepAlive: true,
      lookup: guardedLookup(resolver ?? systemResolver, config.pushServiceHosts, config.pushAllowPrivateAddresses),
      ...(ca ? { ca } : {}),
    });
  }

  onModuleDestroy(): void {
    this.agent.destroy();
  }

  get enabled(): boolean {
    return this.config.vapid !== null;
  }

  /** An IP-literal host (a test's push service outside production) never reaches the lookup: its address is checked here. */
  private literalProblem(endpoint: string): string | null {
    const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
    const why = isIP(host) !== 0 && !this.config.pushAllowPrivateAddresses ? forbiddenAddress(host) : null;
    return why ? `${host} is ${why}` : null;
  }

  async send(sub: PushSubscriptionRow, payload: Record<string, unknown>, ttlSeconds: number): Promise<PushOutcome> {
    const vapid = this.config.vapid;
    if (!vapid) return 'failed';
    const problem = pushEndpointProblem(sub.endpoint, this.config.pushServiceHosts) ?? this.literalProblem(sub.endpoint);
    if (problem) {
      this.logger.warn(`push subscription ${sub.id} refused and dropped: ${problem}`);
      return 'gone';
    }
    try {
      await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: ttlSeconds,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        agent: this.agent,
      });
      return 'delivered';
    } catch (e) {
      if (e instanceof PushEndpointRefused) {
        this.logger.warn(`push subscription ${sub.id} refused and dropped: ${e.message}`);
        return 'gone';
      }
      const status = (e as { statusCode?: number }).statusCode;
      // 404/410: the browser unsubscribed or the subscription expired (RFC 8030 §7.3); drop it.
      if (status === 404 || status === 410) return 'gone';
      this.logger.warn(`push to ${new URL(sub.endpoint).host} failed: ${status ?? (e as Error).message}`);
      return 'failed';
    }
  }
}
