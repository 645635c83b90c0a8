import { ledgerLinks } from './ledger-links.js';
import { imageContentType } from './image-type.js';
import { redactSecrets } from './redact.js';

describe('support links and helpers', () => {
  it('links a deposit to its Razorpay order and payment', () => {
    expect(
      ledgerLinks(
        { correlationType: 'deposit', correlationId: 'order_1', metadata: { orderId: 'order_1', paymentId: 'pay_1', gateway: 'razorpay' } },
        new Map(),
      ),
    ).toEqual({
      orderId: 'order_1',
      paymentId: 'pay_1',
      gateway: 'razorpay',
    });
  });

  it('links a challenge entry to the challenge and its settlement date when it has one', () => {
    expect(ledgerLinks({ correlationType: 'challenge', correlationId: 'c1', metadata: { date: '2026-11-20' } }, new Map())).toEqual({
      challengeId: 'c1',
      settlementDate: '2026-11-20',
    });
    expect(ledgerLinks({ correlationType: 'challenge', correlationId: 'c1', metadata: {} }, new Map())).toEqual({ challengeId: 'c1' });
  });

  it('links a withdrawal to its payout reference, null until paid', () => {
    const refs = new Map([['w1', 'sbx_payout_1']]);
    expect(ledgerLinks({ correlationType: 'withdrawal', correlationId: 'w1', metadata: {} }, refs)).toEqual({
      withdrawalId: 'w1',
      payoutReference: 'sbx_payout_1',
    });
    expect(ledgerLinks({ correlationType: 'withdrawal', correlationId: 'w2', metadata: {} }, refs)).toEqual({ withdrawalId: 'w2', payoutReference: null });
  });

  it('tells image types by their bytes', () => {
    expect(imageContentType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageContentType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(imageContentType(Buffer.from('hello world!'))).toBeNull();
  });

  it('redacts secret-looking keys at any depth', () => {
    expect(redactSecrets({ withdrawalId: 'w', bank: { accountNumber: '123', ifscCode: 'X' }, token: 't', list: [{ password: 'p' }] })).toEqual({
      withdrawalId: 'w',
      bank: { accountNumber: '[redacted]', ifscCode: '[redacted]' },
      token: '[redacted]',
      list: [{ password: '[redacted]' }],
    });
  });
});
