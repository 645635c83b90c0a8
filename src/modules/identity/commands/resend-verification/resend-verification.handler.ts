import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { AccountsService } from '../../application/accounts.service.js';
import { OneTimeTokens } from '../../application/one-time-tokens.js';
import { verificationMail } from '../../domain/mails.js';
import { IdentityErrors } from '../../identity.errors.js';
import { Mailer } from '../../infrastructure/mailer.service.js';
import { RESEND_MESSAGE, ResendVerificationCommand } from './resend-verification.command.js';

@CommandHandler(ResendVerificationCommand)
export class ResendVerificationHandler implements ICommandHandler<ResendVerificationCommand, { success: true; message: string }> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(OneTimeTokens) private readonly oneTime: OneTimeTokens,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ email }: ResendVerificationCommand): Promise<{ success: true; message: string }> {
    if (!email) throw IdentityErrors.emailMissing();
    const user = await this.accounts.findActiveByEmail(email);
    if (user && !user.isEmailVerified) {
      const mailId = await this.db.transaction(async (m) =>
        this.mailer.stage(m, verificationMail(this.config.appUrl, user, await this.oneTime.issue(user.id, 'VERIFY_EMAIL', m)), 'VERIFY_EMAIL'),
      );
      this.mailer.dispatch(mailId);
    }
    return { success: true, message: RESEND_MESSAGE };
  }
}
