import { maskAccountNumber, maskUpiId, payoutMethodView } from './payout-methods.js';

describe('saved payout method views', () => {
  const at = new Date('2036-03-01T04:00:00Z');

  it('masks UPI ids to two characters and the handle, however short the name', () => {
    expect(maskUpiId('meera.iyer@okaxis')).toBe('me********@okaxis');
    expect(maskUpiId('ab@ybl')).toBe('ab***@ybl');
    expect(maskUpiId('a.b.c@x@okhdfc')).toBe('a.*****@okhdfc');
    expect(maskAccountNumber('7788')).toBe('••••7788');
  });

  it('labels a bank account by its bank and last four digits, and carries no full number', () => {
    const view = payoutMethodView({
      id: 'm1',
      method: 'BANK_TRANSFER',
      upi_id: null,
      bank_account_last4: '7788',
      ifsc_code: 'HDFC0001234',
      account_holder_name: 'Meera Iyer',
      bank_name: 'HDFC Bank',
      uses: 3,
      last_used_at: at,
    });
    expect(view).toEqual({
      id: 'm1',
      type: 'BANK_TRANSFER',
      label: 'HDFC Bank ••••7788',
      upiId: null,
      accountNumber: '••••7788',
      ifscCode: 'HDFC0001234',
      accountHolderName: 'Meera Iyer',
      bankName: 'HDFC Bank',
      uses: 3,
      lastUsedAt: '2036-03-01T04:00:00.000Z',
    });
    expect(
      payoutMethodView({
        id: 'm2',
        method: 'UPI',
        upi_id: 'meera@okaxis',
        bank_account_last4: null,
        ifsc_code: null,
        account_holder_name: null,
        bank_name: null,
        uses: 1,
        last_used_at: at,
      }).label,
    ).toBe('me***@okaxis');
  });
});
