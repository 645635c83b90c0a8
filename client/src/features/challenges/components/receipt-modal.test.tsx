import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/api-stub';
import { makeChallenge } from '@/testing/api-fixtures';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { ChallengeHistory } from './challenge-history';
import { ReceiptModal } from './receipt-modal';

vi.setConfig({ testTimeout: 20_000 });

const REASON = 'Forgiven: our service was down during your window (check-ins were failing, 23 Nov 2026, 6:20 AM–6:21 AM IST)';
const settlement = {
  success: true,
  data: {
    date: '2026-11-23',
    status: 'SETTLED',
    batch: 1,
    receipt: {
      date: '2026-11-23',
      batch: 1,
      participants: 3,
      successes: 1,
      failures: 1,
      forgiven: 1,
      forgivenTotal: 80,
      moneyIn: 230,
      refundsTotal: 122.5,
      stakesReturned: 100,
      pool: 7.5,
      sharesTotal: 7.5,
      roundingRemainder: 0,
      platformRevenue: 0,
      moneyOut: 230,
      rule: 'the rule',
      mode: 'pool',
      lines: [
        { line: 1, stake: 100, outcome: 'SUCCESS', refund: 0, winnings: 7.5 },
        { line: 2, stake: 50, outcome: 'FAILED', refund: 42.5, winnings: 0 },
        { line: 3, stake: 80, outcome: 'FORGIVEN', refund: 80, winnings: 0 },
      ],
    },
    yourLines: [
      {
        challengeId: 'c3',
        lineNo: 3,
        stake: 80,
        isSuccessful: false,
        outcome: 'FORGIVEN',
        refund: 80,
        winnings: 0,
        payout: 80,
        paid: true,
        forgiven: { reason: REASON, outageId: 'o1', kind: 'CHECKIN_ERRORS', startedAt: '2026-11-23T00:50:00.000Z', endedAt: '2026-11-23T00:51:00.000Z' },
      },
    ],
  },
};

describe('a miss forgiven for our outage', () => {
  it('the receipt says it was forgiven, why, and that the whole stake came back', async () => {
    stubApi((call) => (call.path === '/settlements/2026-11-23' ? { body: settlement } : undefined));
    renderWithProviders(<ReceiptModal date="2026-11-23" onClose={() => {}} />, { auth: fakeAuth({ user: makeUser() }) });
    const mine = await screen.findByTestId('your-line');
    expect(within(mine).getByTestId('forgiven-reason')).toHaveTextContent(REASON);
    expect(mine).toHaveTextContent('Stake ₹80, missed but not your fault. Whole stake back ₹80 · net ₹0');
    expect(mine).not.toHaveTextContent('85%');
    expect(screen.getByTestId('receipt-forgiven')).toHaveTextContent('1');
    expect(screen.getByText('Forgiven (our outage)')).toBeInTheDocument();
  });

  it('the history labels it FORGIVEN with the reason, no loss and no dispute', () => {
    const forgiven = makeChallenge({
      id: 'c3',
      status: 'PROCESSED',
      isCompleted: true,
      isSuccessful: false,
      failureReason: 'Missed check-in window',
      forgivenReason: REASON,
      actualForfeitAmount: 0,
      refundedAmount: 25,
      processedAt: '2026-11-23T03:30:00.000Z',
    });
    renderWithProviders(<ChallengeHistory history={[forgiven]} />, { auth: fakeAuth({ user: makeUser() }) });
    const item = screen.getByTestId('history-list');
    expect(within(item).getByText('Forgiven')).toBeInTheDocument();
    expect(within(item).getByTestId('forgiven-reason')).toHaveTextContent(REASON);
    expect(item).toHaveTextContent('Whole stake back ₹25');
    expect(within(item).getByTestId('history-net')).toHaveTextContent('₹0');
    expect(item).not.toHaveTextContent('−₹');
    expect(within(item).queryByRole('button', { name: /Dispute/ })).toBeNull();
  });
});
