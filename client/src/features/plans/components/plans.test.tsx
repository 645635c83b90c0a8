import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toaster } from '@/components/ui/toaster';
import { istDateString } from '@/lib/format';
import { fakeAuth, makeUser, renderWithProviders, stubFetch } from '@/testing/test-utils';
import type { Plan } from '../api/plans-api';
import { addDays, planDates, planEndDate } from '../utils/plan-rules';
import { ActivePlansCard } from './active-plans-card';
import { PlanForm } from './plan-form';
import { PlansList } from './plans-list';

// The shared machine is often busy: allow slow renders.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => act(() => toaster.clear()));

const auth = () => fakeAuth({ user: makeUser() });
const serverError = { status: 500, body: { success: false, statusCode: 500, error: 'Internal server error' } };
const render = (ui: React.ReactElement) =>
  renderWithProviders(
    <MemoryRouter>
      {ui}
      <Toaster />
    </MemoryRouter>,
    { auth: auth() },
  );

function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'p1',
    weekdays: [1, 2, 3, 4, 5],
    wakeUpTime: '06:00',
    forfeitAmount: 20,
    startDate: '2026-11-30',
    endDate: '2026-12-27',
    status: 'ACTIVE',
    charityId: null,
    proof: 'NONE',
    mission: 'NONE',
    totalDays: 20,
    bookedDays: 3,
    skippedDays: 1,
    nextDate: '2026-12-03',
    days: [],
    createdAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}
const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => init?.method === method && String(url).includes(path));
  return call ? JSON.parse(String(call[1]?.body ?? 'null')) : undefined;
};

describe('plan form', { timeout: 20_000 }, () => {
  it('makes "weekdays at 06:00 for 4 weeks, ₹20 a day" from tomorrow, saying what it will book', async () => {
    const user = userEvent.setup();
    const start = addDays(istDateString(), 1);
    const mornings = planDates(start, planEndDate(start, 4), [1, 2, 3, 4, 5]).length;
    const fetchMock = stubFetch({
      'POST /challenge-plans': { status: 201, body: { success: true, data: { plan: plan({ startDate: start, nextDate: start }) } } },
    });
    render(<PlanForm />);
    expect(screen.getByLabelText('Repeat on')).toHaveValue('WEEKDAYS');
    expect(screen.getByLabelText('Wake-up time (IST)')).toHaveValue('06:00');
    expect(screen.getByLabelText('Stake a morning (₹)')).toHaveValue(20);
    expect(screen.getByLabelText('Starts')).toHaveValue(start);
    expect(screen.getByLabelText('For')).toHaveValue('4');
    expect(mornings).toBe(20);
    expect(screen.getByTestId('plan-summary')).toHaveTextContent('Weekdays at 6:00 AM IST');
    expect(screen.getByTestId('plan-summary')).toHaveTextContent('20 mornings, ₹20 each (₹400 in all)');
    expect(screen.getByTestId('plan-summary')).toHaveTextContent('booked from your wallet at 8 PM the evening before');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'POST', '/challenge-plans')).toEqual({ days: 'WEEKDAYS', wakeUpTime: '06:00', forfeitAmount: 20, startDate: start, weeks: 4 }),
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent('Plan created');
  });

  it('chosen days go as ISO weekdays; with no day chosen it cannot be sent', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({ 'POST /challenge-plans': { status: 201, body: { success: true, data: { plan: plan({ weekdays: [1, 3] }) } } } });
    render(<PlanForm />);
    await user.selectOptions(screen.getByLabelText('Repeat on'), 'CUSTOM');
    await user.selectOptions(screen.getByLabelText('Wake-up time (IST)'), '05:30');
    await user.selectOptions(screen.getByLabelText('For'), '2');
    // Mon, Wed, Fri preselected: drop Friday
    await user.click(screen.getByRole('checkbox', { name: 'Fri' }));
    expect(screen.getByTestId('plan-summary')).toHaveTextContent('Mon, Wed at 5:30 AM IST');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'POST', '/challenge-plans')).toMatchObject({ days: [1, 3], wakeUpTime: '05:30', weeks: 2 }));
    await user.click(screen.getByRole('checkbox', { name: 'Mon' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wed' }));
    expect(screen.getByTestId('plan-summary')).toHaveTextContent('Pick at least one day');
    expect(screen.getByRole('button', { name: 'Create plan' })).toBeDisabled();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /challenge-plans': { status: 400, body: { success: false, statusCode: 400, error: 'You can keep at most 5 plans at once; cancel one first' } },
    });
    render(<PlanForm />);
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create plan: You can keep at most 5 plans at once; cancel one first');
  });
});

describe('plans list', { timeout: 20_000 }, () => {
  it('lists each plan with its next booking, and pauses, resumes and cancels', async () => {
    const user = userEvent.setup();
    let current = [plan(), plan({ id: 'p2', weekdays: [6, 7], wakeUpTime: '07:00', forfeitAmount: 10, status: 'PAUSED', nextDate: null })];
    const fetchMock = stubFetch({
      'GET /challenge-plans': {
        body: {
          success: true,
          data: {
            get plans() {
              return current;
            },
          },
        },
      },
      'POST /challenge-plans/p1/pause': { body: { success: true, data: { plan: plan({ status: 'PAUSED', nextDate: null }) } } },
      'POST /challenge-plans/p2/resume': { body: { success: true, data: { plan: plan({ id: 'p2', status: 'ACTIVE' }) } } },
      'DELETE /challenge-plans/p1': { body: { success: true, data: { plan: plan({ status: 'CANCELLED', nextDate: null }) } } },
    });
    render(<PlansList />);
    const items = await screen.findAllByTestId('plan-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Weekdays at 6:00 AM IST · ₹20 a morning');
    expect(items[0]).toHaveTextContent('booked 3 of 20 · skipped 1 (balance short)');
    expect(within(items[0]).getByTestId('plan-next')).toHaveTextContent('Next booking: Thu, 3 Dec (from your wallet at 8 PM the evening before).');
    expect(within(items[1]).getByTestId('plan-next')).toHaveTextContent('Paused: it books nothing until you resume it.');

    await user.click(within(items[0]).getByRole('button', { name: /^Pause plan/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Plan paused');
    await user.click(within(items[1]).getByRole('button', { name: /^Resume plan/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/challenge-plans/p2/resume'))).toBe(true),
    );

    current = [plan({ status: 'CANCELLED', nextDate: null })];
    await user.click(within(items[0]).getByRole('button', { name: /^Cancel plan/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this plan?' });
    expect(confirm).toHaveTextContent('Mornings already booked stay booked');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/challenge-plans/p1'))).toBe(true),
    );
    await waitFor(() => expect(screen.getAllByTestId('plan-item')).toHaveLength(1));
    expect(screen.getByTestId('plan-item')).toHaveAttribute('data-status', 'CANCELLED');
    expect(within(screen.getByTestId('plan-item')).queryByRole('button')).toBeNull();
  });

  it('says so when there are none', async () => {
    stubFetch({ 'GET /challenge-plans': { body: { success: true, data: { plans: [] } } } });
    render(<PlansList />);
    expect(await screen.findByText('No plans yet.')).toBeInTheDocument();
  });
});

describe('dashboard: active plans', { timeout: 20_000 }, () => {
  it('shows running plans (active or paused) with their next booking, not cancelled or finished ones', async () => {
    stubFetch({
      'GET /challenge-plans': {
        body: {
          success: true,
          data: {
            plans: [
              plan(),
              plan({ id: 'p2', status: 'PAUSED', nextDate: null }),
              plan({ id: 'p3', status: 'CANCELLED', nextDate: null }),
              plan({ id: 'p4', nextDate: null }),
            ],
          },
        },
      },
    });
    render(<ActivePlansCard />);
    const rows = await screen.findAllByTestId('active-plan');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Next booking: Thu, 3 Dec');
    expect(rows[1]).toHaveTextContent('PAUSED');
    expect(screen.getByRole('link', { name: 'Manage plans' })).toHaveAttribute('href', '/challenge#plans');
  });
});

describe('plans: first load and a failed load', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a first load is a skeleton (no spinner, no "No plans yet")', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { unmount } = render(<PlansList />);
    expect(screen.getByTestId('plans-loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your plans...');
    expect(screen.queryByText('No plans yet.')).toBeNull();
    unmount();
    render(<ActivePlansCard />);
    expect(screen.getByTestId('active-plans-loading')).toBeInTheDocument();
    expect(screen.queryByText(/No repeating plans/)).toBeNull();
  });

  it('a failed load is said as such, and Retry loads the plans', async () => {
    const user = userEvent.setup();
    const routes: Parameters<typeof stubFetch>[0] = { 'GET /challenge-plans': serverError };
    stubFetch(routes);
    render(<PlansList />);
    expect(await screen.findByTestId('load-failed')).toHaveTextContent("We couldn't load your plans.");
    expect(screen.queryByText('No plans yet.')).toBeNull();
    routes['GET /challenge-plans'] = { body: { success: true, data: { plans: [plan()] } } };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('plan-item')).toHaveTextContent('Weekdays at 6:00 AM IST');
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });

  it('on the dashboard too: an error with Retry, never "No repeating plans"', async () => {
    const user = userEvent.setup();
    const routes: Parameters<typeof stubFetch>[0] = { 'GET /challenge-plans': serverError };
    stubFetch(routes);
    render(<ActivePlansCard />);
    expect(await screen.findByTestId('load-failed')).toHaveTextContent("We couldn't load your plans.");
    expect(screen.queryByText(/No repeating plans/)).toBeNull();
    routes['GET /challenge-plans'] = { body: { success: true, data: { plans: [] } } };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No repeating plans/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up a plan' })).toBeInTheDocument();
  });
});
