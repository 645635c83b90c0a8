import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { TokenService } from '../../../common/auth/token.service.js';
import { UserEntity } from '../infrastructure/user.entity.js';
import { UserView, UserViewBuilder } from './user-view.js';
import { IdentityErrors } from '../identity.errors.js';
import { normalizeEmail } from '../domain/profile-rules.js';
import { acceptedVersionProblem, CURRENT_TERMS_VERSION } from '../domain/consent.js';

export type AuthResponse = { success: true; token: string; userId: string; message?: string } & UserView;

/**
 * What the module's command and query handlers share: account lookups, the consent record and the answer of a
 * sign-in. The use cases themselves are commands (commands/<name>/) and queries (queries/<name>/).
 */
@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(UserViewBuilder) private readonly views: UserViewBuilder,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  findActiveByEmail(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .andWhere('u.deleted_at IS NULL')
      .getOne();
  }

  /** The open account of a signed-in user; a closed or missing one must sign in again. */
  async active(userId: string): Promise<UserEntity> {
    const user = await this.users.findOne({ where: { id: userId, deletedAt: IsNull() } });
    if (!user) throw IdentityErrors.userGone();
    return user;
  }

  reload(id: string): Promise<UserEntity> {
    return this.users.findOneOrFail({ where: { id } });
  }

  assertAcceptable(version: string | undefined): void {
    const problem = version === undefined ? null : acceptedVersionProblem(version);
    if (problem) throw IdentityErrors.termsOutdated(problem);
  }

  /** Records the version in force (the first acceptance of a version keeps its time). */
  async recordConsent(userId: string): Promise<void> {
    await this.db.query(
      `UPDATE users SET terms_version = $2, terms_accepted_at = $3 WHERE id = $1 AND deleted_at IS NULL AND terms_version IS DISTINCT FROM $2`,
      [userId, CURRENT_TERMS_VERSION, this.clock.now()],
    );
  }

  /** Register, login and Google answer alike: a fresh session token with the user. */
  async authResponse(user: UserEntity, message?: string): Promise<AuthResponse> {
    const view = await this.views.build(user);
    return { success: true, token: this.tokens.sign(user), userId: user.id, ...(message ? { message } : {}), ...view };
  }
}
