import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { resetMail } from '../../domain/mails.js';
import { normalizeEmail } from '../../domain/profile-rules.js';
import { IdentityErrors } from '../../identity.errors.js';
import { IdentityTokensRepository } from '../../infrastructure/identity-tokens.repository.js';
import { Mailer } from '../../infrastructure/mailer.service.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { FORGOT_MESSAGE, RequestPasswordResetCommand } from './request-password-reset.command.js';

@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, { success: true; message: string }> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(IdentityTokensRepository) private readonly oneTime: IdentityTokensRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async execute({ email }: RequestPasswordResetCommand): Promise<{ success: true; message: string }> {
    if (!email) throw IdentityErrors.emailMissing();
    const user = await this.users.findActiveByEmail(email);
    // The same statements and the same mail for an unknown email, run against an id that matches nothing, so the
    // answer takes the same time either way (it was measurably faster for unknown emails); only the sending differs.
    const target = user?.id ?? randomUUID();
    const raw = await this.db.transaction(async (m) => {
      await this.oneTime.retireAll(target, 'RESET_PASSWORD', m);
      return this.oneTime.issueIfOpen(target, 'RESET_PASSWORD', m);
    });
    const mail = resetMail(this.config.appUrl, user ?? { email: normalizeEmail(email), fullName: '' }, raw);
    if (user) this.mailer.send(mail, 'RESET_PASSWORD');
    return { success: true, message: FORGOT_MESSAGE };
  }
}
