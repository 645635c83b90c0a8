import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../../config/app-config.js';
import { Clock } from '../../../../common/clock.js';
import { isUniqueViolation } from '../../../../common/pg-error.js';
import { TokenService } from '../../../../common/auth/token.service.js';
import { assertAcceptableTerms, CURRENT_TERMS_VERSION } from '../../domain/consent.js';
import { verificationMail } from '../../domain/mails.js';
import { DEFAULT_SLEEP_CHALLENGES, normalizeEmail } from '../../domain/profile-rules.js';
import { authResponse, type AuthResponse } from '../../domain/user-view.js';
import { IdentityErrors } from '../../identity.errors.js';
import { Mailer } from '../../infrastructure/mailer.service.js';
import { PasswordHasher } from '../../infrastructure/password-hasher.js';
import type { UserEntity } from '../../infrastructure/user.entity.js';
import { IdentityTokensRepository } from '../../infrastructure/identity-tokens.repository.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetUserViewQuery } from '../../queries/get-user-view/get-user-view.query.js';
import { RegisterUserCommand } from './register-user.command.js';

/** The account, its verification token and the staged mail commit together; the mail goes out after the commit. */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, AuthResponse> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(IdentityTokensRepository) private readonly oneTime: IdentityTokensRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ dto }: RegisterUserCommand): Promise<AuthResponse> {
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== dto.password) throw IdentityErrors.passwordsDiffer();
    assertAcceptableTerms(dto.termsVersion);
    const email = normalizeEmail(dto.email);
    if (await this.users.findActiveByEmail(email)) throw IdentityErrors.emailTaken();
    const passwordHash = await this.hasher.hash(dto.password);
    const { user, mailId } = await this.db.transaction(async (m) => {
      let saved: UserEntity;
      try {
        saved = await this.users.insert(m, {
          email,
          passwordHash,
          fullName: dto.fullName.trim(),
          preferredWakeUpTime: dto.preferredWakeUpTime || null,
          sleepChallenges: dto.sleepChallenges?.map((s) => s.trim()) ?? DEFAULT_SLEEP_CHALLENGES,
          // consent as the sign-up form gave it; an API client that sends none is asked on first use
          ...(dto.termsVersion ? { termsVersion: CURRENT_TERMS_VERSION, termsAcceptedAt: this.clock.now() } : {}),
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw IdentityErrors.emailTaken();
        throw e;
      }
      const rawToken = await this.oneTime.issue(saved.id, 'VERIFY_EMAIL', m);
      return { user: saved, mailId: await this.mailer.stage(m, verificationMail(this.config.appUrl, saved, rawToken), 'VERIFY_EMAIL') };
    });
    this.mailer.dispatch(mailId);
    const fresh = await this.users.reload(user.id);
    const view = await this.queries.execute(new GetUserViewQuery(fresh));
    return authResponse(this.tokens.sign(fresh), view, 'Registration successful. Please check your email to verify your account.');
  }
}
