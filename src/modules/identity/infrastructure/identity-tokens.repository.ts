import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { IdentityTokenEntity, TokenPurpose } from './identity-token.entity.js';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 60 * 60 * 1000,
  RESET_PASSWORD: 60 * 60 * 1000,
};

export const hashToken = (raw: string) => createHash('sha256').update(raw, 'utf8').digest('hex');

/**
 * The identity_tokens table: random link tokens (32 bytes, base64url), stored as SHA-256, single-use, expiring by the
 * injected clock.
 */
@Injectable()
export class IdentityTokensRepository {
  constructor(
    @InjectRepository(IdentityTokenEntity) private readonly repo: Repository<IdentityTokenEntity>,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async issue(userId: string, purpose: TokenPurpose, manager?: EntityManager): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const repo = manager ? manager.getRepository(IdentityTokenEntity) : this.repo;
    await repo.insert({ userId, purpose, tokenHash: hashToken(raw), createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]) });
    return raw;
  }

  /**
   * Issues a token only when the id is an open account's, in one statement either way: forgot-password runs it for an
   * unknown email too (against an id that matches nothing), so both answers do the same work.
   */
  async issueIfOpen(userId: string, purpose: TokenPurpose, manager: EntityManager): Promise<string> {
    const raw = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await manager.query(
      `INSERT INTO identity_tokens (user_id, purpose, token_hash, created_at, expires_at)
       SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL)`,
      [userId, purpose, hashToken(raw), now, new Date(now.getTime() + TOKEN_TTL_MS[purpose])],
    );
    return raw;
  }

  /** Marks a user's unused tokens of a purpose as used (a newer link supersedes, a reset ends older links). */
  async retireAll(userId: string, purpose: TokenPurpose, manager?: EntityManager): Promise<void> {
    const repo = manager ? manager.getRepository(IdentityTokenEntity) : this.repo;
    await repo.update({ userId, purpose, usedAt: IsNull() }, { usedAt: this.clock.now() });
  }

  /** Uses the token once, atomically; the owner's id, or null when unknown, used or expired. */
  async consume(raw: string, purpose: TokenPurpose, manager: EntityManager): Promise<string | null> {
    const now = this.clock.now();
    const rows: { user_id: string }[] = await manager.query(
      `UPDATE identity_tokens SET used_at = $3
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING user_id`,
      [hashToken(raw), purpose, now],
    );
    // TypeORM returns [rows, count] for UPDATE ... RETURNING on postgres.
    const list = Array.isArray(rows[0]) ? (rows[0] as unknown as { user_id: string }[]) : rows;
    return list[0]?.user_id ?? null;
  }

  /** Whether the token would be accepted now (does not use it). */
  async isUsable(raw: string, purpose: TokenPurpose): Promise<boolean> {
    const row = await this.repo.findOne({ where: { tokenHash: hashToken(raw), purpose, usedAt: IsNull() } });
    return !!row && row.expiresAt.getTime() > this.clock.now().getTime();
  }

  /** Whose token this was, used or expired alike (null when unknown): lets a reopened link say more than "invalid". */
  async ownerOf(raw: string, purpose: TokenPurpose): Promise<string | null> {
    const row = await this.repo.findOne({ where: { tokenHash: hashToken(raw), purpose } });
    return row?.userId ?? null;
  }

  async deleteAllFor(userId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(IdentityTokenEntity).delete({ userId });
  }
}
