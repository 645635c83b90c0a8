import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChallengeHistory } from '@/features/challenges/components/challenge-history';
import { SettlementReceipts } from '@/features/challenges/components/settlement-receipts';
import { makeChallenge } from '@/testing/api-fixtures';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { ListCard } from './list-card';

vi.setConfig({ testTimeout: 20_000 });

const auth = () => ({ auth: fakeAuth({ user: makeUser() }) });
/** Settled days 1..n of May 2038, each a win. */
const settledDays = (n: number) =>
  Array.from({ length: n }, (_, i) => makeChallenge({ id: `c${i + 1}`, challengeDate: `2038-05-${String(i + 1).padStart(2, '0')}`, status: 'PROCESSED', isSuccessful: true, winningsAmount: 21 }));

describe('ListCard', () => {
  it('titles the card, and offers View All / Show Less only when there are more entries than it shows', async () => {
    const user = userEvent.setup();
    const items = ['a', 'b', 'c'];
    const { unmount } = renderWithProviders(
      <ListCard title="Letters" headingId="letters" count={items.length} limit={2}>
        {(all) => <ul aria-labelledby="letters">{(all ? items : items.slice(0, 2)).map((x) => <li key={x}>{x}</li>)}</ul>}
      </ListCard>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Letters' })).toHaveAttribute('id', 'letters');
    expect(within(screen.getByRole('list', { name: 'Letters' })).getAllByRole('listitem')).toHaveLength(2);
    const toggle = screen.getByRole('button', { name: 'View All' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    unmount();
    renderWithProviders(
      <ListCard title="Letters" count={2} limit={2}>
        {() => null}
      </ListCard>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

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
