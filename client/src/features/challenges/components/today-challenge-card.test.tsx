import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { configure } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CARD_DATE, istOn, makeCardChallenge, renderWithProviders, stubFetch } from '@/testing/test-utils';
import type { Challenge } from '../api/types';
import { TodayChallengeCard } from './today-challenge-card';
import { CalendarCell } from './calendar-modal';

// The shared machine is often busy: allow slow renders.
configure({ asyncUtilTimeout: 5000 });

const DATE = CARD_DATE;
const ist = (t: string) => istOn(t);
const make = makeCardChallenge;

function renderCard(challenge: Challenge | null, now: Date, props: Partial<Parameters<typeof TodayChallengeCard>[0]> = {}) {
  return renderWithProviders(
    <MemoryRouter>
      <TodayChallengeCard challenge={challenge} now={now} onCheckIn={props.onCheckIn ?? vi.fn(async () => {})} {...props} />
    </MemoryRouter>,
  );
}

describe("Today's Challenge card", { timeout: 20_000 }, () => {
  it("shows today's players and the pool so far", async () => {
    const fetchMock = stubFetch({
      'GET /challenges/pool': {
        body: { success: true, data: { date: DATE, players: 14, totalStaked: 520, checkedIn: 9, missed: 3, pool: 11.25, settled: false } },
      },
    });
    renderCard(make(), ist('06:05:00'));
    expect(await screen.findByTestId('today-pool')).toHaveTextContent('Today: 14 players · pool so far ₹11.25');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`/challenges/pool?date=${DATE}`))).toBe(true);
  });

  it('before the window: "Challenge Pending" and a countdown to the opening', () => {
    renderCard(make(), ist('04:44:58'));
    expect(screen.getByTestId('today-label')).toHaveTextContent('Challenge Pending');
    expect(screen.getByTestId('countdown')).toHaveTextContent('Check-in opens in 1h 00m 02s');
    expect(screen.queryByRole('button', { name: 'Check In' })).toBeNull();
  });

  it('inside the window: "Time to Wake Up!" and Check In', async () => {
    const onCheckIn = vi.fn(async () => {});
    renderCard(make(), ist('06:05:00'), { onCheckIn });
    expect(screen.getByTestId('today-label')).toHaveTextContent('Time to Wake Up!');
    await userEvent.click(screen.getByRole('button', { name: 'Check In' }));
    expect(onCheckIn).toHaveBeenCalledWith(null);
  });

  it('a refused check-in says the server’s words, never "Failed to verify challenge"', () => {
    renderCard(make(), ist('06:05:00'), { checkIn: { phase: 'refused', message: 'Check-in window has not opened yet' } });
    expect(screen.getByTestId('check-in-progress')).toHaveTextContent('Check-in window has not opened yet');
    expect(screen.queryByText(/Failed to verify challenge/)).toBeNull();
  });

  it('a check-in being retried: "Not recorded yet — trying again · 6 min left", the minutes the countdown shows', () => {
    renderCard(make(), ist('06:04:30'), { checkIn: { phase: 'retrying' }, busy: true });
    expect(screen.getByTestId('check-in-progress')).toHaveTextContent('Not recorded yet — trying again · 6 min left');
    expect(screen.getByTestId('today-card')).toHaveTextContent(/closes in 6m 30s/);
  });

  it('retries that failed until the window closed: the morning is covered and how to dispute', () => {
    renderCard(make(), ist('06:12:00'), { checkIn: { phase: 'gave-up' } });
    const box = screen.getByTestId('check-in-progress');
    expect(box).toHaveTextContent('We couldn’t record your check-in before the window closed.');
    expect(box).toHaveTextContent(/the morning is covered/);
    expect(box).toHaveTextContent(/Dispute this miss/);
    expect(box).not.toHaveTextContent(/Internal Server Error|Failed to/);
  });

  it('checked in: "Checked in at 6:02 AM"', () => {
    renderCard(make({ status: 'COMPLETED', isSuccessful: true, checkInTime: ist('06:02:10').toISOString() }), ist('06:03:00'));
    expect(screen.getByTestId('checked-in-at')).toHaveTextContent('Checked in at 6:02 AM');
  });

  it('after the window: "Completion window has closed", check-in locked', () => {
    renderCard(make(), ist('06:11:00'));
    expect(screen.getByTestId('today-label')).toHaveTextContent('Challenge Pending');
    expect(screen.getByText(/Completion window has closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check In' })).toBeNull();
  });

  it('successful: "Challenge Completed!" with the winnings message; the receipt link once PROCESSED', async () => {
    const onShowReceipt = vi.fn();
    const { unmount } = renderCard(make({ status: 'COMPLETED', isSuccessful: true }), ist('07:00:00'), { onShowReceipt });
    expect(screen.getByTestId('today-label')).toHaveTextContent('Challenge Completed!');
    expect(screen.getByText('Congratulations! You woke up on time.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'How your winnings were computed' })).toBeNull();
    unmount();
    renderCard(
      make({ status: 'PROCESSED', isSuccessful: true, winningsAmount: 37.5, poolShare: 12.5, netResult: 12.5 } as Partial<Challenge>),
      ist('10:00:00'),
      { onShowReceipt },
    );
    // the one vocabulary, and never "You won"
    expect(screen.getByTestId('winnings-message')).toHaveTextContent('Stake back ₹25 · winnings ₹12.50');
    expect(screen.getByTestId('winnings-message')).not.toHaveTextContent(/won/i);
    await userEvent.click(screen.getByRole('button', { name: 'How your winnings were computed' }));
    expect(onShowReceipt).toHaveBeenCalledWith(DATE);
  });

  it('failed: "Challenge Failed" with the refund, the reason and the actual forfeit', () => {
    renderCard(make({ status: 'COMPLETED', isSuccessful: false, failureReason: 'Missed check-in window' }), ist('07:00:00'));
    expect(screen.getByTestId('today-label')).toHaveTextContent('Challenge Failed');
    expect(screen.getByTestId('refund-message')).toHaveTextContent('₹21.25 (85% of your forfeit) will be refunded');
    expect(screen.getByText('Reason: Missed check-in window')).toBeInTheDocument();
    expect(screen.getByText('Actual forfeit: ₹3.75')).toBeInTheDocument();
  });

  it('in the window the Check In button comes before the facts and the pool (a phone shows it first)', async () => {
    stubFetch({
      'GET /challenges/pool': { body: { success: true, data: { date: DATE, players: 3, totalStaked: 75, checkedIn: 1, missed: 0, pool: 0, settled: false } } },
    });
    renderCard(make(), ist('06:05:00'));
    const button = screen.getByRole('button', { name: 'Check In' });
    const facts = screen.getByText(/Wake-up time:/);
    const pool = await screen.findByTestId('today-pool');
    expect(button.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button.compareDocumentPosition(pool) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('first load: a skeleton, not a spinner or a word', () => {
    renderCard(null, ist('06:05:00'), { loading: true });
    expect(screen.getByTestId('today-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No challenge for today.')).toBeNull();
  });

  it('no challenge today', () => {
    renderCard(null, ist('07:00:00'));
    expect(screen.getByText('No challenge for today.')).toBeInTheDocument();
  });
});

describe('calendar cell', { timeout: 20_000 }, () => {
  it('shows 2 challenges with their status in words, and "+N more"', () => {
    const list = [
      make({ id: 'a', wakeUpTime: '04:00' }),
      make({ id: 'b', wakeUpTime: '05:00', status: 'COMPLETED', isSuccessful: true }),
      make({ id: 'c', wakeUpTime: '06:00', status: 'PROCESSED', isSuccessful: true }),
      make({ id: 'd', wakeUpTime: '07:00', status: 'COMPLETED', isSuccessful: false }),
    ];
    renderWithProviders(<CalendarCell date={DATE} challenges={list} today={DATE} />);
    expect(screen.getByText('4:00 AM · Pending')).toBeInTheDocument();
    expect(screen.getByText('5:00 AM · Success')).toBeInTheDocument();
    expect(screen.queryByText(/6:00 AM/)).toBeNull();
    expect(screen.getByText('+2 more')).toBeInTheDocument();
  });

  it('each chip also carries a short form for a phone (hour and a status mark), hidden from screen readers', () => {
    renderWithProviders(
      <CalendarCell date={DATE} challenges={[make({ id: 'a', wakeUpTime: '06:30', status: 'COMPLETED', isSuccessful: true })]} today={DATE} />,
    );
    const chip = screen.getByTestId('calendar-chip');
    const short = chip.querySelector('[aria-hidden="true"]');
    expect(short).toHaveTextContent('6:30✓');
    expect(chip).toHaveAttribute('title', '6:30 AM · Success');
    expect(screen.getByText('6:30 AM · Success')).not.toHaveAttribute('aria-hidden');
  });
});

describe("Today's card when parts of it fail or are not live", { timeout: 20_000 }, () => {
  it('a pool that could not be loaded says so on the card with Retry, and Retry asks again', async () => {
    let fail = true;
    const pool = { success: true, data: { date: DATE, players: 3, totalStaked: 75, checkedIn: 1, missed: 1, pool: 4.5, settled: false } };
    const fetchMock = stubFetch({
      'GET /challenges/pool': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(pool), { status: 200, headers: { 'Content-Type': 'application/json' } }) as never;
      },
    });
    renderCard(make(), ist('06:05:00'));
    const failed = await screen.findByTestId('today-pool-failed');
    expect(failed).toHaveTextContent("We couldn't load today's pool.");
    expect(screen.getByTestId('today-card')).not.toHaveTextContent(/Failed to fetch|Internal Server Error/);
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('today-pool')).toHaveTextContent('pool so far ₹4.50');
    expect(screen.queryByTestId('today-pool-failed')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/challenges/pool')).length).toBeGreaterThanOrEqual(2);
  });

  it('not live: "Saved copy: amounts as of …" at the top of the card; live: no such line', () => {
    const { unmount } = renderCard(make(), ist('06:05:00'), { asOf: 'as of 6:01 AM' });
    const card = screen.getByTestId('today-card');
    expect(within(card).getByTestId('as-of-note')).toHaveTextContent('Saved copy: amounts as of 6:01 AM');
    // the note sits above the forfeit figure
    const forfeit = within(card).getByText('Forfeit:', { exact: false });
    expect(within(card).getByTestId('as-of-note').compareDocumentPosition(forfeit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();
    renderCard(make(), ist('06:05:00'));
    expect(screen.queryByTestId('as-of-note')).toBeNull();
  });
});
