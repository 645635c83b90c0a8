import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/api-stub';
import { makeChallenge } from '@/testing/api-fixtures';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { receiptsOf, receiptTitle } from '../utils/receipts';
import { ReceiptModal } from './receipt-modal';
import { SettlementReceipts } from './settlement-receipts';

vi.setConfig({ testTimeout: 20_000 });

const won = makeChallenge({ id: 'w', challengeDate: '2038-05-03', status: 'PROCESSED', isSuccessful: true, forfeitAmount: 25, winningsAmount: 28.75 });
const missed = makeChallenge({
  id: 'm',
  challengeDate: '2038-05-05',
  status: 'PROCESSED',
  isSuccessful: false,
  forfeitAmount: 40,
  failureReason: 'Missed check-in window',
});
const forgiven = makeChallenge({
  id: 'f',
  challengeDate: '2038-05-04',
  status: 'PROCESSED',
  isSuccessful: false,
  forgivenReason: 'Forgiven: our service was down',
});
const unsettled = makeChallenge({ id: 'u', challengeDate: '2038-05-06', status: 'COMPLETED', isSuccessful: true });

const settlement = (isSuccessful: boolean, outcome: string) => ({
  success: true,
  data: {
    date: '2038-05-05',
    status: 'SETTLED',
    batch: 1,
    receipt: {
      date: '2038-05-05',
      batch: 1,
      participants: 2,
      successes: 1,
      failures: 1,
      forgiven: 0,
      forgivenTotal: 0,
      moneyIn: 65,
      refundsTotal: 34,
      stakesReturned: 25,
      pool: 6,
      sharesTotal: 6,
      roundingRemainder: 0,
      platformRevenue: 0,
      moneyOut: 65,
      rule: 'the rule',
      mode: 'pool',
      lines: [
        { line: 1, stake: 25, outcome: 'SUCCESS', refund: 0, winnings: 6 },
        { line: 2, stake: 40, outcome: 'FAILED', refund: 34, winnings: 0 },
      ],
    },
    yourLines: [{ challengeId: 'm', lineNo: 2, stake: 40, isSuccessful, outcome, refund: 34, winnings: 0, payout: 34, paid: true }],
  },
});

describe('settlement receipts', () => {
  it('one per settled day, newest first; unsettled days are left out', () => {
    expect(receiptsOf([won, unsettled, missed, forgiven]).map((r) => [r.date, r.outcome])).toEqual([
      ['2038-05-05', 'MISSED'],
      ['2038-05-04', 'FORGIVEN'],
      ['2038-05-03', 'WON'],
    ]);
  });

  it('the title is worded for what happened to the user', () => {
    expect(receiptTitle('WON', false)).toBe('How your winnings were computed');
    expect(receiptTitle('WON', true)).toBe('How your pledge was settled');
    expect(receiptTitle('MISSED', false)).toBe('What happened to your stake');
    expect(receiptTitle('FORGIVEN', false)).toMatch(/^Forgiven/);
  });

  it('lists the days with their outcome, and each opens its receipt', async () => {
    const onOpen = vi.fn();
    renderWithProviders(<SettlementReceipts history={[won, missed, forgiven]} onOpen={onOpen} />, { auth: fakeAuth({ user: makeUser() }) });
    const entries = screen.getAllByTestId('receipt-entry');
    expect(entries.map((e) => e.getAttribute('data-outcome'))).toEqual(['MISSED', 'FORGIVEN', 'WON']);
    expect(within(entries[0]).getByText('Missed')).toBeInTheDocument();
    await userEvent.click(within(entries[0]).getByRole('button', { name: /What happened to your stake/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ date: '2038-05-05', outcome: 'MISSED' }));
    expect(within(entries[2]).getByRole('button', { name: /How your winnings were computed/ })).toBeInTheDocument();
  });

  it('first load: skeletons; a failed load: an error with Retry', async () => {
    const retry = vi.fn();
    const { unmount } = renderWithProviders(<SettlementReceipts history={[]} loading onOpen={vi.fn()} />, { auth: fakeAuth({ user: makeUser() }) });
    expect(screen.getByTestId('receipts-loading')).toBeInTheDocument();
    unmount();
    renderWithProviders(<SettlementReceipts history={[]} load={{ failed: true, retrying: false, retry }} onOpen={vi.fn()} />, {
      auth: fakeAuth({ user: makeUser() }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });

  it('a missed user’s receipt says "What happened to your stake", never winnings', async () => {
    stubApi((call) => (call.path === '/settlements/2038-05-05' ? { body: settlement(false, 'FAILED') } : undefined));
    renderWithProviders(<ReceiptModal date="2038-05-05" onClose={() => {}} />, { auth: fakeAuth({ user: makeUser() }) });
    await screen.findByTestId('your-line');
    expect(screen.getByRole('dialog', { name: 'What happened to your stake' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /winnings/ })).toBeNull();
  });

  it('a winner’s receipt keeps "How your winnings were computed"; a failed receipt load has a Retry', async () => {
    let fail = true;
    const api = stubApi((call) => {
      if (call.path !== '/settlements/2038-05-05') return undefined;
      return fail ? { status: 500, body: { success: false, statusCode: 500, error: 'boom' } } : { body: settlement(true, 'SUCCESS') };
    });
    renderWithProviders(<ReceiptModal date="2038-05-05" outcome="WON" onClose={() => {}} />, { auth: fakeAuth({ user: makeUser() }) });
    const failed = await screen.findByTestId('load-failed', {}, { timeout: 10_000 });
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('your-line');
    expect(screen.getByRole('dialog', { name: 'How your winnings were computed' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/settlements/2038-05-05').length).toBeGreaterThan(1));
  });
});
