import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config.js';
import { RedisService } from '../../../common/redis.module.js';

/** What a challenge was issued for: adding a passkey to a signed-in user's account, or signing in. */
export type PasskeyCeremony = { purpose: 'register'; userId: string } | { purpose: 'login' };

/** How long a person has between the options and their answer (the browser's own timeout is 60 s). */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 300;

/**
 * WebAuthn challenges, kept server-side in Redis (under BULLMQ_PREFIX) by the challenge itself: the browser's signed
 * answer carries it, so no other id travels. Each is taken once (GETDEL): a replayed answer finds nothing.
 */
@Injectable()
export class PasskeyChallenges {
  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private key(challenge: string): string {
    return `${this.config.redisPrefix}:passkey:challenge:${challenge}`;
  }

  async remember(challenge: string, ceremony: PasskeyCeremony): Promise<void> {
    await this.redis.client.set(this.key(challenge), JSON.stringify(ceremony), 'EX', PASSKEY_CHALLENGE_TTL_SECONDS);
  }

  /** The ceremony the challenge was issued for, once; null when unknown, expired or already used. */
  async take(challenge: string): Promise<PasskeyCeremony | null> {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return null;
    const raw = await this.redis.client.getdel(this.key(challenge));
    return raw ? (JSON.parse(raw) as PasskeyCeremony) : null;
  }
}
