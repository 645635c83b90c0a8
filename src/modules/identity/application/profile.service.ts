import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { Clock } from '../../../common/clock.js';
import { Role } from '../../../common/auth/auth.decorators.js';
import { TokenService } from '../../../common/auth/token.service.js';
import { formatInr } from '../../../common/money.js';
import { zonedParts } from '../../../common/time.js';
import { UserEntity } from '../infrastructure/user.entity.js';
import { OneTimeTokens } from './one-time-tokens.js';
import { UserView, UserViewBuilder } from './user-view.js';
import { IdentityErrors } from '../identity.errors.js';
import { dateOfBirthProblem, normalizeIndianMobile, normalizeEmail } from '../domain/profile-rules.js';
import { mergeSettings } from '../domain/settings.js';
import type { UpdateProfileDto } from '../dto/profile.dto.js';

const clean = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/** The profile: read, update, delete (anonymise), and the operator's role grant. */
@Injectable()
export class ProfileService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(UserViewBuilder) private readonly views: UserViewBuilder,
    @Inject(OneTimeTokens) private readonly oneTime: OneTimeTokens,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async get(userId: string): Promise<{ success: true; data: UserView }> {
    return { success: true, data: await this.views.build(await this.active(userId)) };
  }

  async update(userId: string, dto: UpdateProfileDto): Promise<{ success: true; message: string; data: UserView }> {
    const user = await this.active(userId);
    if (dto.dateOfBirth !== undefined) {
      const problem = dateOfBirthProblem(dto.dateOfBirth, zonedParts(this.clock.now(), this.config.appTimezone).date);
      if (problem) throw IdentityErrors.dateOfBirth(problem);
    }
    const patch: Partial<UserEntity> = {};
    if (dto.fullName !== undefined) patch.fullName = dto.fullName.trim();
    if (dto.phoneNumber !== undefined) {
      const phone = normalizeIndianMobile(dto.phoneNumber)!;
      if (phone !== user.phoneNumber) patch.isPhoneVerified = false;
      patch.phoneNumber = phone;
    }
    if (dto.dateOfBirth !== undefined) patch.dateOfBirth = dto.dateOfBirth;
    if (dto.gender !== undefined) patch.gender = dto.gender;
    if (dto.city !== undefined) patch.city = dto.city.trim();
    if (dto.occupation !== undefined) patch.occupation = dto.occupation;
    if (dto.institutionName !== undefined) patch.institutionName = clean(dto.institutionName) ?? null;
    if (dto.preferredWakeUpTime !== undefined) patch.preferredWakeUpTime = clean(dto.preferredWakeUpTime) ?? null;
    if (dto.emergencyContact !== undefined) patch.emergencyContact = dto.emergencyContact ? normalizeIndianMobile(dto.emergencyContact) : null;
    if (dto.settings !== undefined) patch.settings = mergeSettings(user.settings, dto.settings);
    if (Object.keys(patch).length) await this.users.update({ id: userId }, patch);
    return { success: true, message: 'Profile updated successfully', data: await this.views.build(await this.active(userId)) };
  }

  /**
   * Refused while money is in the wallet or a challenge is unsettled. Otherwise the personal data is
   * replaced (the row stays: the ledger and challenges refer to it), the links and sessions end.
   */
  async delete(userId: string): Promise<{ success: true; message: string }> {
    await this.active(userId);
    const balance = await this.views.balanceOf(userId);
    if (balance > 0n) throw IdentityErrors.deleteWithBalance(formatInr(balance));
    if (await this.views.hasPendingChallenges(userId)) throw IdentityErrors.deleteWithPendingChallenge();
    await this.db.transaction(async (m) => {
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
          deletedAt: this.clock.now(),
        },
      );
      await this.oneTime.deleteAllFor(userId, m);
    });
    await this.tokens.revokeAllForUser(userId);
    return { success: true, message: 'Your account has been deleted.' };
  }

  /** Operator command: the new role applies from the user's next login. */
  async grantRole(email: string, role: Role): Promise<UserEntity | null> {
    const user = await this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .andWhere('u.deleted_at IS NULL')
      .getOne();
    if (!user) return null;
    await this.users.update({ id: user.id }, { role });
    return { ...user, role };
  }

  private async active(userId: string): Promise<UserEntity> {
    const user = await this.users.findOne({ where: { id: userId, deletedAt: IsNull() } });
    if (!user) throw IdentityErrors.userGone();
    return user;
  }
}
