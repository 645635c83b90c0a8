import { ExecutionContext, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { OAuth2Client } from 'google-auth-library';
import { AppConfig } from '../../config/app-config.js';
import { IDENTITY_ENTITIES } from './infrastructure/identity-entities.js';
import { UsersRepository } from './infrastructure/users.repository.js';
import { PasskeysRepository } from './infrastructure/passkeys.repository.js';
import { PasswordHasher } from './infrastructure/password-hasher.js';
import { Mailer } from './infrastructure/mailer.service.js';
import { GOOGLE_OAUTH_CLIENT, GoogleTokenVerifier } from './infrastructure/google-token-verifier.js';
import { AuthRateLimitGuard, accountOf, emailOf, RATE_LIMIT_MESSAGE } from './infrastructure/auth-rate-limit.guard.js';
import { IdentityTokensRepository } from './infrastructure/identity-tokens.repository.js';
import { IdentityController } from './identity.controller.js';
import { GetUserViewHandler } from './queries/get-user-view/get-user-view.handler.js';
import { GetUserHandler } from './queries/get-user/get-user.handler.js';
import { GetUsersHandler } from './queries/get-users/get-users.handler.js';
import { GetAdultStatusHandler } from './queries/get-adult-status/get-adult-status.handler.js';
import { FindUsersHandler } from './queries/find-users/find-users.handler.js';
import { GetUserProfileHandler } from './queries/get-user-profile/get-user-profile.handler.js';
import { GetReminderRecipientsHandler } from './queries/get-reminder-recipients/get-reminder-recipients.handler.js';
import { GetAccountAccessHandler } from './queries/get-account-access/get-account-access.handler.js';
import { LockAccountHolderHandler } from './queries/lock-account-holder/lock-account-holder.handler.js';
import { GetLeaderboardVisibilityHandler } from './queries/get-leaderboard-visibility/get-leaderboard-visibility.handler.js';
import { VerifyResetTokenHandler } from './queries/verify-reset-token/verify-reset-token.handler.js';
import { RegisterUserHandler } from './commands/register-user/register-user.handler.js';
import { LogInHandler } from './commands/log-in/log-in.handler.js';
import { LogInWithGoogleHandler } from './commands/log-in-with-google/log-in-with-google.handler.js';
import { LogOutHandler } from './commands/log-out/log-out.handler.js';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler.js';
import { VerifyEmailHandler } from './commands/verify-email/verify-email.handler.js';
import { ResendVerificationHandler } from './commands/resend-verification/resend-verification.handler.js';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler.js';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler.js';
import { ChangePasswordHandler } from './commands/change-password/change-password.handler.js';
import { AcceptTermsHandler } from './commands/accept-terms/accept-terms.handler.js';
import { CloseAccountHandler } from './commands/close-account/close-account.handler.js';
import { GrantRoleHandler } from './commands/grant-role/grant-role.handler.js';
import { PasskeyChallenges } from './infrastructure/passkey-challenges.js';
import { RelyingParty } from './infrastructure/relying-party.js';
import { PasskeysController } from './passkeys.controller.js';
import { StartPasskeyRegistrationHandler } from './commands/start-passkey-registration/start-passkey-registration.handler.js';
import { RegisterPasskeyHandler } from './commands/register-passkey/register-passkey.handler.js';
import { StartPasskeyLoginHandler } from './commands/start-passkey-login/start-passkey-login.handler.js';
import { LogInWithPasskeyHandler } from './commands/log-in-with-passkey/log-in-with-passkey.handler.js';
import { RemovePasskeyHandler } from './commands/remove-passkey/remove-passkey.handler.js';
import { ListPasskeysHandler } from './queries/list-passkeys/list-passkeys.handler.js';

const HANDLERS = [
  RegisterUserHandler,
  LogInHandler,
  LogInWithGoogleHandler,
  LogOutHandler,
  UpdateProfileHandler,
  VerifyEmailHandler,
  ResendVerificationHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  ChangePasswordHandler,
  AcceptTermsHandler,
  CloseAccountHandler,
  GrantRoleHandler,
  GetUserHandler,
  GetUsersHandler,
  GetAdultStatusHandler,
  FindUsersHandler,
  GetUserProfileHandler,
  VerifyResetTokenHandler,
  GetReminderRecipientsHandler,
  GetAccountAccessHandler,
  LockAccountHolderHandler,
  GetLeaderboardVisibilityHandler,
  StartPasskeyRegistrationHandler,
  RegisterPasskeyHandler,
  StartPasskeyLoginHandler,
  LogInWithPasskeyHandler,
  RemovePasskeyHandler,
  ListPasskeysHandler,
  GetUserViewHandler,
];

const MINUTE = 60_000;
const SENDS_MAIL = new Set(['forgotPassword', 'resendVerification']);
const requestOf = (ctx: ExecutionContext) => ctx.switchToHttp().getRequest<{ body?: unknown; query?: unknown; ip?: string; user?: { email?: string } }>();

/**
 * Rate-limit counters in Redis under the app's key prefix; bounded waits and a quiet error listener, so a Redis outage
 * fails fast (a 503) instead of hanging sign-in.
 */
function throttlerStorage(url: string, prefix: string): ThrottlerStorageRedisService {
  const storage = new ThrottlerStorageRedisService(url, { maxRetriesPerRequest: 1, commandTimeout: 2000, keyPrefix: `${prefix}:throttle:` } as never);
  (storage as unknown as { redis: { on(event: 'error', fn: () => void): void } }).redis.on('error', () => undefined);
  return storage;
}

/** The identity module: accounts, sign-in, email verification, password reset, profile. */
@Module({
  imports: [
    CqrsModule,
    TypeOrmModule.forFeature(IDENTITY_ENTITIES),
    // Each app instance creates (and on shutdown closes) its own Redis connection for the counters.
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        storage: throttlerStorage(config.redisUrl, config.redisPrefix),
        errorMessage: RATE_LIMIT_MESSAGE,
        throttlers: [
          {
            // Per account and address: a stranger guessing from elsewhere does not lock the owner out.
            name: 'account',
            ttl: MINUTE,
            limit: config.authRateLimit,
            skipIf: (ctx) => accountOf(requestOf(ctx)) === null,
            getTracker: (req) => `${accountOf(req)}|${String(req.ip ?? 'unknown')}`,
          },
          {
            // Routes that send mail also count per email across addresses, so many addresses cannot flood one inbox.
            name: 'mailbox',
            ttl: MINUTE,
            limit: config.authRateLimit,
            skipIf: (ctx) => !SENDS_MAIL.has(ctx.getHandler().name) || emailOf(requestOf(ctx)) === null,
            getTracker: (req) => String(emailOf(req)),
          },
          {
            name: 'ip',
            ttl: MINUTE,
            // Sign-ups from one address (a campus, an office behind NAT) get three times the room.
            limit: (ctx) => (ctx.getHandler().name === 'register' ? 3 * config.authRateLimitIp : config.authRateLimitIp),
            getTracker: (req) => String(req.ip ?? 'unknown'),
          },
        ],
      }),
    }),
  ],
  controllers: [IdentityController, PasskeysController],
  providers: [
    PasswordHasher,
    Mailer,
    { provide: GOOGLE_OAUTH_CLIENT, useFactory: () => new OAuth2Client() },
    GoogleTokenVerifier,
    AuthRateLimitGuard,
    UsersRepository,
    PasskeysRepository,
    IdentityTokensRepository,
    RelyingParty,
    PasskeyChallenges,
    ...HANDLERS,
  ],
})
export class IdentityModule {}
