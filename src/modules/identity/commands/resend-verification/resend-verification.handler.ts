import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { verificationMail } from '../../domain/mails.js';
import { IdentityErrors } from '../../identity.errors.js';
import { IdentityTokensRepository } from '../../infrastructure/identity-tokens.repository.js';
import { Mailer } from '../../infrastructure/mailer.service.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { RESEND_MESSAGE, ResendVerificationCommand } from './resend-verification.command.js';

@CommandHandler(ResendVerificationCommand)
export class ResendVerificationHandler implements ICommandHandler<ResendVerificationCommand, { success: true; message: string }> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(IdentityTokensRepository) private readonly oneTime: IdentityTokensRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ email }: ResendVerificationCommand): Promise<{ success: true; message: string }> {
    if (!email) throw IdentityErrors.emailMissing();
    const user = await this.users.findActiveByEmail(email);
    if (user && !user.isEmailVerified) {
      const mailId = await this.db.transaction(async (m) =>
        this.mailer.stage(m, verificationMail(this.config.appUrl, user, await this.oneTime.issue(user.id, 'VERIFY_EMAIL', m)), 'VERIFY_EMAIL'),
      );
      this.mailer.dispatch(mailId);
    }
    return { success: true, message: RESEND_MESSAGE };
  }
}
