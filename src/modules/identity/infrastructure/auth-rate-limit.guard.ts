import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a minute and try again.';

/** The email a sign-in request is about (body or query), lower-cased; null when there is none. */
export function emailOf(req: { body?: unknown; query?: unknown }): string | null {
  const pick = (o: unknown) => (o && typeof o === 'object' && typeof (o as { email?: unknown }).email === 'string' ? (o as { email: string }).email : null);
  const email = pick(req.body) ?? pick(req.query);
  return email && email.trim() ? email.trim().toLowerCase() : null;
}

/**
 * Limits login, register, forgot-password and resend per email and per client address (two named
 * throttlers configured in IdentityModule). Only on the routes that use it: it is not global.
 */
@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return context.getType() !== 'http';
  }
}
