import { checkWithdrawal, maskAccount, maskUpi } from './withdrawal-rules.js';

describe('withdrawal rules', () => {
  const bank = { accountNumber: '123456789', ifscCode: 'sbin0000001', accountHolderName: 'A', bankName: 'SBI' };
  it('charges ₹2 for UPI and ₹5 for a bank transfer; net = amount − fee', () => {
    expect(checkWithdrawal({ amount: 100, withdrawalMethod: 'UPI', upiId: 'a.b@upi' }, 10_000n, true)).toMatchObject({ errors: [], fee: 200n, net: 9_800n });
    expect(checkWithdrawal({ amount: 100, withdrawalMethod: 'BANK', bankDetails: bank }, 10_000n, true)).toMatchObject({
      errors: [],
      fee: 500n,
      net: 9_500n,
      method: 'BANK_TRANSFER',
    });
  });
  it('accepts the bounds and refuses just outside them', () => {
    expect(checkWithdrawal({ amount: 25_000, withdrawalMethod: 'UPI', upiId: 'a@b' }, 10_000_000n, true).errors).toEqual(['Please enter a valid UPI ID']);
    expect(checkWithdrawal({ amount: 25_000, withdrawalMethod: 'UPI', upiId: 'ab@ok' }, 10_000_000n, true).errors).toEqual([]);
    expect(checkWithdrawal({ amount: 25_001, withdrawalMethod: 'UPI', upiId: 'ab@ok' }, 10_000_000n, true).errors).toEqual([
      'Maximum withdrawal amount is ₹25,000',
    ]);
    expect(checkWithdrawal({ amount: 99.99, withdrawalMethod: 'UPI', upiId: 'ab@ok' }, 10_000_000n, true).errors).toEqual([
      'Minimum withdrawal amount is ₹100',
    ]);
  });
  it('checks amount and method alone when no payout details are sent, and the details whenever they are', () => {
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'UPI' }, 20_000n, true, false)).toMatchObject({ errors: [], fee: 200n, net: 14_800n });
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'BANK' }, 20_000n, true, false)).toMatchObject({ errors: [], fee: 500n, net: 14_500n });
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'UPI', upiId: 'no-handle' }, 20_000n, true, false).errors).toEqual(['Please enter a valid UPI ID']);
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'BANK', bankDetails: { accountNumber: '123456789' } }, 20_000n, true, false).errors).toEqual([
      'Please fill in all bank details',
    ]);
    expect(checkWithdrawal({ amount: 150, withdrawalMethod: 'UPI' }, 20_000n, true).errors).toEqual(['Please enter a valid UPI ID']);
  });
  it('takes the whole balance at any amount: paise and below ₹100 included, no fee below ₹100', () => {
    expect(checkWithdrawal({ amount: 30, withdrawalMethod: 'UPI', upiId: 'ab@ok' }, 3_000n, true)).toMatchObject({
      errors: [],
      amount: 3_000n,
      fee: 0n,
      net: 3_000n,
      wholeBalance: true,
    });
    expect(checkWithdrawal({ amount: 98.5, withdrawalMethod: 'BANK' }, 9_850n, true, false)).toMatchObject({ errors: [], fee: 0n, net: 9_850n });
    expect(checkWithdrawal({ amount: 0.01, withdrawalMethod: 'UPI' }, 1n, true, false)).toMatchObject({ errors: [], fee: 0n, net: 1n });
    // ₹100 or more: paise allowed, the method's fee as usual
    expect(checkWithdrawal({ amount: 114.5, withdrawalMethod: 'UPI' }, 11_450n, true, false)).toMatchObject({ errors: [], fee: 200n, net: 11_250n });
    expect(checkWithdrawal({ amount: 30_000.25, withdrawalMethod: 'BANK' }, 3_000_025n, true, false)).toMatchObject({ errors: [], fee: 500n, net: 2_999_525n });
  });
  it('keeps the partial rules for anything but the whole balance', () => {
    expect(checkWithdrawal({ amount: 50, withdrawalMethod: 'UPI' }, 9_850n, true, false).errors).toEqual(['Minimum withdrawal amount is ₹100']);
    expect(checkWithdrawal({ amount: 114, withdrawalMethod: 'UPI' }, 11_450n, true, false)).toMatchObject({ errors: [], fee: 200n, wholeBalance: false });
    expect(checkWithdrawal({ amount: 110.5, withdrawalMethod: 'UPI' }, 11_450n, true, false).errors).toEqual(['amount must be a whole number of rupees']);
    expect(checkWithdrawal({ amount: 0, withdrawalMethod: 'UPI' }, 0n, true, false).errors).toEqual(['Minimum withdrawal amount is ₹100']);
    expect(checkWithdrawal({ amount: '30', withdrawalMethod: 'UPI' }, 3_000n, true, false).errors).toEqual(['amount must be a number of rupees']);
  });
  it('masks account numbers and UPI ids', () => {
    expect(maskAccount('123456789012')).toBe('XXXX9012');
    expect(maskUpi('riya.s@okaxis')).toBe('ri****@okaxis');
  });
});
