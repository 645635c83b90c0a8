import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { RedisService } from '../redis.module.js';
import { AuthUser, Role } from './auth.decorators.js';
import { DomainError } from '../errors/domain-error.js';

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

const revokedKey = (jti: string) => `auth:revoked:${jti}`;
const notBeforeKey = (userId: string) => `auth:not-before:${userId}`;

/** Issues bearer tokens and revokes them (one token on logout, all of a user's on password reset). */
@Injectable()
export class TokenService {
  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(RedisService) private readonly redis: RedisService,
  ) {}

  sign(user: { id: string; email: string; role: Role }): string {
    return this.jwt.sign({ sub: user.id, email: user.email, role: user.role, jti: randomUUID(), iatMs: Date.now() });
  }

  /** Checks signature, expiry and revocation; throws 401 otherwise. */
  async verify(token: string): Promise<AuthUser> {
    let payload: TokenPayload;
    try {
      payload = await this.jwt.verifyAsync<TokenPayload>(token, { algorithms: ['HS256'] });
    } catch {
      throw new DomainError('AUTH.INVALID_TOKEN', 'UNAUTHENTICATED', 'Please login again');
    }
    return this.checkRevocation(payload);
  }

  /** A signed, unexpired payload is still refused once revoked (logout) or issued before a reset. */
  async checkRevocation(payload: Partial<TokenPayload>): Promise<AuthUser> {
    if (!payload.sub || !payload.jti || !payload.iat || !payload.exp) throw new DomainError('AUTH.INVALID_TOKEN', 'UNAUTHENTICATED', 'Please login again');
    let revoked: [string | null, string | null];
    try {
      const [r, nb] = await this.redis.client.mget(revokedKey(payload.jti), notBeforeKey(payload.sub));
      revoked = [r, nb];
    } catch {
      throw new DomainError('AUTH.UNAVAILABLE', 'UNAVAILABLE', 'Sign-in is temporarily unavailable. Please try again shortly.');
    }
    if (revoked[0]) throw new DomainError('AUTH.REVOKED', 'UNAUTHENTICATED', 'Please login again');
    const issuedMs = typeof payload.iatMs === 'number' ? payload.iatMs : payload.iat * 1000;
    if (revoked[1] && issuedMs < Number(revoked[1])) throw new DomainError('AUTH.REVOKED', 'UNAUTHENTICATED', 'Please login again');
    return { id: payload.sub, email: payload.email ?? "", role: payload.role ?? 'USER', jti: payload.jti, exp: payload.exp };
  }

  async revoke(user: Pick<AuthUser, 'jti' | 'exp'>): Promise<void> {
    const ttl = Math.max(1, user.exp - Math.floor(Date.now() / 1000));
    await this.redis.client.set(revokedKey(user.jti), '1', 'EX', ttl);
  }

  /** Every token issued before now stops working (password reset, account deletion). */
  async revokeAllForUser(userId: string): Promise<void> {
    // Compared with the token's iatMs (ms); a token without it falls back to iat * 1000, so one issued earlier in this second is refused.
    await this.redis.client.set(notBeforeKey(userId), String(Date.now()), 'EX', 60 * 60 * 24 * 60);
  }
}
