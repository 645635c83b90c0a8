import { signPayment, signWebhook, verifyPaymentSignature, verifyWebhookSignature } from './signatures.js';

describe('Razorpay signatures', () => {
  it('signs orderId|paymentId with the key secret as Razorpay does and verifies it', () => {
    // Razorpay's documented example shape: hex HMAC-SHA256 of "order_id|payment_id".
    const sig = signPayment('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', 'secret');
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyPaymentSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', sig, 'secret')).toBe(true);
    expect(verifyPaymentSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', sig.toUpperCase(), 'secret')).toBe(true);
  });
  it('refuses another secret, another payment, a short or non-hex signature', () => {
    const sig = signPayment('order_a', 'pay_b', 'secret');
    expect(verifyPaymentSignature('order_a', 'pay_b', signPayment('order_a', 'pay_b', 'other'), 'secret')).toBe(false);
    expect(verifyPaymentSignature('order_a', 'pay_c', sig, 'secret')).toBe(false);
    expect(verifyPaymentSignature('order_a', 'pay_b', sig.slice(0, 10), 'secret')).toBe(false);
    expect(verifyPaymentSignature('order_a', 'pay_b', 'z'.repeat(64), 'secret')).toBe(false);
    expect(verifyPaymentSignature('order_a', 'pay_b', undefined, 'secret')).toBe(false);
  });
  it('verifies a webhook over its exact raw body only', () => {
    const body = Buffer.from('{"event":"payment.captured"}');
    const sig = signWebhook(body, 'wh');
    expect(verifyWebhookSignature(body, sig, 'wh')).toBe(true);
    expect(verifyWebhookSignature(Buffer.from('{"event": "payment.captured"}'), sig, 'wh')).toBe(false);
  });
});
