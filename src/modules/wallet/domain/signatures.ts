import { createHmac, timingSafeEqual } from 'node:crypto';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';

/** Razorpay's checkout signature: HMAC-SHA256 of `orderId|paymentId` with the key secret, hex. */
export function signPayment(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Razorpay's webhook signature: HMAC-SHA256 of the raw body with the webhook secret, hex. */
export function signWebhook(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

function constantTimeEqualHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/**
 * Checks a checkout signature in constant time; the SDK's own helper (a plain === inside) only runs once the
 * constant-time check has passed, so it leaks nothing and proves our formula is Razorpay's.
 */
export function verifyPaymentSignature(orderId: string, paymentId: string, signature: unknown, keySecret: string): boolean {
  if (!constantTimeEqualHex(signPayment(orderId, paymentId, keySecret), signature)) return false;
  return validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, String(signature).toLowerCase(), keySecret);
}

export function verifyWebhookSignature(rawBody: Buffer | string, signature: unknown, webhookSecret: string): boolean {
  if (!constantTimeEqualHex(signWebhook(rawBody, webhookSecret), signature)) return false;
  return validateWebhookSignature(rawBody.toString(), String(signature).toLowerCase(), webhookSecret);
}
