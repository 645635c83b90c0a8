import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IdentityErrors } from '../../identity.errors.js';
import { IdentityTokensRepository } from '../../infrastructure/identity-tokens.repository.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { VerifyEmailCommand } from './verify-email.command.js';

@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand, { success: true; message: string }> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IdentityTokensRepository) private readonly oneTime: IdentityTokensRepository,
  ) {}

  async execute({ token }: VerifyEmailCommand): Promise<{ success: true; message: string }> {
    if (!token) throw IdentityErrors.verificationTokenMissing();
    const ok = await this.db.transaction(async (m) => {
      const userId = await this.oneTime.consume(token, 'VERIFY_EMAIL', m);
      if (!userId) return false;
      return this.users.markEmailVerified(m, userId);
    });
    if (!ok) throw (await this.verifiedOwner(token)) ? IdentityErrors.emailAlreadyVerified() : IdentityErrors.verificationLinkInvalid();
    return { success: true, message: 'Email verified successfully! You can now log in.' };
  }

  /** A reopened link of an account already verified: still refused (single-use), but told apart from a bad link. */
  private async verifiedOwner(token: string): Promise<boolean> {
    const userId = await this.oneTime.ownerOf(token, 'VERIFY_EMAIL');
    if (!userId) return false;
    return this.users.isOpenAndVerified(userId);
  }
}
