import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/api-stub';
import { fakeAuth, makeUser, renderWithProviders } from '@/testing/test-utils';
import { AppealsPanel } from './appeals-panel';

vi.setConfig({ testTimeout: 30_000 });

const A = '33333333-3333-4333-8333-333333333333';
const B = '44444444-4444-4444-8444-444444444444';
const row = (id: string, email: string, reason: string) => ({
  id,
  challengeId: `c-${id}`,
  status: 'OPEN',
  reason,
  decisionNote: null,
  createdAt: '2026-01-14T06:31:00.000Z',
  decidedAt: null,
  userId: `u-${id}`,
  decidedBy: null,
  user: { email, fullName: email.split('@')[0] },
  challenge: { challengeDate: '2026-01-14', wakeUpTime: '06:00', forfeitAmount: 100, status: 'PROCESSED', failureReason: 'No check-in', checkInTime: null },
});
const auth = fakeAuth({ user: makeUser({ role: 'SUPPORT' }) });

describe('AppealsPanel', () => {
  it('lists the open appeals with user, morning and reason, and refunds one with a required note; the row shows the decision', async () => {
    const api = stubApi((call) => {
      if (call.path === '/support/appeals')
        return {
          body: {
            success: true,
            data: { appeals: [row(A, 'asha@example.com', 'The app showed an error at 05:50.'), row(B, 'bala@example.com', 'My phone died.')] },
          },
        };
      if (call.path === `/support/appeals/${A}/decision`)
        return {
          body: {
            success: true,
            data: { ...row(A, 'asha@example.com', ''), status: 'REFUNDED', decisionNote: 'Our logs agree.', decidedAt: '2026-01-14T07:00:00.000Z' },
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AppealsPanel />, { auth });
    expect(await screen.findByText('The app showed an error at 05:50.')).toBeInTheDocument();
    expect(api.calls[0].query.get('status')).toBe('OPEN');
    expect(screen.getByText('bala@example.com')).toBeInTheDocument();
    expect(screen.getAllByText(/6:00 am IST · ₹100 staked · No check-in/i)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Decide the appeal of asha@example.com' }));
    const form = screen.getByTestId('decide-form');
    const refund = within(form).getByRole('button', { name: 'Refund' });
    expect(refund).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Uphold the miss' })).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: /note to the user/i }), 'Our logs agree.');
    await user.click(refund);

    expect(await screen.findByText(/Refunded: the appeal of asha@example.com/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ decision: 'REFUNDED', note: 'Our logs agree.' });
    const decided = screen.getAllByTestId('appeal-row').find((r) => r.getAttribute('data-status') === 'REFUNDED')!;
    expect(within(decided).getByText('Our logs agree.')).toBeInTheDocument();
    expect(within(decided).getByText('Refunded')).toBeInTheDocument(); // the status in words, not the code
    expect(decided).not.toHaveTextContent('REFUNDED');
    expect(within(decided).queryByRole('button', { name: /Decide/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decide the appeal of bala@example.com' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a decision (decided already) and keeps the form", async () => {
    stubApi((call) => {
      if (call.path === '/support/appeals') return { body: { success: true, data: { appeals: [row(B, 'bala@example.com', 'My phone died.')] } } };
      if (call.path === `/support/appeals/${B}/decision`)
        return { status: 400, body: { success: false, statusCode: 400, error: 'This appeal has been decided already (REFUNDED)' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AppealsPanel />, { auth });
    await user.click(await screen.findByRole('button', { name: 'Decide the appeal of bala@example.com' }));
    await user.type(screen.getByRole('textbox', { name: /note to the user/i }), 'A dead phone is not an outage.');
    await user.click(screen.getByRole('button', { name: 'Uphold the miss' }));
    expect(await screen.findByText('This appeal has been decided already (REFUNDED)')).toBeInTheDocument();
    expect(screen.getByTestId('decide-form')).toBeInTheDocument();
  });

  it('shows the appeal photo and the check-in photo only when staff ask for them', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() });
    const late = {
      ...row(B, 'bala@example.com', 'I checked in at 06:11, one minute late.'),
      hasPhoto: true,
      challenge: { ...row(B, '', '').challenge, checkInTime: '2026-01-14T00:41:00.000Z', hasPhoto: true },
    };
    const api = stubApi((call) => {
      if (call.path === '/support/appeals') return { body: { success: true, data: { appeals: [late] } } };
      if (call.path === `/support/challenges/c-${B}/photo`) return { body: 'bytes' };
      if (call.path === `/support/appeals/${B}/photo`) return { body: 'bytes' };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<AppealsPanel />, { auth });
    expect(await screen.findByText(/checked in 14 Jan 2026, 6:11 AM IST · photo stored/)).toBeInTheDocument();
    expect(screen.getByText('with a photo (see Decide)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decide the appeal of bala@example.com' }));
    expect(api.calls.some((c) => c.path.endsWith('/photo'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Show the check-in photo' }));
    expect(await screen.findByRole('img', { name: 'Check-in photo of bala@example.com' })).toHaveAttribute('src', 'blob:photo');
    expect(screen.getByRole('link', { name: 'Open the check-in photo full size' })).toHaveAttribute('href', 'blob:photo');
    expect(api.calls.some((c) => c.path === `/support/appeals/${B}/photo`)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Show the appeal photo' }));
    expect(await screen.findByRole('img', { name: 'Appeal photo of bala@example.com' })).toBeInTheDocument();
  });

  it('says a failed load with Retry, never "no appeals", and an empty queue as such', async () => {
    let fail = true;
    stubApi((call) => (call.path === '/support/appeals' ? (fail ? 'network-error' : { body: { success: true, data: { appeals: [] } } }) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<AppealsPanel />, { auth });
    expect(screen.getByRole('status', { name: 'Loading appeals' })).toBeInTheDocument();
    expect(await screen.findByText("We couldn't load the appeals.")).toBeInTheDocument();
    expect(screen.queryByText('No appeals are waiting.')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No appeals are waiting.')).toBeInTheDocument();
  });
});
