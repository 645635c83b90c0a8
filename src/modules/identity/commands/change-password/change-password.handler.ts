import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TokenService } from '../../../../common/auth/token.service.js';
import { IdentityErrors } from '../../identity.errors.js';
import { PasswordHasher } from '../../infrastructure/password-hasher.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { ChangePasswordCommand } from './change-password.command.js';

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, { success: true; message: string; token: string }> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ userId, dto }: ChangePasswordCommand): Promise<{ success: true; message: string; token: string }> {
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== dto.newPassword) throw IdentityErrors.passwordsDiffer();
    const user = await this.users.active(userId);
    if (!user.passwordHash) throw IdentityErrors.noPasswordYet();
    if (!(await this.hasher.verify(user.passwordHash, dto.currentPassword))) throw IdentityErrors.currentPasswordWrong();
    if (dto.currentPassword === dto.newPassword) throw IdentityErrors.samePassword();
    await this.users.update(user.id, { passwordHash: await this.hasher.hash(dto.newPassword) });
    await this.tokens.revokeAllForUser(user.id);
    return { success: true, message: 'Password changed successfully', token: this.tokens.sign(user) };
  }
}
