import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sentBody } from '@/testing/render-routes';
import { meKey } from '@/lib/auth';
import { fakeAuth, makeUser, renderWithProviders, stubFetch, testQueryClient } from '@/testing/test-utils';
import { ReminderChannels, reminderChannelMessages } from './reminder-channels';

// The shared machine is often busy: allow slow renders.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const baseSettings = {
  notifications: { email: true, challengeReminders: true, walletUpdates: true },
  privacy: { showOnLeaderboard: false, shareUsageData: false },
};
const userWith = (reminders?: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  makeUser({ isEmailVerified: true, ...extra, settings: { ...baseSettings, ...(reminders ? { reminders } : {}) } as never });
const savedAnswer = (reminders: Record<string, unknown>) => ({
  body: { success: true, message: 'Profile updated successfully', data: { settings: { ...baseSettings, reminders } } },
});
const box = (name: RegExp) => screen.getByRole('checkbox', { name });

describe('Settings › Reminder channels', () => {
  it('shows the defaults for an account that never chose (push and mail on, no quiet hours) and sends nothing on its own', () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<ReminderChannels />, { auth: fakeAuth({ user: userWith() }) });
    expect(box(/^push reminders/i)).toBeChecked();
    expect(box(/^mail when push cannot reach me/i)).toBeChecked();
    expect(box(/^quiet hours/i)).not.toBeChecked();
    expect(screen.getByText(/never cover your own booked check-in window/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('switches push off with one save of that field only, and keeps the saved settings in the session', async () => {
    const fetchMock = stubFetch({ 'PUT /auth/profile': savedAnswer({ push: false, mail: true, quietHours: null }) });
    const client = testQueryClient();
    renderWithProviders(<ReminderChannels />, { auth: fakeAuth({ user: userWith({ push: true, mail: true, quietHours: null }) }), client });
    await userEvent.setup().click(box(/^push reminders/i));
    expect(await screen.findByText(reminderChannelMessages.saved)).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PUT /auth/profile')).toEqual({ settings: { reminders: { push: false } } });
    expect(client.getQueryData(meKey)).toEqual(
      expect.objectContaining({ settings: expect.objectContaining({ reminders: { push: false, mail: true, quietHours: null } }) }),
    );
  });

  it('saves quiet hours that cross midnight, and refuses equal times before calling', async () => {
    const fetchMock = stubFetch({ 'PUT /auth/profile': savedAnswer({ push: true, mail: true, quietHours: { start: '23:00', end: '06:30' } }) });
    renderWithProviders(<ReminderChannels />, { auth: fakeAuth({ user: userWith({ push: true, mail: true, quietHours: null }) }) });
    const user = userEvent.setup();
    await user.click(box(/^quiet hours/i));
    const from = screen.getByLabelText('Quiet from') as HTMLInputElement;
    const until = screen.getByLabelText('Quiet until') as HTMLInputElement;
    expect([from.value, until.value]).toEqual(['22:00', '07:00']); // a suggestion, not yet saved
    await user.clear(until);
    await user.type(until, '22:00');
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(screen.getByRole('alert')).toHaveTextContent(reminderChannelMessages.sameTimes);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(from);
    await user.type(from, '23:00');
    await user.clear(until);
    await user.type(until, '06:30');
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'PUT /auth/profile')).toEqual({ settings: { reminders: { quietHours: { start: '23:00', end: '06:30' } } } }),
    );
  });

  it('clears saved quiet hours when switched off, and shows the server refusal', async () => {
    const fetchMock = stubFetch({
      'PUT /auth/profile': { status: 400, body: { success: false, statusCode: 400, error: 'settings.reminders.quietHours: start and end must differ' } },
    });
    renderWithProviders(<ReminderChannels />, {
      auth: fakeAuth({ user: userWith({ push: true, mail: false, quietHours: { start: '22:00', end: '07:00' } }) }),
    });
    expect(box(/^quiet hours/i)).toBeChecked();
    expect(box(/^mail when push cannot reach me/i)).not.toBeChecked();
    expect(screen.getByText(/Now quiet from 22:00 until 07:00 IST/)).toBeInTheDocument();
    await userEvent.setup().click(box(/^quiet hours/i));
    expect(sentBody(fetchMock, 'PUT /auth/profile')).toEqual({ settings: { reminders: { quietHours: null } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('settings.reminders.quietHours: start and end must differ');
  });

  it('says that reminder mail needs a verified address', () => {
    stubFetch({});
    renderWithProviders(<ReminderChannels />, { auth: fakeAuth({ user: userWith(undefined, { isEmailVerified: false }) }) });
    expect(screen.getByText(/Only to a verified email address/)).toBeInTheDocument();
  });
});
