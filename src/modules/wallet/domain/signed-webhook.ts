import { DomainError } from '../../../common/errors/domain-error.js';
import { DepositErrors } from '../wallet.errors.js';
import { verifyWebhookSignature } from './signatures.js';

/**
 * A Razorpay or RazorpayX webhook's body, once its signature (HMAC-SHA256 of the raw body with that webhook's secret)
 * has been checked in constant time: a JSON object (with the body's text, as stored), or a 400 (a bad signature, a body that is not JSON, or JSON that is
 * not an event object: null, [], a number, a string).
 */
export function readSignedWebhook(rawBody: Buffer | undefined, signature: string | undefined, secret: string): { event: Record<string, unknown>; body: string } {
  if (!rawBody || !signature || !verifyWebhookSignature(rawBody, signature, secret)) throw DepositErrors.badWebhookSignature();
  const body = rawBody.toString('utf8');
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    throw new DomainError('WALLET.BAD_WEBHOOK', 'INVALID', 'Malformed webhook body');
  }
  if (!isObject(event)) throw new DomainError('WALLET.BAD_WEBHOOK', 'INVALID', 'Malformed webhook body: expected a JSON object');
  return { event, body };
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
