import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ReceiptView } from './settlements-panel';

describe('support receipt of a pledge-mode batch', () => {
  it('lists the donations per charity instead of a pool and winnings', () => {
    renderWithProviders(
      <ReceiptView
        status="SETTLED"
        receipt={{
          date: '2026-06-02',
          batch: 2,
          participants: 2,
          successes: 1,
          failures: 1,
          moneyIn: 300,
          refundsTotal: 170,
          stakesReturned: 100,
          pool: 0,
          sharesTotal: 0,
          roundingRemainder: 0,
          platformRevenue: 0,
          moneyOut: 300,
          rule: 'pledge mode',
          mode: 'pledge',
          donated: 30,
          donations: [{ charityId: 'goonj', name: 'Goonj', challenges: 1, amount: 30 }],
          lines: [
            { line: 1, stake: 100, outcome: 'SUCCESS', refund: 0, winnings: 0, donated: 0 },
            { line: 2, stake: 200, outcome: 'FAILED', refund: 170, winnings: 0, donated: 30 },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Receipt · batch 2 · pledge mode · Settled');
    // plain words for the lines' outcomes too, never the codes
    expect(screen.getByText('Woke up')).toBeInTheDocument();
    expect(screen.getByText('Missed')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/SETTLED|SUCCESS|FAILED/);
    expect(screen.getByText('Donated to charities')).toBeInTheDocument();
    expect(screen.getByText(/to Goonj \(goonj, 1 missed\)/)).toBeInTheDocument();
    expect(screen.queryByText('Pool')).toBeNull();
    expect(screen.queryByText('Winnings')).toBeNull();
    expect(screen.getByText('Donated')).toBeInTheDocument();
  });
});
