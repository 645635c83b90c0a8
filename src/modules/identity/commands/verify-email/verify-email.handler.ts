import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { OneTimeTokens } from '../../application/one-time-tokens.js';
import { IdentityErrors } from '../../identity.errors.js';
import { UserEntity } from '../../infrastructure/user.entity.js';
import { VerifyEmailCommand } from './verify-email.command.js';

@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand, { success: true; message: string }> {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(OneTimeTokens) private readonly oneTime: OneTimeTokens,
  ) {}

  async execute({ token }: VerifyEmailCommand): Promise<{ success: true; message: string }> {
    if (!token) throw IdentityErrors.verificationTokenMissing();
    const ok = await this.db.transaction(async (m) => {
      const userId = await this.oneTime.consume(token, 'VERIFY_EMAIL', m);
      if (!userId) return false;
      const r = await m.getRepository(UserEntity).update({ id: userId, deletedAt: IsNull() }, { isEmailVerified: true });
      return (r.affected ?? 0) > 0;
    });
    if (!ok) throw (await this.verifiedOwner(token)) ? IdentityErrors.emailAlreadyVerified() : IdentityErrors.verificationLinkInvalid();
    return { success: true, message: 'Email verified successfully! You can now log in.' };
  }

  /** A reopened link of an account already verified: still refused (single-use), but told apart from a bad link. */
  private async verifiedOwner(token: string): Promise<boolean> {
    const userId = await this.oneTime.ownerOf(token, 'VERIFY_EMAIL');
    if (!userId) return false;
    return this.users.exists({ where: { id: userId, deletedAt: IsNull(), isEmailVerified: true } });
  }
}
