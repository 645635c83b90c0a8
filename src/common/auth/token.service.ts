import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/app-config.js';
import { RedisService } from '../redis.module.js';
import { AuthUser, Role } from './auth.decorators.js';
import { CommonErrors } from '../errors/common.errors.js';

export interface TokenPayload {
  sub: string;
  email: string;
  role: Role;
  jti: string;
  iat: number;
  exp: number;
  /** Issue time in milliseconds, so a token issued right after revokeAllForUser (same second) survives it. */
  iatMs?: number;
}

/** Keys written before they carried BULLMQ_PREFIX: still read (never written) until the last token of that time expires. */
const legacyRevokedKey = (jti: string) => `auth:revoked:${jti}`;
const legacyNotBeforeKey = (userId: string) => `auth:not-before:${userId}`;

/** Issues bearer tokens and revokes them (one token on logout, all of a user's on password reset). */
@Injectable()
export class TokenService {
  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private revokedKey(jti: string): string {
    return `${this.config.redisPrefix}:auth:revoked:${jti}`;
  }

  private notBeforeKey(userId: string): string {
    return `${this.config.redisPrefix}:auth:not-before:${userId}`;
  }

  sign(user: { id: string; email: string; role: Role }): string {
    return this.jwt.sign({ sub: user.id, email: user.email, role: user.role, jti: randomUUID(), iatMs: Date.now() });
  }

  /** A signed, unexpired payload is still refused once revoked (logout) or issued before a reset. */
  async checkRevocation(payload: Partial<TokenPayload>): Promise<AuthUser> {
    if (!payload.sub || !payload.jti || !payload.iat || !payload.exp) throw CommonErrors.invalidToken();
    let revoked: boolean;
    let notBeforeMs: number;
    try {
      const [r, nb, legacyR, legacyNb] = await this.redis.client.mget(
        this.revokedKey(payload.jti),
        this.notBeforeKey(payload.sub),
        legacyRevokedKey(payload.jti),
        legacyNotBeforeKey(payload.sub),
      );
      revoked = !!(r ?? legacyR);
      notBeforeMs = Math.max(Number(nb ?? 0), Number(legacyNb ?? 0));
    } catch {
      throw CommonErrors.authUnavailable();
    }
    if (revoked) throw CommonErrors.revoked();
    const issuedMs = typeof payload.iatMs === 'number' ? payload.iatMs : payload.iat * 1000;
    if (notBeforeMs && issuedMs < notBeforeMs) throw CommonErrors.revoked();
    return { id: payload.sub, email: payload.email ?? '', role: payload.role ?? 'USER', jti: payload.jti, exp: payload.exp };
  }

  async revoke(user: Pick<AuthUser, 'jti' | 'exp'>): Promise<void> {
    const ttl = Math.max(1, user.exp - Math.floor(Date.now() / 1000));
    await this.redis.client.set(this.revokedKey(user.jti), '1', 'EX', ttl);
  }

  /** Every token issued before now stops working (password reset, account closure, a role change). */
  async revokeAllForUser(userId: string): Promise<void> {
    // Compared with the token's iatMs (ms); a token without it falls back to iat * 1000, so one issued earlier in this second is refused.
    await this.redis.client.set(this.notBeforeKey(userId), String(Date.now()), 'EX', 60 * 60 * 24 * 60);
  }
}
