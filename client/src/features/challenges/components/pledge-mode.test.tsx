import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeChallenge, makeUser, renderWithProviders, stubFetch } from '@/testing/test-utils';
import type { Challenge } from '../api/types';
import { CreateChallengeForm } from './create-challenge-form';
import { TodayChallengeCard } from './today-challenge-card';
import { ChallengeStatCards } from './challenge-stat-cards';

// The shared machine is often busy: allow slow renders.
configure({ asyncUtilTimeout: 5000 });

// POOL_MODE=pledge: nobody wins anyone's money, so the screens never speak of winnings or a pool.
const CONFIG = {
  success: true,
  data: {
    testMode: false,
    paymentsProvider: 'sandbox',
    razorpayKeyId: 'k',
    googleClientId: null,
    poolMode: 'pledge',
    charities: [
      { id: 'akshaya-patra', name: 'Akshaya Patra' },
      { id: 'goonj', name: 'Goonj' },
    ],
  },
};

describe('pledge mode on the challenge screens', { timeout: 20_000 }, () => {
  it("create form: offers the operator's charities, words the stake without winnings and sends the pick", async () => {
    const created = {
      id: 'c9',
      challengeDate: '2026-11-23',
      wakeUpTime: '07:00',
      forfeitAmount: 25,
      status: 'PENDING',
      isSuccessful: null,
      canCheckIn: false,
      isWithinGracePeriod: false,
      gracePeriodStartTime: '',
      gracePeriodEndTime: '',
      winningsAmount: 0,
      failureReason: null,
      actualForfeitAmount: 0,
    };
    const fetchMock = stubFetch({
      'GET /config': { body: CONFIG },
      'GET /wallet/balance': { body: { success: true, data: { balance: 500 } } },
      'GET /challenges/can-create': { body: { canCreate: true } },
      'POST /challenges': { status: 201, body: { challenge: created } },
      'GET /challenges/pool': {
        body: { success: true, data: { date: '2026-11-23', players: 5, totalStaked: 150, checkedIn: 3, missed: 1, pool: 3.75, settled: false } },
      },
    });
    renderWithProviders(
      <MemoryRouter>
        <CreateChallengeForm />
      </MemoryRouter>,
      { auth: fakeAuth({ user: makeUser({ balance: 500 }) }) },
    );
    const select = (await screen.findByLabelText('If you miss, donate to')) as HTMLSelectElement;
    expect(select.value).toBe('akshaya-patra');
    expect(screen.getByText(/miss it and 85% comes back, the rest is donated to Akshaya Patra/)).toBeInTheDocument();
    expect(screen.queryByText(/\bwin\b|winnings|pool/i)).toBeNull();
    await userEvent.selectOptions(select, 'goonj');
    expect(screen.getByText(/donated to Goonj/)).toBeInTheDocument();
    await screen.findByText('₹500');
    await userEvent.click(screen.getByRole('button', { name: 'Create Challenge' }));
    // the review speaks of the charity, never of winnings or a pool
    const review = await screen.findByRole('alertdialog', { name: 'Review your stake' });
    expect(review).toHaveTextContent('Your ₹25 comes back in full.');
    expect(review).toHaveTextContent('₹21.25 (85%) comes back; ₹3.75 is donated to Goonj.');
    await waitFor(() => expect(within(review).getByTestId('review-morning-pool')).toHaveTextContent('₹3.75 from 5 players'));
    expect(review).toHaveTextContent('Donations so far on');
    expect(within(review).getByTestId('review-everyone-wakes')).toHaveTextContent('Everyone gets their stake back; nothing is donated.');
    expect(review.textContent).not.toMatch(/winnings|pool/i);
    await userEvent.click(within(review).getByRole('button', { name: 'Confirm and stake ₹25' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ forfeitAmount: 25, charityId: 'goonj' });
  });

  it("today's card: a pledge success gets its stake back, a miss names where its forfeit was donated", () => {
    const base: Challenge = makeChallenge({
      forfeitAmount: 100,
      status: 'PROCESSED',
      isSuccessful: true,
      winningsAmount: 100,
      poolMode: 'pledge',
      charityId: 'goonj',
      donationTo: 'Goonj',
    });
    const now = new Date('2026-11-23T09:00:00.000Z');
    const { unmount } = renderWithProviders(
      <MemoryRouter>
        <TodayChallengeCard challenge={base} now={now} onCheckIn={vi.fn(async () => {})} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('winnings-message')).toHaveTextContent('Your ₹100 stake is back in your wallet.');
    expect(screen.queryByText(/you won|winnings/i)).toBeNull();
    unmount();
    renderWithProviders(
      <MemoryRouter>
        <TodayChallengeCard
          challenge={{ ...base, isSuccessful: false, winningsAmount: 0, actualForfeitAmount: 15, refundedAmount: 85, failureReason: 'Missed check-in window' }}
          now={now}
          onCheckIn={vi.fn(async () => {})}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Actual forfeit: ₹15, donated to Goonj/)).toBeInTheDocument();
  });

  it('stat cards: the fourth card shows what was forfeited (donated), not earnings', async () => {
    stubFetch({ 'GET /config': { body: CONFIG } });
    const stats = {
      totalChallenges: 3,
      successfulChallenges: 2,
      failedChallenges: 1,
      currentStreak: 2,
      longestStreak: 2,
      successRate: 66.7,
      totalEarnings: 0,
      totalLosses: 15,
    };
    renderWithProviders(<ChallengeStatCards stats={stats} />);
    expect(await screen.findByText('Total Forfeited')).toBeInTheDocument();
    expect(screen.getByText('Donated on missed mornings')).toBeInTheDocument();
    expect(screen.queryByText(/earnings/i)).toBeNull();
  });
});
