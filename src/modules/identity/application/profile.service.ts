import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { Clock } from '../../../common/clock.js';
import { Role } from '../../../common/auth/auth.decorators.js';
import { TokenService } from '../../../common/auth/token.service.js';
import { formatInr } from '../../../common/money.js';
import { zonedParts } from '../../../common/time.js';
import { UserEntity } from '../infrastructure/user.entity.js';
import { GetMoneyInFlightQuery } from '../../wallet/queries/get-money-in-flight/get-money-in-flight.query.js';
import { HasPendingChallengesQuery } from '../../challenges/queries/has-pending-challenges/has-pending-challenges.query.js';
import { ErasePayoutDetailsCommand } from '../../wallet/commands/erase-payout-details/erase-payout-details.command.js';
import { EraseCheckInDetailsCommand } from '../../challenges/commands/erase-check-in-details/erase-check-in-details.command.js';
import { LeaveAllGroupsCommand } from '../../groups/commands/leave-all-groups/leave-all-groups.command.js';
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
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
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
   * Refused while money is held or in flight (balance, an unsettled challenge, a withdrawal being paid, a deposit just
   * started). Otherwise the personal data is replaced (the row stays: the ledger and challenges refer to it under the
   * anonymised account), links end, and every session ends at once. Money that still arrives later goes to suspense.
   */
  async delete(userId: string): Promise<{ success: true; message: string }> {
    await this.active(userId);
    await this.refuseWhileMoneyHeld(userId);
    // Sessions end before the row changes: a closure whose sessions cannot be ended (Redis down) does not happen (503).
    await this.tokens.revokeAllForUser(userId);
    const closedAt = this.clock.now();
    await this.db.transaction(async (m) => {
      // The row lock orders this closure with any credit in progress (it locks the row for share): after it, a credit
      // either is visible below (refused) or will see the closure (suspense).
      const locked = (await m.query(`SELECT id FROM users WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE`, [userId])) as unknown[];
      if (!locked.length) throw IdentityErrors.userGone();
      await this.refuseWhileMoneyHeld(userId);
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
      await this.oneTime.deleteAllFor(userId, m);
      // What other modules hold about the person goes in the same transaction: payout details, check-in notes and
      // photos, and their place in groups (other members no longer see a closed account; it referees nobody).
      await this.commands.execute(new ErasePayoutDetailsCommand(userId, m));
      await this.commands.execute(new EraseCheckInDetailsCommand(userId, m));
      await this.commands.execute(new LeaveAllGroupsCommand(userId, m));
    });
    // Once more: a sign-in between the first revocation and the commit got a token the first did not cover.
    await this.tokens.revokeAllForUser(userId).catch(() => undefined);
    return { success: true, message: 'Your account has been deleted.' };
  }

  /** Asked of the wallet and challenges modules every time; a module without a handler fails the closure, never passes it. */
  private async refuseWhileMoneyHeld(userId: string): Promise<void> {
    const [money, pendingChallenge] = await Promise.all([
      this.queries.execute(new GetMoneyInFlightQuery(userId)),
      this.queries.execute(new HasPendingChallengesQuery(userId)),
    ]);
    if (money.balance > 0n) throw IdentityErrors.deleteWithBalance(formatInr(money.balance));
    if (pendingChallenge) throw IdentityErrors.deleteWithPendingChallenge();
    if (money.pendingWithdrawals > 0) throw IdentityErrors.deleteWithPendingWithdrawal();
    if (money.pendingDeposits > 0) throw IdentityErrors.deleteWithPendingDeposit();
  }

  /**
   * Operator command: applies at once. A changed role ends the user's sessions (their next sign-in carries it), and
   * role-restricted routes read the stored role anyway, so a demoted token loses the console even if Redis was down.
   */
  async grantRole(email: string, role: Role): Promise<{ user: UserEntity; changed: boolean } | null> {
    const user = await this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .andWhere('u.deleted_at IS NULL')
      .getOne();
    if (!user) return null;
    const changed = user.role !== role;
    if (changed) await this.users.update({ id: user.id }, { role });
    // Also when unchanged: running the command again is how an operator finishes one whose revocation failed.
    await this.tokens.revokeAllForUser(user.id);
    return { user: { ...user, role }, changed };
  }

  private async active(userId: string): Promise<UserEntity> {
    const user = await this.users.findOne({ where: { id: userId, deletedAt: IsNull() } });
    if (!user) throw IdentityErrors.userGone();
    return user;
  }
}
