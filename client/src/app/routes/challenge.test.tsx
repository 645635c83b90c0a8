import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeAuth, makeChallenge, makeUser, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { Component as ChallengeRoute } from './challenge';

configure({ asyncUtilTimeout: 5000 });

// /challenge: the challenges feature's page with the groups feature's referee controls in it, as the route puts them.

const photo = (id: string, challengeDate: string) =>
  makeChallenge({ id, challengeDate, status: 'PROCESSED', isSuccessful: true, verificationMethod: 'PHOTO', hasPhoto: true });
const list = (challenges: unknown[]) => ({ body: { success: true, data: { challenges, page: 0, size: 50, total: challenges.length } } });

describe('challenge page: my referee', { timeout: 20_000 }, () => {
  it('lists my latest photo check-ins: the answered one with its answer, the others with "Ask my referee"', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      'GET /challenges/status/COMPLETED': list([]),
      'GET /challenges/status/PROCESSED': list([
        photo('c1', '2039-03-14'),
        photo('c2', '2039-03-15'),
        makeChallenge({ id: 'c3', challengeDate: '2039-03-16', status: 'PROCESSED', isSuccessful: true, verificationMethod: 'MANUAL' }),
      ]),
      'GET /groups/referee/overview': {
        body: {
          success: true,
          data: {
            referee: { userId: 'u2', name: 'Bala', groupId: 'g1', groupName: 'Early birds' },
            asked: [
              {
                id: 'r1',
                challengeId: 'c1',
                challengeDate: '2039-03-14',
                userId: 'u1',
                userName: 'Asha',
                refereeId: 'u2',
                refereeName: 'Bala',
                groupId: 'g1',
                status: 'CONFIRMED',
                note: null,
                createdAt: '2039-03-14T01:00:00.000Z',
                decidedAt: '2039-03-14T02:00:00.000Z',
              },
            ],
            toReview: [],
          },
        },
      },
      'POST /groups/referee/requests': {
        status: 201,
        body: {
          success: true,
          data: {
            id: 'r2',
            challengeId: 'c2',
            challengeDate: '2039-03-15',
            userId: 'u1',
            userName: 'Asha',
            refereeId: 'u2',
            refereeName: 'Bala',
            groupId: 'g1',
            status: 'PENDING',
            note: null,
            createdAt: '2039-03-15T01:00:00.000Z',
            decidedAt: null,
          },
        },
      },
    });
    renderWithProviders(
      <MemoryRouter>
        <ChallengeRoute />
      </MemoryRouter>,
      { auth: fakeAuth({ user: makeUser() }) },
    );
    const section = await screen.findByTestId('ask-referee');
    expect(within(section).getByRole('heading', { name: 'Your referee' })).toBeInTheDocument();
    expect(within(section).getByTestId('referee-state')).toHaveTextContent('Monday, 14 March: Confirmed by Bala');
    // the manual check-in has nothing to ask
    expect(within(section).queryByRole('button', { name: /16 March/ })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Ask my referee about Tuesday, 15 March' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).includes('/groups/referee/requests'));
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ challengeId: 'c2' });
    });
    await waitFor(() =>
      expect(
        within(section)
          .getAllByTestId('referee-state')
          .map((e) => e.textContent),
      ).toEqual(['AskedTuesday, 15 March: Sent to Bala: waiting for an answer', 'ConfirmedMonday, 14 March: Confirmed by Bala']),
    );
  });

  it('shows nothing about referees to a user without one', async () => {
    const fetchMock = stubFetch({
      'GET /challenges/status/COMPLETED': list([]),
      'GET /challenges/status/PROCESSED': list([photo('c1', '2039-03-14')]),
      'GET /groups/referee/overview': { body: { success: true, data: { referee: null, asked: [], toReview: [] } } },
    });
    renderWithProviders(
      <MemoryRouter>
        <ChallengeRoute />
      </MemoryRouter>,
      { auth: fakeAuth({ user: makeUser() }) },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Set Your Challenge' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/groups/referee/overview'))).toBe(true));
    expect(screen.queryByTestId('ask-referee')).toBeNull();
  });
});
