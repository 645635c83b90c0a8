import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { TokenService } from '../../../../common/auth/token.service.js';
import { assertAcceptableTerms } from '../../domain/consent.js';
import { authResponse, type AuthResponse } from '../../domain/user-view.js';
import { DEFAULT_SLEEP_CHALLENGES, normalizeEmail } from '../../domain/profile-rules.js';
import { IdentityErrors } from '../../identity.errors.js';
import { GoogleTokenVerifier } from '../../infrastructure/google-token-verifier.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetUserViewQuery } from '../../queries/get-user-view/get-user-view.query.js';
import { LogInWithGoogleCommand } from './log-in-with-google.command.js';

/** The account by Google subject, else by email (locked while it is linked), else a new one. */
@CommandHandler(LogInWithGoogleCommand)
export class LogInWithGoogleHandler implements ICommandHandler<LogInWithGoogleCommand, AuthResponse> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(GoogleTokenVerifier) private readonly googleVerifier: GoogleTokenVerifier,
  ) {}

  async execute({ dto }: LogInWithGoogleCommand): Promise<AuthResponse> {
    assertAcceptableTerms(dto.termsVersion);
    const g = await this.googleVerifier.verify(dto.idToken);
    const user = await this.db.transaction(async (m) => {
      const bySub = await this.users.findActiveByGoogleSub(m, g.sub);
      if (bySub) return bySub;
      const byEmail = await this.users.lockActiveByEmail(m, g.email);
      if (byEmail) {
        if (byEmail.googleSub && byEmail.googleSub !== g.sub) throw IdentityErrors.googleAccountMismatch();
        byEmail.googleSub = g.sub;
        byEmail.isEmailVerified = true;
        byEmail.profilePictureUrl ??= g.picture;
        return this.users.save(m, byEmail);
      }
      return this.users.insert(m, {
        email: normalizeEmail(g.email),
        passwordHash: null,
        fullName: (g.name ?? g.email.split('@')[0]).slice(0, 100),
        googleSub: g.sub,
        isEmailVerified: true,
        profilePictureUrl: g.picture,
        sleepChallenges: DEFAULT_SLEEP_CHALLENGES,
      });
    });
    if (dto.termsVersion) await this.users.recordConsent(user.id, this.clock.now());
    const fresh = await this.users.reload(user.id);
    const view = await this.queries.execute(new GetUserViewQuery(fresh));
    return authResponse(this.tokens.sign(fresh), view);
  }
}
