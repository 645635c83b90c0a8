import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { Clock } from '../../../../common/clock.js';
import { isUniqueViolation } from '../../../../common/pg-error.js';
import { AccountsService, AuthResponse } from '../../application/accounts.service.js';
import { OneTimeTokens } from '../../application/one-time-tokens.js';
import { CURRENT_TERMS_VERSION } from '../../domain/consent.js';
import { verificationMail } from '../../domain/mails.js';
import { DEFAULT_SLEEP_CHALLENGES, normalizeEmail } from '../../domain/profile-rules.js';
import { IdentityErrors } from '../../identity.errors.js';
import { Mailer } from '../../infrastructure/mailer.service.js';
import { PasswordHasher } from '../../infrastructure/password-hasher.js';
import { UserEntity } from '../../infrastructure/user.entity.js';
import { RegisterUserCommand } from './register-user.command.js';

/** The account, its verification token and the staged mail commit together; the mail goes out after the commit. */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, AuthResponse> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(OneTimeTokens) private readonly oneTime: OneTimeTokens,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ dto }: RegisterUserCommand): Promise<AuthResponse> {
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== dto.password) throw IdentityErrors.passwordsDiffer();
    this.accounts.assertAcceptable(dto.termsVersion);
    const email = normalizeEmail(dto.email);
    if (await this.accounts.findActiveByEmail(email)) throw IdentityErrors.emailTaken();
    const passwordHash = await this.hasher.hash(dto.password);
    const { user, mailId } = await this.db.transaction(async (m) => {
      let saved: UserEntity;
      try {
        saved = await m.getRepository(UserEntity).save(
          m.getRepository(UserEntity).create({
            email,
            passwordHash,
            fullName: dto.fullName.trim(),
            preferredWakeUpTime: dto.preferredWakeUpTime || null,
            sleepChallenges: dto.sleepChallenges?.map((s) => s.trim()) ?? DEFAULT_SLEEP_CHALLENGES,
            // consent as the sign-up form gave it; an API client that sends none is asked on first use
            ...(dto.termsVersion ? { termsVersion: CURRENT_TERMS_VERSION, termsAcceptedAt: this.clock.now() } : {}),
          }),
        );
      } catch (e) {
        if (isUniqueViolation(e)) throw IdentityErrors.emailTaken();
        throw e;
      }
      const rawToken = await this.oneTime.issue(saved.id, 'VERIFY_EMAIL', m);
      return { user: saved, mailId: await this.mailer.stage(m, verificationMail(this.config.appUrl, saved, rawToken), 'VERIFY_EMAIL') };
    });
    this.mailer.dispatch(mailId);
    return this.accounts.authResponse(await this.accounts.reload(user.id), 'Registration successful. Please check your email to verify your account.');
  }
}
