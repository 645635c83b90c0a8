import { createHash } from 'node:crypto';
import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, ThrottlerLimitDetail, ThrottlerRequest } from '@nestjs/throttler';
import { CommonErrors } from '../../../common/errors/common.errors.js';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** The email a sign-in request is about (body or query), lower-cased; null when there is none. */
export function emailOf(req: { body?: unknown; query?: unknown }): string | null {
  const pick = (o: unknown) => (o && typeof o === 'object' && typeof (o as { email?: unknown }).email === 'string' ? (o as { email: string }).email : null);
  const email = pick(req.body) ?? pick(req.query);
  return email && email.trim() ? email.trim().toLowerCase() : null;
}

/**
 * The account a limited request is about: the email it names, or (change-password) the signed-in user's. Counted per
 * account and client address, so a stranger's wrong guesses from elsewhere never lock the owner out; null when none.
 */
export function accountOf(req: { body?: unknown; query?: unknown; user?: { email?: string } }): string | null {
  return emailOf(req) ?? (req.user?.email ? req.user.email.toLowerCase() : null);
}

/** Routes whose attempts are guesses at one account's password share one counter. */
const PASSWORD_GUESSES = new Set(['login', 'changePassword']);

/**
 * Limits login, register, forgot-password, resend and change-password per account-and-address pair and per client
 * address (two named throttlers configured in IdentityModule). Only on the routes that use it: it is not global.
 * A rate-limit store that cannot answer (Redis down) is a 503, never a 500.
 */
@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return context.getType() !== 'http';
  }

  protected override generateKey(context: ExecutionContext, tracker: string, throttlerName: string): string {
    const handler = context.getHandler().name;
    const group = PASSWORD_GUESSES.has(handler) ? 'password' : handler;
    // Hashed: the tracker holds an email, which has no business in Redis key names.
    return createHash('sha256').update(`${group}-${throttlerName}-${tracker}`).digest('hex');
  }

  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(props);
    } catch (e) {
      if (e instanceof ThrottlerException) throw e;
      throw CommonErrors.authUnavailable();
    }
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    // The throttler names its header after the throttler (Retry-After-ip); clients read the standard one.
    const res = context.switchToHttp().getResponse<{ header(name: string, value: unknown): unknown }>();
    res.header('Retry-After', Math.max(1, detail.timeToBlockExpire));
    return super.throwThrottlingException(context, detail);
  }
}
