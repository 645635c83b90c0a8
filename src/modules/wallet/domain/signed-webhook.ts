import { DepositErrors } from '../wallet.errors.js';
import { verifyWebhookSignature } from './signatures.js';

/**
 * A Razorpay or RazorpayX webhook's body, once its signature (HMAC-SHA256 of the raw body with that webhook's secret)
 * has been checked in constant time: a JSON object (with the body's text, as stored), or a 400 (a bad signature, a body that is not JSON, or JSON that is
 * not an event object: null, [], a number, a string).
 */
export function readSignedWebhook(
  rawBody: Buffer | undefined,
  signature: string | undefined,
  secret: string,
): { event: Record<string, unknown>; body: string } {
  if (!rawBody || !signature || !verifyWebhookSignature(rawBody, signature, secret)) throw DepositErrors.badWebhookSignature();
  const body = rawBody.toString('utf8');
  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch {
    throw DepositErrors.malformedWebhook();
  }
  if (!isObject(event)) throw DepositErrors.webhookNotAnObject();
  return { event, body };
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
