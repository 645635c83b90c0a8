import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { meKey } from '@/lib/auth/me-query';
import { fakeAuth, makeUser, renderWithProviders, stubFetch, testQueryClient } from '@/testing/test-utils';
import { TermsPrompt } from './terms-prompt';

vi.setConfig({ testTimeout: 20_000 });

/** Renders the prompt for `user`; the cache it returns holds the signed-in user once a save wrote it. */
const render = (user: ReturnType<typeof makeUser>, client = testQueryClient()) => {
  renderWithProviders(
    <MemoryRouter>
      <TermsPrompt />
    </MemoryRouter>,
    { auth: fakeAuth({ user }), client },
  );
  return client;
};

describe('TermsPrompt', () => {
  it('asks a person whose accepted version is older to accept the one in force, and records it', async () => {
    const fetchMock = stubFetch({
      'POST /auth/accept-terms': { body: { success: true, data: { ...makeUser(), termsVersion: '2026-11-26', mustAcceptTerms: false } } },
    });
    const client = render(makeUser({ termsVersion: '2025-01-01', currentTermsVersion: '2026-11-26', mustAcceptTerms: true }));
    expect(screen.getByRole('region', { name: 'Terms to accept' })).toHaveTextContent('We have updated our Terms of use and Privacy policy.');
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept the terms' }));
    await waitFor(() => expect(client.getQueryData(meKey)).toEqual(expect.objectContaining({ mustAcceptTerms: false, termsVersion: '2026-11-26' })));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/auth/accept-terms'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ termsVersion: '2026-11-26' });
  });

  it('says so when nothing was accepted yet, and stays away once the version in force is accepted', () => {
    render(makeUser({ termsVersion: null, currentTermsVersion: '2026-11-26', mustAcceptTerms: true }));
    expect(screen.getByText('Please accept our Terms of use and Privacy policy.')).toBeInTheDocument();
  });

  it('shows nothing to a person who accepted the version in force', () => {
    render(makeUser({ termsVersion: '2026-11-26', currentTermsVersion: '2026-11-26', mustAcceptTerms: false }));
    expect(screen.queryByRole('region', { name: 'Terms to accept' })).toBeNull();
  });
});
