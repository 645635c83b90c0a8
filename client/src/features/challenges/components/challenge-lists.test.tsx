import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeChallenge } from '@/testing/api-fixtures';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { ChallengeHistory } from './challenge-history';
import { SettlementReceipts } from './settlement-receipts';

vi.setConfig({ testTimeout: 20_000 });

const auth = () => ({ auth: fakeAuth({ user: makeUser() }) });
/** Settled days 1..n of May 2038, each a win. */
const settledDays = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    makeChallenge({ id: `c${i + 1}`, challengeDate: `2038-05-${String(i + 1).padStart(2, '0')}`, status: 'PROCESSED', isSuccessful: true, winningsAmount: 21 }),
  );

describe('ListCard', () => {
  it('serves both the settlement receipts and the challenge history: 5 shown, View All shows the rest', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SettlementReceipts history={settledDays(7)} onOpen={vi.fn()} />
        <ChallengeHistory history={settledDays(6)} />
      </>,
      auth(),
    );
    const receipts = screen.getByTestId('settlement-receipts');
    expect(within(receipts).getAllByTestId('receipt-entry')).toHaveLength(5);
    await user.click(within(receipts).getByRole('button', { name: 'View All' }));
    expect(within(receipts).getAllByTestId('receipt-entry')).toHaveLength(7);
    const history = screen.getByTestId('history-list');
    expect(within(history).getAllByRole('listitem')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'View All' }));
    expect(within(screen.getByTestId('history-list')).getAllByRole('listitem')).toHaveLength(6);
  });
});
