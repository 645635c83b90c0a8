import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { act, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { Toaster, toaster } from '@/components/ui/toaster';
import { FALLBACK_RULES, minBalanceSentence } from '@/lib/rules';
import { addDays, formatCalendarDate, todayIST } from '../utils/dates';
import { CreateChallengeForm } from './create-challenge-form';

// The shared machine is often busy: allow slow renders.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => act(() => toaster.clear()));

function renderForm(balance: number, extra: Parameters<typeof stubFetch>[0] = {}, props: Parameters<typeof CreateChallengeForm>[0] = {}) {
  const fetchMock = stubFetch({
    'GET /wallet/balance': { body: { success: true, data: { balance } } },
    'GET /challenges/can-create': { body: { canCreate: true } },
    'GET /challenges/pool': {
      body: { success: true, data: { date: todayIST(), players: 12, totalStaked: 420, checkedIn: 7, missed: 2, pool: 9.75, settled: false } },
    },
    ...extra,
  });
  renderWithProviders(
    <MemoryRouter>
      <CreateChallengeForm {...props} />
    </MemoryRouter>,
    { auth: fakeAuth({ user: makeUser({ balance }) }) },
  );
  return fetchMock;
}

const submit = () => screen.getByRole('button', { name: /Create Challenge|Insufficient Balance|Amount Too High|Creating/ });
/** Submit opens the review; the POST happens on its Confirm. */
async function confirmReview(user: ReturnType<typeof userEvent.setup>) {
  const review = await screen.findByRole('alertdialog', { name: 'Review your stake' });
  await user.click(within(review).getByRole('button', { name: /^Confirm and stake/ }));
}

describe('Create Challenge form (SPEC.md section 5)', { timeout: 20_000 }, () => {
  it('defaults to tomorrow, 7:00 AM and ₹25, and shows the real window', async () => {
    renderForm(500);
    await screen.findByText('₹500');
    expect((screen.getByLabelText('Challenge date') as HTMLSelectElement).value).toBe(addDays(todayIST(), 1));
    expect(screen.getByTestId('wake-up-value')).toHaveTextContent('7:00 AM IST');
    expect(screen.getByLabelText('Forfeit amount (₹)')).toHaveValue(25);
    expect(screen.getByTestId('window-text')).toHaveTextContent('Check-in window: 6:45 AM – 7:10 AM IST');
    expect(within(screen.getByLabelText('Challenge date')).getAllByRole('option')).toHaveLength(8);
    expect(submit()).toBeEnabled();
  });

  it('balance of ₹50 or less: red alert and "Insufficient Balance", disabled', async () => {
    renderForm(50);
    expect(await screen.findByText(`Insufficient balance! ${minBalanceSentence(FALLBACK_RULES)}`)).toBeInTheDocument();
    expect(submit()).toHaveTextContent('Insufficient Balance');
    expect(submit()).toBeDisabled();
  });

  it('balance above ₹50 up to ₹100: "Low Balance" warning', async () => {
    renderForm(80);
    expect(await screen.findByText('Low Balance')).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('forfeit above the balance: "Forfeit amount exceeds available balance!" and "Amount Too High", disabled', async () => {
    const user = userEvent.setup();
    renderForm(60);
    await screen.findByText('₹60');
    const input = screen.getByLabelText('Forfeit amount (₹)');
    await user.clear(input);
    await user.type(input, '70');
    expect(screen.getByText('Forfeit amount exceeds available balance!')).toBeInTheDocument();
    expect(submit()).toHaveTextContent('Amount Too High');
    expect(submit()).toBeDisabled();
  });

  it('the slider moves in 30-minute steps from 04:00 to 07:00', async () => {
    const user = userEvent.setup();
    renderForm(500);
    await screen.findByText('₹500');
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('aria-valuemin', '240');
    expect(slider).toHaveAttribute('aria-valuemax', '420');
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('wake-up-value')).toHaveTextContent('6:30 AM IST');
    expect(slider).toHaveAttribute('aria-valuetext', '6:30 AM');
  });

  it("shows the server's reason when a date cannot be taken", async () => {
    renderForm(500, { 'GET /challenges/can-create': { body: { canCreate: false, reason: 'You already have a challenge for this date' } } });
    expect(await screen.findByTestId('can-create-reason')).toHaveTextContent('You already have a challenge for this date');
    expect(submit()).toBeDisabled();
  });

  it('creates the challenge with the chosen values', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    const created = { id: 'c1', challengeDate: addDays(todayIST(), 1), wakeUpTime: '07:00', forfeitAmount: 25, status: 'PENDING' };
    const fetchMock = renderForm(500, { 'POST /challenges': { status: 201, body: { challenge: created } } }, { onCreated });
    await screen.findByText('₹500');
    await user.click(submit());
    await confirmReview(user);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' })));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ challengeDate: created.challengeDate, wakeUpTime: '07:00', forfeitAmount: 25 });
  });

  it('a refusal for insufficient balance hands over to "add funds"', async () => {
    const user = userEvent.setup();
    const onInsufficientBalance = vi.fn();
    renderForm(
      500,
      {
        'POST /challenges': {
          status: 400,
          body: { success: false, statusCode: 400, error: 'Insufficient balance! You need at least ₹50 to create challenges' },
        },
      },
      { onInsufficientBalance },
    );
    await screen.findByText('₹500');
    await user.click(submit());
    await confirmReview(user);
    await waitFor(() => expect(onInsufficientBalance).toHaveBeenCalled());
  });

  it('a forfeit above the balance at the server asks to reduce the amount', async () => {
    const user = userEvent.setup();
    renderForm(500, { 'POST /challenges': { status: 400, body: { success: false, statusCode: 400, error: 'Forfeit amount exceeds available balance!' } } });
    await screen.findByText('₹500');
    await user.click(submit());
    await confirmReview(user);
    expect(await screen.findByText('Forfeit amount exceeds available balance! Please reduce the amount.')).toBeInTheDocument();
  });

  it('any other refusal: "Failed to create challenge: {message}"', async () => {
    const user = userEvent.setup();
    renderForm(500, { 'POST /challenges': { status: 409, body: { success: false, statusCode: 409, error: 'You already have a challenge for this date' } } });
    await screen.findByText('₹500');
    await user.click(submit());
    await confirmReview(user);
    expect(await screen.findByText('Failed to create challenge: You already have a challenge for this date')).toBeInTheDocument();
  });

  it('reviews the stake before it moves money: date, time, window, stake, both outcomes and the pool; then a toast', async () => {
    const user = userEvent.setup();
    const tomorrow = addDays(todayIST(), 1);
    const created = { id: 'c2', challengeDate: tomorrow, wakeUpTime: '07:00', forfeitAmount: 25, status: 'PENDING' };
    const fetchMock = renderForm(500, {
      'POST /challenges': { status: 201, body: { challenge: created } },
    });
    renderWithProviders(<Toaster />);
    await screen.findByText('₹500');
    await user.click(submit());
    const review = await screen.findByRole('alertdialog', { name: 'Review your stake' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false); // nothing staked yet
    expect(review).toHaveTextContent(formatCalendarDate(tomorrow));
    expect(review).toHaveTextContent('7:00 AM IST');
    expect(review).toHaveTextContent('6:45 AM – 7:10 AM IST');
    expect(review).toHaveTextContent('Your ₹25 comes back with a share of the pool (what those who miss leave), credited by 3 PM.');
    expect(review).toHaveTextContent('₹21.25 (85%) comes back by 3 PM; ₹3.75 goes to the pool for those who woke up.');
    // the morning being staked (tomorrow), not today's; an estimated share; both edge rules
    await waitFor(() => expect(within(review).getByTestId('review-morning-pool')).toHaveTextContent('₹9.75 from 12 players'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`/challenges/pool?date=${tomorrow}`))).toBe(true);
    // ₹9.75 over ₹420 booked + this ₹25, pro rata: 975 × 2500 / 44500 = 54.8 paise, floored
    expect(within(review).getByTestId('review-estimated-share')).toHaveTextContent('about ₹0.54 on top of your stake');
    expect(within(review).getByTestId('review-everyone-wakes')).toHaveTextContent('Nobody wins extra; everyone gets their stake back.');
    expect(within(review).getByTestId('review-nobody-wakes')).toHaveTextContent('the pool goes to WakeStake');
    expect(within(review).getByRole('link', { name: 'See a worked example' })).toHaveAttribute('href', '/help#example');
    await user.click(within(review).getByRole('button', { name: 'Confirm and stake ₹25' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Challenge created');
    expect(toast).toHaveTextContent(`Wake up by 7:00 AM IST on ${formatCalendarDate(tomorrow)}. ₹25 staked.`);
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Review your stake' })).toBeNull());
  });

  it('Back from the review changes nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = renderForm(500);
    await screen.findByText('₹500');
    await user.click(submit());
    const review = await screen.findByRole('alertdialog', { name: 'Review your stake' });
    await user.click(within(review).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Review your stake' })).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  describe('bookable dates', () => {
    const ALL = ['04:00', '04:30', '05:00', '05:30', '06:00', '06:30', '07:00'];
    const serverDates = () => {
      const today = todayIST();
      const d = (i: number) => addDays(today, i);
      return {
        success: true,
        data: {
          today,
          firstBookable: today,
          dates: [
            { date: d(0), bookable: true, wakeUpTimes: ['06:00', '06:30', '07:00'] },
            { date: d(1), bookable: false, blockedBy: 'BOOKED', reason: 'You already have a challenge for this date', wakeUpTimes: ALL },
            { date: d(2), bookable: true, wakeUpTimes: ALL },
            { date: d(3), bookable: false, blockedBy: 'LEAVE', reason: `You are on leave on ${d(3)}: remove the leave day first`, wakeUpTimes: ALL },
            ...[4, 5, 6, 7].map((i) => ({ date: d(i), bookable: true, wakeUpTimes: ALL })),
          ],
        },
      };
    };

    it('lists no booked or leave date, says why they are left out, and defaults to the first bookable date', async () => {
      renderForm(500, { 'GET /challenges/bookable-dates': { body: serverDates() } });
      await screen.findByText('₹500');
      await waitFor(() => expect(within(screen.getByLabelText('Challenge date')).getAllByRole('option')).toHaveLength(6));
      const values = within(screen.getByLabelText('Challenge date'))
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value);
      expect(values).not.toContain(addDays(todayIST(), 1));
      expect(values).not.toContain(addDays(todayIST(), 3));
      expect((screen.getByLabelText('Challenge date') as HTMLSelectElement).value).toBe(todayIST());
      expect(screen.getByTestId('withheld-dates')).toHaveTextContent('already booked');
      expect(screen.getByTestId('withheld-dates')).toHaveTextContent('on leave');
    });

    it("offers only the date's open wake-up slots, and all of them on a later date", async () => {
      const user = userEvent.setup();
      renderForm(500, { 'GET /challenges/bookable-dates': { body: serverDates() } });
      await screen.findByText('₹500');
      await waitFor(() => expect(screen.getByRole('slider')).toHaveAttribute('aria-valuemin', '360'));
      await user.selectOptions(screen.getByLabelText('Challenge date'), addDays(todayIST(), 2));
      expect(screen.getByRole('slider')).toHaveAttribute('aria-valuemin', '240');
      expect(screen.getByRole('slider')).toHaveAttribute('aria-valuemax', '420');
    });

    it('withholds a date the cached challenges show as booked even before the server catches up', async () => {
      const tomorrow = addDays(todayIST(), 1);
      renderForm(500, { 'GET /challenges/status/PENDING': { body: { challenges: [{ id: 'p', challengeDate: tomorrow, status: 'PENDING' }] } } });
      await screen.findByText('₹500');
      await waitFor(() => expect(within(screen.getByLabelText('Challenge date')).getAllByRole('option')).toHaveLength(7));
      expect(
        within(screen.getByLabelText('Challenge date'))
          .getAllByRole('option')
          .map((o) => (o as HTMLOptionElement).value),
      ).not.toContain(tomorrow);
    });

    it('a failed check of the dates says so with a Retry', async () => {
      const fetchMock = renderForm(500, { 'GET /challenges/bookable-dates': { status: 500, body: { success: false, statusCode: 500, error: 'boom' } } });
      const failed = await screen.findByTestId('load-failed');
      expect(failed).toHaveTextContent("We couldn't check which dates are free.");
      const before = fetchMock.mock.calls.filter(([u]) => String(u).includes('bookable-dates')).length;
      await userEvent.setup().click(within(failed).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('bookable-dates')).length).toBeGreaterThan(before));
    });

    it('no date bookable: says why and cannot submit', async () => {
      const body = serverDates();
      body.data.firstBookable = null as unknown as string;
      body.data.dates = body.data.dates.map((d) => ({
        ...d,
        bookable: false,
        blockedBy: 'OTHER',
        reason: 'Insufficient balance! You need at least ₹50 to create challenges',
      }));
      renderForm(500, { 'GET /challenges/bookable-dates': { body } });
      await screen.findByText('₹500');
      await waitFor(() => expect(screen.getByTestId('withheld-dates')).toHaveTextContent('No date can be booked: Insufficient balance'));
      expect(submit()).toBeDisabled();
    });
  });
});
