import { isApiError } from '@/lib/api-client';

/**
 * The words a screen shows for a failed call: the server's own message when it answered with a client
 * error (4xx: validation, wrong password, rate limit…), otherwise the screen's fallback.
 */
export function screenMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** Section 8: the message a successful answer carried, else the screen's default. */
export function answerMessage(body: { message?: string } | null | undefined, fallback: string): string {
  return typeof body?.message === 'string' && body.message.trim() ? body.message : fallback;
}
