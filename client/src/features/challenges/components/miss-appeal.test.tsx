import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/api-stub';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { appealDeadline, MissAppeal } from './miss-appeal';

vi.setConfig({ testTimeout: 20_000 });

const C = '22222222-2222-4222-8222-222222222222';
const path = `/challenges/${C}/appeal`;
const auth = fakeAuth({ user: makeUser() });
const NOW = Date.parse('2026-01-14T06:30:00Z');
const within = NOW + 3_600_000;
const appeal = (over: object = {}) => ({
  success: true,
  id: 'a1',
  challengeId: C,
  status: 'OPEN',
  reason: 'The app showed an error at 05:50.',
  decisionNote: null,
  createdAt: '2026-01-14T06:31:00Z',
  decidedAt: null,
  ...over,
});
const notFound = { status: 404, body: { success: false, statusCode: 404, error: 'Appeal not found' } };

const render = (deadline: number | null = within) =>
  renderWithProviders(<MissAppeal challengeId={C} deadline={deadline} label="14 Jan 2026" now={NOW} />, { auth });

describe('MissAppeal', () => {
  it('takes a dispute of a miss within 48 hours, with a reason of 10 characters or more, and shows it Open', async () => {
    let filed = false;
    const api = stubApi((call) => {
      if (call.path !== path) return undefined;
      if (call.method === 'POST') {
        filed = true;
        return { status: 201, body: appeal() };
      }
      return filed ? { body: appeal() } : notFound;
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Dispute this miss of 14 Jan 2026' }));
    await user.click(screen.getByRole('button', { name: 'Send dispute' }));
    expect(screen.getByText('Tell us what happened')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /what happened/i }), 'too short');
    await user.click(screen.getByRole('button', { name: 'Send dispute' }));
    expect(screen.getByText('Say what happened in at least 10 characters')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /what happened/i }), ': the app showed an error at 05:50.');
    await user.click(screen.getByRole('button', { name: 'Send dispute' }));
    expect(await screen.findByText('Dispute open')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'too short: the app showed an error at 05:50.' });
    expect(screen.queryByRole('button', { name: /Dispute this miss/ })).not.toBeInTheDocument();
  });

  it("shows a refunded dispute with support's note, and an upheld one with its note", async () => {
    stubApi((call) => (call.path === path ? { body: appeal({ status: 'REFUNDED', decisionNote: 'Our logs show the upload failed.' }) } : undefined));
    const first = render();
    expect(await screen.findByText('Dispute refunded')).toBeInTheDocument();
    expect(screen.getByText(/Our logs show the upload failed\./)).toBeInTheDocument();
    first.unmount();

    stubApi((call) => (call.path === path ? { body: appeal({ status: 'UPHELD', decisionNote: 'A dead phone is not an outage.' }) } : undefined));
    render(NOW - 1); // long past the 48 hours: the answer still shows
    expect(await screen.findByText('Dispute upheld')).toBeInTheDocument();
    expect(screen.getByText('Support upheld the miss: A dead phone is not an outage.')).toBeInTheDocument();
  });

  it('shows a skeleton while loading, and a failed load as a failure with Retry, never as "no dispute"', async () => {
    let fail = true;
    stubApi((call) => (call.path === path ? (fail ? { status: 500, body: { success: false, statusCode: 500, error: 'boom' } } : notFound) : undefined));
    const user = userEvent.setup();
    render();
    expect(screen.getByRole('status', { name: 'Checking for a dispute of 14 Jan 2026' })).toBeInTheDocument();
    expect(await screen.findByText("We couldn't load the dispute of this miss.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Dispute this miss/ })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Dispute this miss/ })).toBeInTheDocument();
  });

  it('offers no dispute once the 48 hours have passed', async () => {
    const api = stubApi((call) => (call.path === path ? notFound : undefined));
    render(NOW - 1);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByTestId('appeal-loading')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Dispute this miss/ })).not.toBeInTheDocument();
  });

  it('sends a photo with the reason as a form, and says so on the dispute', async () => {
    const api = stubApi((call) => {
      if (call.path !== path) return undefined;
      if (call.method === 'POST') return { status: 201, body: appeal({ hasPhoto: true }) };
      return notFound;
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: /Dispute this miss/ }));
    await user.type(screen.getByRole('textbox', { name: /what happened/i }), 'Here is the error the app showed me.');
    const shot = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'error.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/Photo \(optional/), shot);
    await user.click(screen.getByRole('button', { name: 'Send dispute' }));
    expect(await screen.findByText(/with a photo/)).toBeInTheDocument();
    const sent = api.calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('reason')).toBe('Here is the error the app showed me.');
    expect((sent.get('photo') as File).name).toBe('error.png');
  });

  it("shows the server's refusal in its own words", async () => {
    stubApi((call) => {
      if (call.path !== path) return undefined;
      if (call.method === 'POST')
        return { status: 400, body: { success: false, statusCode: 400, error: 'A miss can be appealed within 48 hours of its check-in window' } };
      return notFound;
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: /Dispute this miss/ }));
    await user.type(screen.getByRole('textbox', { name: /what happened/i }), 'My phone died overnight, sorry.');
    await user.click(screen.getByRole('button', { name: 'Send dispute' }));
    expect(await screen.findByText('A miss can be appealed within 48 hours of its check-in window')).toBeInTheDocument();
  });

  it('runs the 48 hours from the close of the check-in window', () => {
    expect(appealDeadline({ windowClosesAt: '2026-01-14T00:41:00Z', gracePeriodEndTime: '2026-01-14T00:40:00Z' })).toBe(Date.parse('2026-01-16T00:41:00Z'));
    expect(appealDeadline({ gracePeriodEndTime: '2026-01-14T00:40:00Z' })).toBe(Date.parse('2026-01-16T00:41:00Z'));
  });
});
