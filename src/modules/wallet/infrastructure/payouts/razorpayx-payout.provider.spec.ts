import { payoutOutcome, RazorpayxPayout } from './razorpayx-payout.provider.js';

const payout = (status: string, extra: Partial<RazorpayxPayout> = {}): RazorpayxPayout => ({ id: 'pout_1', amount: 29_800, status, ...extra });

describe('what a RazorpayX payout status means for the withdrawal', () => {
  it('processed is paid, with the payout id as the reference', () => {
    expect(payoutOutcome(payout('processed'))).toEqual({ ok: true, reference: 'pout_1', providerStatus: 'processed' });
  });

  it.each(['failed', 'reversed', 'rejected', 'cancelled'])('%s is refunded in full, saying why', (status) => {
    expect(payoutOutcome(payout(status, { status_details: { description: 'Beneficiary bank is offline' } }))).toEqual({
      ok: false,
      reason: `Payout ${status}: Beneficiary bank is offline`,
      reference: 'pout_1',
      providerStatus: status,
    });
  });

  it.each(['queued', 'pending', 'processing', 'scheduled', ''])('"%s" waits (webhook or a later run)', (status) => {
    expect(payoutOutcome(payout(status))).toMatchObject({ pending: true, reference: 'pout_1' });
  });
});
