import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, Repository } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { AuthUser } from '../../../common/auth/auth.decorators.js';
import { TokenService } from '../../../common/auth/token.service.js';
import { UserEntity } from '../infrastructure/user.entity.js';
import { PasswordHasher } from '../infrastructure/password-hasher.js';
import { Mailer } from '../infrastructure/mailer.service.js';
import { GoogleTokenVerifier } from '../infrastructure/google-token-verifier.js';
import { OneTimeTokens } from './one-time-tokens.js';
import { UserView, UserViewBuilder } from './user-view.js';
import { IdentityErrors } from '../identity.errors.js';
import { DEFAULT_SLEEP_CHALLENGES, normalizeEmail } from '../domain/profile-rules.js';
import { verificationMail, resetMail } from '../domain/mails.js';
import type { ChangePasswordDto, GoogleDto, LoginDto, RegisterDto, ResetPasswordDto } from '../dto/auth.dto.js';
import { Clock } from '../../../common/clock.js';
import { isUniqueViolation } from '../../../common/pg-error.js';
import { acceptedVersionProblem, CURRENT_TERMS_VERSION } from '../domain/consent.js';

export type AuthResponse = { success: true; token: string; userId: string; message?: string } & UserView;

export const RESEND_MESSAGE = 'If an account with that email exists and is not yet verified, a verification email has been sent. Please check your inbox.';
export const FORGOT_MESSAGE = 'If an account exists for that email, a password reset link has been sent. Please check your inbox.';

/** Sign-up, sign-in (password and Google), email verification, password reset and change. */
@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(GoogleTokenVerifier) private readonly googleVerifier: GoogleTokenVerifier,
    @Inject(OneTimeTokens) private readonly oneTime: OneTimeTokens,
    @Inject(UserViewBuilder) private readonly views: UserViewBuilder,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  findActiveByEmail(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .andWhere('u.deleted_at IS NULL')
      .getOne();
  }

  async register(dto: RegisterDto): Promise<AuthResponse> {
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== dto.password) throw IdentityErrors.passwordsDiffer();
    this.assertAcceptable(dto.termsVersion);
    const email = normalizeEmail(dto.email);
    if (await this.findActiveByEmail(email)) throw IdentityErrors.emailTaken();
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
    return this.authResponse(await this.reload(user.id), 'Registration successful. Please check your email to verify your account.');
  }

  async login(dto: LoginDto): Promise<AuthResponse> {
    const user = await this.findActiveByEmail(dto.email);
    const ok = await this.hasher.verify(user?.passwordHash ?? null, dto.password);
    if (!user || !ok) throw IdentityErrors.invalidCredentials();
    return this.authResponse(user);
  }

  /** New Google user: created with a verified email. Existing email: linked to the Google account. */
  async google(dto: GoogleDto): Promise<AuthResponse> {
    this.assertAcceptable(dto.termsVersion);
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
    if (dto.termsVersion) await this.recordConsent(user.id);
    return this.authResponse(await this.reload(user.id));
  }

  /** POST /auth/accept-terms: records the version in force (the first acceptance of a version keeps its time). */
  async acceptTerms(current: AuthUser, version: string): Promise<{ success: true; message: string; data: UserView }> {
    this.assertAcceptable(version);
    await this.recordConsent(current.id);
    const user = await this.users.findOne({ where: { id: current.id, deletedAt: IsNull() } });
    if (!user) throw IdentityErrors.userGone();
    return { success: true, message: 'Thank you: your acceptance of the current terms is recorded', data: await this.views.build(user) };
  }

  private assertAcceptable(version: string | undefined): void {
    const problem = version === undefined ? null : acceptedVersionProblem(version);
    if (problem) throw IdentityErrors.termsOutdated(problem);
  }

  private async recordConsent(userId: string): Promise<void> {
    await this.db.query(
      `UPDATE users SET terms_version = $2, terms_accepted_at = $3 WHERE id = $1 AND deleted_at IS NULL AND terms_version IS DISTINCT FROM $2`,
      [userId, CURRENT_TERMS_VERSION, this.clock.now()],
    );
  }

  async logout(user: AuthUser): Promise<{ success: true; message: string }> {
    await this.tokens.revoke(user);
    return { success: true, message: 'Logged out successfully' };
  }

  async verifyEmail(token: string | undefined): Promise<{ success: true; message: string }> {
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

  async resendVerification(email: string | undefined): Promise<{ success: true; message: string }> {
    if (!email) throw IdentityErrors.emailMissing();
    const user = await this.findActiveByEmail(email);
    if (user && !user.isEmailVerified) {
      const mailId = await this.db.transaction(async (m) =>
        this.mailer.stage(m, verificationMail(this.config.appUrl, user, await this.oneTime.issue(user.id, 'VERIFY_EMAIL', m)), 'VERIFY_EMAIL'),
      );
      this.mailer.dispatch(mailId);
    }
    return { success: true, message: RESEND_MESSAGE };
  }

  async forgotPassword(email: string | undefined): Promise<{ success: true; message: string }> {
    if (!email) throw IdentityErrors.emailMissing();
    const user = await this.findActiveByEmail(email);
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

  async verifyResetToken(token: string | undefined): Promise<{ success: true; valid: boolean; message: string }> {
    if (!token) throw IdentityErrors.resetTokenMissing();
    const valid = await this.oneTime.isUsable(token, 'RESET_PASSWORD');
    return { success: true, valid, message: valid ? 'Reset link is valid.' : 'Reset link is invalid or has expired.' };
  }

  /** Sets the new password, proves the email, ends every session. */
  async resetPassword(input: ResetPasswordDto): Promise<{ success: true; message: string }> {
    if (!input.token) throw IdentityErrors.resetTokenMissing();
    if (!input.newPassword) throw IdentityErrors.newPasswordMissing();
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) throw IdentityErrors.passwordsDiffer();
    const passwordHash = await this.hasher.hash(input.newPassword);
    const userId = await this.db.transaction(async (m) => {
      const id = await this.oneTime.consume(input.token!, 'RESET_PASSWORD', m);
      if (!id) throw IdentityErrors.resetLinkInvalid();
      const r = await m.getRepository(UserEntity).update({ id, deletedAt: IsNull() }, { passwordHash, isEmailVerified: true });
      if (!r.affected) throw IdentityErrors.resetLinkInvalid();
      await this.oneTime.retireAll(id, 'RESET_PASSWORD', m);
      return id;
    });
    await this.tokens.revokeAllForUser(userId);
    return { success: true, message: 'Password reset successfully! Please login with your new password.' };
  }

  /** Ends every other session and hands back a fresh token for this one. */
  async changePassword(current: AuthUser, dto: ChangePasswordDto): Promise<{ success: true; message: string; token: string }> {
    if (dto.confirmPassword !== undefined && dto.confirmPassword !== dto.newPassword) throw IdentityErrors.passwordsDiffer();
    const user = await this.users.findOne({ where: { id: current.id, deletedAt: IsNull() } });
    if (!user) throw IdentityErrors.userGone();
    if (!user.passwordHash) throw IdentityErrors.noPasswordYet();
    if (!(await this.hasher.verify(user.passwordHash, dto.currentPassword))) throw IdentityErrors.currentPasswordWrong();
    if (dto.currentPassword === dto.newPassword) throw IdentityErrors.samePassword();
    await this.users.update({ id: user.id }, { passwordHash: await this.hasher.hash(dto.newPassword) });
    await this.tokens.revokeAllForUser(user.id);
    return { success: true, message: 'Password changed successfully', token: this.tokens.sign(user) };
  }

  private async reload(id: string): Promise<UserEntity> {
    return this.users.findOneOrFail({ where: { id } });
  }

  private async authResponse(user: UserEntity, message?: string): Promise<AuthResponse> {
    const view = await this.views.build(user);
    return { success: true, token: this.tokens.sign(user), userId: user.id, ...(message ? { message } : {}), ...view };
  }
}
