import { checkWithdrawal, maskAccount, maskUpi } from './withdrawal-rules.js';

describe('withdrawal rules', () => {
  const bank = { accountNumber: '123456789', ifscCode: 'sbin0000001', accountHolderName: 'A', bankName: 'SBI' };
  it('charges ₹2 for UPI and ₹5 for a bank transfer; net = amount − fee', () => {
    expect(checkWithdrawal({ amount: 100, withdrawalMethod: 'UPI', upiId: 'a.b@upi' }, 10_000n, true)).toMatchObject({ errors: [], fee: 200n, net: 9_800n });
    expect(checkWithdrawal({ amount: 100, withdrawalMethod: 'BANK', bankDetails: bank }, 10_000n, true)).toMatchObject({ errors: [], fee: 500n, net: 9_500n, method: 'BANK_TRANSFER' });
  });
  it('accepts the bounds and refuses just outside them', () => {
    expect(checkWithdrawal({ amount: 25_000, withdrawalMethod: 'UPI', upiId: 'a@b' }, 10_000_000n, true).errors).toEqual(['Please enter a valid UPI ID']);
    expect(checkWithdrawal({ amount: 25_000, withdrawalMethod: 'UPI', upiId: 'ab@ok' }, 10_000_000n, true).errors).toEqual([]);
    expect(checkWithdrawal({ amount: 25_001, withdrawalMethod: 'UPI', upiId: 'ab@ok' }, 10_000_000n, true).errors).toEqual(['Maximum withdrawal amount is ₹25,000']);
    expect(checkWithdrawal({ amount: 99.99, withdrawalMethod: 'UPI', upiId: 'ab@ok' }, 10_000_000n, true).errors).toEqual(['Minimum withdrawal amount is ₹100']);
  });
  it('checks amount and method alone when no payout details are sent, and the details whenever they are', () => {
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'UPI' }, 20_000n, true, false)).toMatchObject({ errors: [], fee: 200n, net: 14_800n });
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'BANK' }, 20_000n, true, false)).toMatchObject({ errors: [], fee: 500n, net: 14_500n });
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'UPI', upiId: 'no-handle' }, 20_000n, true, false).errors).toEqual(['Please enter a valid UPI ID']);
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'BANK', bankDetails: { accountNumber: '123456789' } }, 20_000n, true, false).errors).toEqual(['Please fill in all bank details']);
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'UPI' }, 20_000n, true).errors).toEqual(['Please enter a valid UPI ID']);
  });
  it('masks account numbers and UPI ids', () => {
    expect(maskAccount('123456789012')).toBe('XXXX9012');
    expect(maskUpi('riya.s@okaxis')).toBe('ri****@okaxis');
  });
});
