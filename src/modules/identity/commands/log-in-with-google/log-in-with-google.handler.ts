import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { AccountsService, AuthResponse } from '../../application/accounts.service.js';
import { DEFAULT_SLEEP_CHALLENGES, normalizeEmail } from '../../domain/profile-rules.js';
import { IdentityErrors } from '../../identity.errors.js';
import { GoogleTokenVerifier } from '../../infrastructure/google-token-verifier.js';
import { UserEntity } from '../../infrastructure/user.entity.js';
import { LogInWithGoogleCommand } from './log-in-with-google.command.js';

/** The account by Google subject, else by email (locked while it is linked), else a new one. */
@CommandHandler(LogInWithGoogleCommand)
export class LogInWithGoogleHandler implements ICommandHandler<LogInWithGoogleCommand, AuthResponse> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(GoogleTokenVerifier) private readonly googleVerifier: GoogleTokenVerifier,
  ) {}

  async execute({ dto }: LogInWithGoogleCommand): Promise<AuthResponse> {
    this.accounts.assertAcceptable(dto.termsVersion);
    const g = await this.googleVerifier.verify(dto.idToken);
    const user = await this.db.transaction(async (m) => {
      const repo = m.getRepository(UserEntity);
      const bySub = await repo.findOne({ where: { googleSub: g.sub, deletedAt: IsNull() } });
      if (bySub) return bySub;
      const byEmail = await m
        .getRepository(UserEntity)
        .createQueryBuilder('u')
        .setLock('pessimistic_write')
        .where('lower(u.email) = :email', { email: normalizeEmail(g.email) })
        .andWhere('u.deleted_at IS NULL')
        .getOne();
      if (byEmail) {
        if (byEmail.googleSub && byEmail.googleSub !== g.sub) throw IdentityErrors.googleAccountMismatch();
        byEmail.googleSub = g.sub;
        byEmail.isEmailVerified = true;
        byEmail.profilePictureUrl ??= g.picture;
        return repo.save(byEmail);
      }
      return repo.save(
        repo.create({
          email: normalizeEmail(g.email),
          passwordHash: null,
          fullName: (g.name ?? g.email.split('@')[0]).slice(0, 100),
          googleSub: g.sub,
          isEmailVerified: true,
          profilePictureUrl: g.picture,
          sleepChallenges: DEFAULT_SLEEP_CHALLENGES,
        }),
      );
    });
    if (dto.termsVersion) await this.accounts.recordConsent(user.id);
    return this.accounts.authResponse(await this.accounts.reload(user.id));
  }
}
