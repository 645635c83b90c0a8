import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AppConfig } from '../../../../config/app-config.js';
import { Clock } from '../../../../common/clock.js';
import { zonedParts } from '../../../../common/time.js';
import { dateOfBirthProblem, normalizeIndianMobile } from '../../domain/profile-rules.js';
import { mergeSettings } from '../../domain/settings.js';
import type { UserView } from '../../domain/user-view.js';
import { IdentityErrors } from '../../identity.errors.js';
import type { UserEntity } from '../../infrastructure/user.entity.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetUserViewQuery } from '../../queries/get-user-view/get-user-view.query.js';
import { UpdateProfileCommand } from './update-profile.command.js';

const clean = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/** A changed phone number is no longer verified. */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, { success: true; message: string; data: UserView }> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ userId, dto }: UpdateProfileCommand): Promise<{ success: true; message: string; data: UserView }> {
    const user = await this.users.active(userId);
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
    if (Object.keys(patch).length) await this.users.update(userId, patch);
    return { success: true, message: 'Profile updated successfully', data: await this.queries.execute(new GetUserViewQuery(await this.users.active(userId))) };
  }
}
