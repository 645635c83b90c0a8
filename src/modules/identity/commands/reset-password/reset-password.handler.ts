import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TokenService } from '../../../../common/auth/token.service.js';
import { IdentityErrors } from '../../identity.errors.js';
import { IdentityTokensRepository } from '../../infrastructure/identity-tokens.repository.js';
import { PasswordHasher } from '../../infrastructure/password-hasher.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { ResetPasswordCommand } from './reset-password.command.js';

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, { success: true; message: string }> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(IdentityTokensRepository) private readonly oneTime: IdentityTokensRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  async execute({ input }: ResetPasswordCommand): Promise<{ success: true; message: string }> {
    if (!input.token) throw IdentityErrors.resetTokenMissing();
    if (!input.newPassword) throw IdentityErrors.newPasswordMissing();
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) throw IdentityErrors.passwordsDiffer();
    const passwordHash = await this.hasher.hash(input.newPassword);
    const userId = await this.db.transaction(async (m) => {
      const id = await this.oneTime.consume(input.token!, 'RESET_PASSWORD', m);
      if (!id) throw IdentityErrors.resetLinkInvalid();
      if (!(await this.users.resetPassword(m, id, passwordHash))) throw IdentityErrors.resetLinkInvalid();
      await this.oneTime.retireAll(id, 'RESET_PASSWORD', m);
      return id;
    });
    await this.tokens.revokeAllForUser(userId);
    return { success: true, message: 'Password reset successfully! Please login with your new password.' };
  }
}
