import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, makeUser, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { ShieldsCard } from './shields-card';
import { UseShieldButton } from './use-shield-button';
import { LeaveSettings, StillAwakeSetting } from './wake-settings';
import { StillAwakePrompt } from './still-awake-prompt';

// The shared machine is often busy: allow slow renders.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const auth = () => ({ auth: fakeAuth({ user: makeUser() }) });
const shields = (held: number, over: object = {}) => ({
  body: { success: true, data: { held, max: 3, morningsPerShield: 7, nextShieldIn: 4, atCap: held === 3, earned: held, spent: 0, ...over } },
});
const callsTo = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === `/api/v1${path}`,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('wake shields on the dashboard', () => {
  it('shows the shields held and the mornings to the next one', async () => {
    stubFetch({ 'GET /shields': shields(2) });
    renderWithProviders(<ShieldsCard />, auth());
    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByText('4 more successful mornings in a row earn the next shield.')).toBeInTheDocument();
  });

  it('says so at the cap', async () => {
    stubFetch({ 'GET /shields': shields(3, { nextShieldIn: 7 }) });
    renderWithProviders(<ShieldsCard />, auth());
    expect(await screen.findByText(/You hold the most shields you can/)).toBeInTheDocument();
  });

  it('offers "Use a shield" before the window opens while one is held, and spends it', async () => {
    const fetchMock = stubFetch({
      'GET /shields': shields(1),
      'POST /challenges/c-1/shield': { body: { success: true, data: { refundedAmount: 20, shields: { held: 0 } } } },
    });
    renderWithProviders(
      <UseShieldButton challengeId="c-1" windowOpensAt="2026-11-23T00:15:00.000Z" label="2026-11-23" now={new Date('2026-11-22T12:00:00Z')} />,
      auth(),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a shield on 2026-11-23' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/challenges/c-1/shield')).toHaveLength(1));
  });

  it('offers no shield once the window has opened, or with none held', async () => {
    // renders once the shields are read (the query settles inside act), then looks for the button
    const settled = async (fetchMock: ReturnType<typeof stubFetch>) => {
      await waitFor(() => expect(callsTo(fetchMock, 'GET', '/shields')).toHaveLength(1));
      await act(() => new Promise<void>((r) => setTimeout(r, 0)));
    };
    let fetchMock = stubFetch({ 'GET /shields': shields(1) });
    const { unmount } = renderWithProviders(
      <UseShieldButton challengeId="c-1" windowOpensAt="2026-11-23T00:15:00.000Z" label="x" now={new Date('2026-11-23T00:15:00Z')} />,
      auth(),
    );
    await settled(fetchMock);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    fetchMock = stubFetch({ 'GET /shields': shields(0) });
    renderWithProviders(
      <UseShieldButton challengeId="c-1" windowOpensAt="2026-11-23T00:15:00.000Z" label="x" now={new Date('2026-11-22T00:15:00Z')} />,
      auth(),
    );
    await settled(fetchMock);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows the server's reason when the shield is refused", async () => {
    stubFetch({
      'GET /shields': shields(1),
      'POST /challenges/c-1/shield': {
        status: 400,
        body: { success: false, statusCode: 400, error: 'A shield must be used before the check-in window opens', message: 'x' },
      },
    });
    renderWithProviders(
      <UseShieldButton challengeId="c-1" windowOpensAt="2026-11-23T00:15:00.000Z" label="d" now={new Date('2026-11-22T12:00:00Z')} />,
      auth(),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a shield on d' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A shield must be used before the check-in window opens');
  });
});

describe('wake settings', () => {
  it('turns "Still awake?" on', async () => {
    const fetchMock = stubFetch({
      'GET /still-awake': { body: { success: true, data: { enabled: false } } },
      'PUT /still-awake': { body: { success: true, data: { enabled: true } } },
    });
    renderWithProviders(<StillAwakeSetting />, auth());
    const toggle = await screen.findByRole('checkbox', { name: /Ask me again after I check in/ });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Ask me again/ })).toBeChecked());
    const [, init] = callsTo(fetchMock, 'PUT', '/still-awake')[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ enabled: true });
  });

  it('lists leave days, books one and removes one', async () => {
    const list = {
      limitPerMonth: 4,
      cutoffTime: '20:00',
      days: [{ date: '2026-12-01', createdAt: '2026-11-20T00:00:00Z', removable: true }],
      usedByMonth: { '2026-12': 1 },
    };
    const fetchMock = stubFetch({
      'GET /leave': { body: { success: true, data: list } },
      'POST /leave': { status: 201, body: { success: true, data: { date: '2026-12-08', excused: [] } } },
      'DELETE /leave/2026-12-01': { body: { success: true, data: { date: '2026-12-01' } } },
    });
    renderWithProviders(<LeaveSettings />, auth());
    expect(await screen.findByText(/Up to 4 days a month, booked by 20:00 IST the evening before/)).toBeInTheDocument();
    expect(screen.getByText('2026-12-01')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Leave day'), '2026-12-08');
    await user.click(screen.getByRole('button', { name: 'Book leave' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/leave')).toHaveLength(1));
    expect(JSON.parse(String((callsTo(fetchMock, 'POST', '/leave')[0] as unknown as [string, RequestInit])[1].body))).toEqual({ date: '2026-12-08' });
    await user.click(screen.getByRole('button', { name: 'Remove leave on 2026-12-01' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/leave/2026-12-01')).toHaveLength(1));
  });

  it('shows why a leave day was refused', async () => {
    stubFetch({
      'GET /leave': { body: { success: true, data: { limitPerMonth: 4, cutoffTime: '20:00', days: [], usedByMonth: {} } } },
      'POST /leave': {
        status: 400,
        body: { success: false, statusCode: 400, error: 'You can take at most 4 days of leave a month (2026-12 is full)', message: 'x' },
      },
    });
    renderWithProviders(<LeaveSettings />, auth());
    expect(await screen.findByText('No leave booked.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Leave day'), '2026-12-08');
    await user.click(screen.getByRole('button', { name: 'Book leave' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can take at most 4 days of leave a month (2026-12 is full)');
  });
});

describe('still awake? on the dashboard', () => {
  it('shows the question while the server asks, and answers it', async () => {
    let answered = false;
    const asking = { challengeId: 'c-1', status: 'ASKING', askedAt: '2026-11-23T00:55:00.000Z', deadlineAt: '2026-11-23T01:05:00.000Z', answeredAt: null };
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'POST') answered = true;
      const body =
        method === 'POST' ? { success: true, data: { status: 'ANSWERED' } } : { success: true, data: answered ? { ...asking, status: 'ANSWERED' } : asking };
      expect(new URL(String(input), 'http://localhost').pathname).toBe('/api/v1/challenges/c-1/still-awake');
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<StillAwakePrompt challengeId="c-1" />, auth());
    expect(await screen.findByText('Still awake?')).toBeInTheDocument();
    expect(screen.getByText(/Answer by 6:35 am IST/i)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes, I’m awake' }));
    expect(await screen.findByText('Thanks: this morning counts.')).toBeInTheDocument();
  });

  it('shows nothing without a check (404) or before its moment', async () => {
    const fetchMock = stubFetch({
      'GET /challenges/c-2/still-awake': {
        body: { success: true, data: { challengeId: 'c-2', status: 'SCHEDULED', askedAt: null, deadlineAt: null, answeredAt: null } },
      },
    });
    const { container } = renderWithProviders(<StillAwakePrompt challengeId="c-2" />, auth());
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/challenges/c-2/still-awake')).toHaveLength(1));
    await act(() => new Promise<void>((r) => setTimeout(r, 0)));
    expect(container).toBeEmptyDOMElement();
    renderWithProviders(<StillAwakePrompt challengeId={null} />, auth());
    expect(callsTo(fetchMock, 'GET', '/challenges/c-2/still-awake')).toHaveLength(1);
  });
});

describe('wake screens: first load and a failed load', () => {
  const serverError = { status: 500, body: { success: false, statusCode: 500, error: 'Internal server error' } };
  const pending = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );

  it('first loads are skeletons in the content’s own shape: nothing to read or press, no false "off" or figures', () => {
    pending();
    renderWithProviders(
      <>
        <ShieldsCard />
        <StillAwakeSetting />
        <LeaveSettings />
      </>,
      auth(),
    );
    for (const [id, label] of [
      ['shields-loading', 'Loading your wake shields...'],
      ['still-awake-loading', 'Loading this setting...'],
      ['leave-loading', 'Loading your leave days...'],
    ]) {
      expect(screen.getByTestId(id)).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByTestId(id)).toHaveTextContent(label);
    }
    // the placeholder switch is inert: it cannot be reached or pressed while the real value is unknown
    expect(screen.queryByRole('checkbox', { name: /Ask me again/ })).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('the shields card says a failed load, and Retry shows the shields', async () => {
    const routes: Parameters<typeof stubFetch>[0] = { 'GET /shields': serverError };
    stubFetch(routes);
    renderWithProviders(<ShieldsCard />, auth());
    expect(await screen.findByTestId('load-failed')).toHaveTextContent("We couldn't load your wake shields.");
    expect(screen.queryByText(/ of 3/)).toBeNull();
    routes['GET /shields'] = shields(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });

  it('the wake settings say a failed load, never a switch shown off; Retry loads each', async () => {
    const routes: Parameters<typeof stubFetch>[0] = { 'GET /still-awake': serverError, 'GET /leave': serverError };
    stubFetch(routes);
    renderWithProviders(
      <>
        <StillAwakeSetting />
        <LeaveSettings />
      </>,
      auth(),
    );
    await waitFor(() => expect(screen.getAllByTestId('load-failed')).toHaveLength(2));
    expect(screen.getByText("We couldn't load this setting.")).toBeInTheDocument();
    expect(screen.getByText("We couldn't load your leave days.")).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Ask me again/ })).toBeNull();
    routes['GET /still-awake'] = { body: { success: true, data: { enabled: true } } };
    routes['GET /leave'] = { body: { success: true, data: { limitPerMonth: 3, cutoffTime: '21:00', days: [], usedByMonth: {} } } };
    const user = userEvent.setup();
    for (const retry of screen.getAllByRole('button', { name: 'Retry' })) await user.click(retry);
    expect(await screen.findByRole('checkbox', { name: /Ask me again after I check in/ })).toBeChecked();
    expect(await screen.findByText(/Up to 3 days a month, booked by 21:00 IST/)).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });

  it('"Still awake?" says when the check could not be read, and Retry shows the question', async () => {
    const asking = { challengeId: 'c-3', status: 'ASKING', askedAt: '2026-11-23T00:55:00.000Z', deadlineAt: '2026-11-23T01:05:00.000Z', answeredAt: null };
    const routes: Parameters<typeof stubFetch>[0] = { 'GET /challenges/c-3/still-awake': serverError };
    stubFetch(routes);
    renderWithProviders(<StillAwakePrompt challengeId="c-3" />, auth());
    expect(await screen.findByTestId('load-failed')).toHaveTextContent('Still awake?');
    routes['GET /challenges/c-3/still-awake'] = { body: { success: true, data: asking } };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('still-awake-prompt')).toHaveTextContent('Answer by');
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });
});
