import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { input, renderRoute, sentBody, typeIn } from '@/testing/render-routes';
import { meKey } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { fakeAuth, makeUser, stubFetch, testQueryClient } from '@/testing/test-utils';
import { ProfilePage } from './profile-page';

// Form flows with Chakra in jsdom are slow on a busy machine: more room than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const user = makeUser({ city: 'Pune', occupation: 'student', balance: 1250, currentStreak: 3, longestStreak: 7, totalChallenges: 10, successRate: 80 });
const click = (name: string) => userEvent.setup().click(screen.getByRole('button', { name }));

describe('/profile', () => {
  it('shows the details and the statistics', () => {
    // the balance comes from the wallet's cache entry, as on every page
    const client = testQueryClient();
    client.setQueryData(queryKeys.wallet.balance(user.id), 1250);
    renderRoute('/profile', <ProfilePage />, { auth: fakeAuth({ user }), client });
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText('Pune')).toBeInTheDocument();
    expect(screen.getByText('Student')).toBeInTheDocument();
    expect(screen.getByText('₹1,250')).toBeInTheDocument();
    expect(screen.getByText('3 days')).toBeInTheDocument();
    expect(screen.getByText('80%')).toBeInTheDocument();
  });

  it('a long email may wrap anywhere instead of overflowing on a phone', () => {
    const email = 'a.very.long.address.for.a.narrow.phone.screen@some-long-company-domain.example.com';
    renderRoute('/profile', <ProfilePage />, { auth: fakeAuth({ user: { ...user, email } }) });
    const value = screen.getByTestId('profile-email');
    expect(value).toHaveTextContent(email);
    expect(getComputedStyle(value).overflowWrap).toBe('anywhere');
  });

  it('Save sends only what changed to PUT /auth/profile and shows the result', async () => {
    const saved = { ...user, city: 'Mumbai' };
    const fetchMock = stubFetch({ 'PUT /auth/profile': { body: { success: true, message: 'Profile updated successfully', data: saved } } });
    const client = testQueryClient();
    renderRoute('/profile', <ProfilePage />, { auth: fakeAuth({ user }), client });
    await click('Edit');
    typeIn(input(/^city/i), 'Mumbai');
    await click('Save');
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(sentBody(fetchMock, 'PUT /auth/profile')).toEqual({ city: 'Mumbai' });
    expect(client.getQueryData(meKey)).toEqual(expect.objectContaining({ city: 'Mumbai' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('offers student, working-professional and other as occupations', async () => {
    renderRoute('/profile', <ProfilePage />, { auth: fakeAuth({ user }) });
    await click('Edit');
    const options = [...(screen.getByLabelText(/^occupation/i, { selector: 'select' }) as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(options).toEqual(['student', 'working-professional', 'other']);
  });

  it('Cancel restores the saved values and calls nothing', async () => {
    const fetchMock = stubFetch({});
    renderRoute('/profile', <ProfilePage />, { auth: fakeAuth({ user }) });
    await click('Edit');
    typeIn(input(/^city/i), 'Delhi');
    await click('Cancel');
    expect(screen.getByText('Pune')).toBeInTheDocument();
    await click('Edit');
    expect(input(/^city/i)).toHaveValue('Pune');
    expect(fetchMock).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'PUT' }));
  });

  it("shows the server's message when the save is refused, and stays in edit mode", async () => {
    stubFetch({ 'PUT /auth/profile': { status: 400, body: { success: false, statusCode: 400, error: 'City is required' } } });
    renderRoute('/profile', <ProfilePage />, { auth: fakeAuth({ user }) });
    await click('Edit');
    typeIn(input(/^city/i), '');
    await click('Save');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('City is required'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("'Failed to save profile. Please try again.' on a server error", async () => {
    stubFetch({ 'PUT /auth/profile': { status: 500, body: {} } });
    renderRoute('/profile', <ProfilePage />, { auth: fakeAuth({ user }) });
    await click('Edit');
    typeIn(input(/^city/i), 'Chennai');
    await click('Save');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to save profile. Please try again.'));
  });
});
