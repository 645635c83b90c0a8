import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { Agent } from 'node:https';
import webpush from 'web-push';
import { AppConfig } from '../../../config/app-config.js';
import type { PushSubscriptionRow } from './push-subscriptions.repository.js';

export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** An https.Agent for push requests (tests trust their local push service's certificate with it); none in production. */
export const PUSH_HTTPS_AGENT = Symbol('PUSH_HTTPS_AGENT');

/** Sends one Web Push message (VAPID-signed, aes128gcm-encrypted by the web-push package) to one subscription. */
@Injectable()
export class PushSender {
  private readonly logger = new Logger('PushSender');

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Optional() @Inject(PUSH_HTTPS_AGENT) private readonly agent?: Agent | null,
  ) {}

  get enabled(): boolean {
    return this.config.vapid !== null;
  }

  async send(sub: PushSubscriptionRow, payload: Record<string, unknown>, ttlSeconds: number): Promise<PushOutcome> {
    const vapid = this.config.vapid;
    if (!vapid) return 'failed';
    try {
      await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: ttlSeconds,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        timeout: 10_000,
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return 'delivered';
    } catch (e) {
      const status = (e as { statusCode?: number }).statusCode;
      // 404/410: the browser unsubscribed or the subscription expired (RFC 8030 §7.3); drop it.
      if (status === 404 || status === 410) return 'gone';
      this.logger.warn(`push to ${new URL(sub.endpoint).host} failed: ${status ?? (e as Error).message}`);
      return 'failed';
    }
  }
}
