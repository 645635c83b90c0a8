import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Repository } from 'typeorm';
import type { Role } from '../../../common/auth/auth.decorators.js';
import { isUuid } from '../../../common/uuid.js';
import { CURRENT_TERMS_VERSION } from '../domain/consent.js';
import { normalizeEmail } from '../domain/profile-rules.js';
import type { UserSettings } from '../domain/settings.js';
import { IdentityErrors } from '../identity.errors.js';
import { UserEntity } from './user.entity.js';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The fields a new account is created with (the rest take the entity's defaults). */
export type NewUser = Pick<UserEntity, 'email' | 'passwordHash' | 'fullName' | 'sleepChallenges'> & Partial<UserEntity>;

/** The users table: every statement of the identity module that reads or writes an account. */
@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  findActiveByEmail(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .andWhere('u.deleted_at IS NULL')
      .getOne();
  }

  /** The open account of a signed-in user; a closed or missing one must sign in again. */
  async active(userId: string): Promise<UserEntity> {
    const user = await this.findActive(userId);
    if (!user) throw IdentityErrors.userGone();
    return user;
  }

  findActive(userId: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id: userId, deletedAt: IsNull() } });
  }

  reload(id: string): Promise<UserEntity> {
    return this.users.findOneOrFail({ where: { id } });
  }

  byId(id: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: { id } });
  }

  byIds(ids: string[]): Promise<UserEntity[]> {
    return this.users.findBy({ id: In(ids) });
  }

  /** Records the version in force (the first acceptance of a version keeps its time). */
  async recordConsent(userId: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE users SET terms_version = $2, terms_accepted_at = $3 WHERE id = $1 AND deleted_at IS NULL AND terms_version IS DISTINCT FROM $2`,
      [userId, CURRENT_TERMS_VERSION, at],
    );
  }

  async update(id: string, patch: Partial<UserEntity>): Promise<void> {
    await this.users.update({ id }, patch);
  }

  async setRole(id: string, role: Role): Promise<void> {
    await this.users.update({ id }, { role });
  }

  /** A new account, in the caller's transaction (a taken email fails with PostgreSQL's unique violation). */
  insert(m: EntityManager, user: NewUser): Promise<UserEntity> {
    return m.getRepository(UserEntity).save(m.getRepository(UserEntity).create(user));
  }

  /** Google sign-in: the open account of this Google subject. */
  findActiveByGoogleSub(m: EntityManager, sub: string): Promise<UserEntity | null> {
    return m.getRepository(UserEntity).findOne({ where: { googleSub: sub, deletedAt: IsNull() } });
  }

  /** Google sign-in: the open account of this email, locked for update until the transaction ends. */
  lockActiveByEmail(m: EntityManager, email: string): Promise<UserEntity | null> {
    return m
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .andWhere('u.deleted_at IS NULL')
      .getOne();
  }

  save(m: EntityManager, user: UserEntity): Promise<UserEntity> {
    return m.getRepository(UserEntity).save(user);
  }

  /** Locks an open account's row (FOR NO KEY UPDATE) for a closure; false when it is closed or missing. */
  async lockOpenForClosure(m: EntityManager, userId: string): Promise<boolean> {
    const locked = (await m.query(`SELECT id FROM users WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE`, [userId])) as unknown[];
    return locked.length > 0;
  }

  /** What a closed account keeps: its id, and a placeholder email and name; everything else about the person goes. */
  async erase(m: EntityManager, userId: string, closedAt: Date): Promise<void> {
    await m.getRepository(UserEntity).update(
      { id: userId },
      {
        email: `deleted-${userId}@deleted.invalid`,
        fullName: 'Deleted user',
        passwordHash: null,
        googleSub: null,
        phoneNumber: null,
        city: null,
        occupation: null,
        institutionName: null,
        emergencyContact: null,
        preferredWakeUpTime: null,
        dateOfBirth: null,
        gender: null,
        sleepChallenges: [],
        profilePictureUrl: null,
        isEmailVerified: false,
        isPhoneVerified: false,
        settings: {},
        deletedAt: closedAt,
      },
    );
  }

  /** A reset password on an open account (it also proves the email); false when the account is closed. */
  async resetPassword(m: EntityManager, id: string, passwordHash: string): Promise<boolean> {
    const r = await m.getRepository(UserEntity).update({ id, deletedAt: IsNull() }, { passwordHash, isEmailVerified: true });
    return !!r.affected;
  }

  /** Marks an open account's email verified; false when the account is closed. */
  async markEmailVerified(m: EntityManager, id: string): Promise<boolean> {
    const r = await m.getRepository(UserEntity).update({ id, deletedAt: IsNull() }, { isEmailVerified: true });
    return (r.affected ?? 0) > 0;
  }

  isOpenAndVerified(id: string): Promise<boolean> {
    return this.users.exists({ where: { id, deletedAt: IsNull(), isEmailVerified: true } });
  }

  accessOf(userId: string): Promise<Pick<UserEntity, 'id' | 'role' | 'deletedAt'> | null> {
    return this.users.findOne({ where: { id: userId }, select: { id: true, role: true, deletedAt: true } });
  }

  /** The date of birth as text (undefined: no such account). */
  async dateOfBirth(userId: string): Promise<{ dob: string | null } | undefined> {
    const [row] = (await this.db.query(`SELECT date_of_birth::text AS dob FROM users WHERE id = $1`, [userId])) as { dob: string | null }[];
    return row;
  }

  settingsOfOpen(ids: string[]): Promise<{ id: string; settings: Partial<UserSettings> | null }[]> {
    return this.db.query(`SELECT id, settings FROM users WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [ids]) as Promise<
      { id: string; settings: Partial<UserSettings> | null }[]
    >;
  }

  reminderRows(userIds: readonly string[]): Promise<{ id: string; email: string; verified: boolean; settings: Partial<UserSettings> | null }[]> {
    return this.db.query(`SELECT id, email, is_email_verified AS verified, settings FROM users WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [
      userIds,
    ]) as Promise<{ id: string; email: string; verified: boolean; settings: Partial<UserSettings> | null }[]>;
  }

  /** Locks the account row FOR SHARE in the caller's transaction (a credit orders itself with a closure). */
  async lockHolder(manager: EntityManager, userId: string): Promise<{ open: boolean } | undefined> {
    const rows = (await manager.query(`SELECT deleted_at IS NULL AS open FROM users WHERE id = $1 FOR SHARE`, [userId])) as { open: boolean }[];
    return rows[0];
  }

  /** Exact id, exact phone (digits compared), or partial case-insensitive email or name; newest first. */
  search(search: string, limit: number): Promise<UserEntity[]> {
    const qb = this.users.createQueryBuilder('u');
    const like = `%${likeEscape(search.toLowerCase())}%`;
    qb.where(`lower(u.email) LIKE :like ESCAPE '\\'`, { like }).orWhere(`lower(u.full_name) LIKE :like ESCAPE '\\'`, { like });
    const digits = search.replace(/\D/g, '');
    if (digits.length >= 10) qb.orWhere('u.phone_number = :phone', { phone: `+91${digits.slice(-10)}` });
    if (isUuid(search)) qb.orWhere('u.id = :id', { id: search });
    return qb.orderBy('u.created_at', 'DESC').limit(limit).getMany();
  }
}
