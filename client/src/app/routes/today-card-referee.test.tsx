import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Challenge } from '@/features/challenges/api/types';
import { TodayChallengeCard } from '@/features/challenges/components/today-challenge-card';
import { AskReferee } from '@/features/groups/components/ask-referee';
import { CARD_DATE, istOn, makeCardChallenge, renderWithProviders, stubFetch } from '@/testing/test-utils';

// Today's card with the groups feature's referee controls in it, put together as the dashboard route does.

// The shared machine is often busy: allow slow renders.
configure({ asyncUtilTimeout: 5000 });

const DATE = CARD_DATE;
const ist = (t: string) => istOn(t);
const make = makeCardChallenge;

function renderCard(challenge: Challenge | null, now: Date) {
  return renderWithProviders(
    <MemoryRouter>
      <TodayChallengeCard
        challenge={challenge}
        now={now}
        onCheckIn={vi.fn(async () => {})}
        referee={challenge ? <AskReferee challenges={[challenge]} /> : null}
      />
    </MemoryRouter>,
  );
}

describe("Today's card: ask my referee about a photo check-in", { timeout: 20_000 }, () => {
  const photoCheckIn = (overrides: Partial<Challenge> = {}) =>
    make({ id: 'c-photo', status: 'COMPLETED', isSuccessful: true, verificationMethod: 'PHOTO', hasPhoto: true, ...overrides });
  const request = (status: 'PENDING' | 'CONFIRMED' | 'REJECTED', note: string | null = null) => ({
    id: 'r1',
    challengeId: 'c-photo',
    challengeDate: DATE,
    userId: 'u1',
    userName: 'Asha',
    refereeId: 'u2',
    refereeName: 'Bala',
    groupId: 'g1',
    status,
    note,
    createdAt: `${DATE}T00:40:00.000Z`,
    decidedAt: status === 'PENDING' ? null : `${DATE}T01:00:00.000Z`,
  });
  const overview = (asked: unknown[] = [], referee: unknown = { userId: 'u2', name: 'Bala', groupId: 'g1', groupName: 'Early birds' }) => ({
    body: { success: true, data: { referee, asked, toReview: [] } },
  });

  it('after a photo check-in: "Ask my referee" sends it, then the card shows it was asked', async () => {
    const fetchMock = stubFetch({
      'GET /groups/referee/overview': overview(),
      'POST /groups/referee/requests': { status: 201, body: { success: true, message: 'Sent to your referee', data: request('PENDING') } },
    });
    renderCard(photoCheckIn(), ist('06:20:00'));
    expect(await screen.findByText('Bala can confirm this photo check-in.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ask my referee' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).includes('/groups/referee/requests'));
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ challengeId: 'c-photo' });
    });
    expect(await screen.findByTestId('referee-state')).toHaveTextContent('AskedSent to Bala: waiting for an answer');
    expect(screen.queryByRole('button', { name: 'Ask my referee' })).toBeNull();
  });

  it("shows the referee's answer, with the note, once asked (no second ask)", async () => {
    stubFetch({ 'GET /groups/referee/overview': overview([request('REJECTED', 'Blurry')]) });
    renderCard(photoCheckIn(), ist('06:20:00'));
    const state = await screen.findByTestId('referee-state');
    expect(state).toHaveAttribute('data-status', 'REJECTED');
    expect(state).toHaveTextContent('Rejected by Bala: “Blurry”');
    expect(screen.queryByRole('button', { name: 'Ask my referee' })).toBeNull();
  });

  it('a refusal is shown in the server’s words', async () => {
    stubFetch({
      'GET /groups/referee/overview': overview(),
      'POST /groups/referee/requests': {
        status: 400,
        body: { success: false, statusCode: 400, error: 'Your referee has already been asked about this check-in' },
      },
    });
    renderCard(photoCheckIn(), ist('06:20:00'));
    await userEvent.click(await screen.findByRole('button', { name: 'Ask my referee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your referee has already been asked about this check-in');
  });

  it('nothing to ask without a referee, and no question at all for a check-in without a photo', async () => {
    const fetchMock = stubFetch({ 'GET /groups/referee/overview': overview([], null) });
    const { unmount } = renderCard(photoCheckIn(), ist('06:20:00'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/groups/referee/overview'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Ask my referee' })).toBeNull();
    unmount();
    fetchMock.mockClear();
    renderCard(photoCheckIn({ verificationMethod: 'MANUAL', hasPhoto: false }), ist('06:20:00'));
    expect(screen.getByTestId('today-label')).toHaveTextContent('Challenge Completed!');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/groups/referee'))).toBe(false);
    expect(screen.queryByTestId('ask-referee')).toBeNull();
  });
});

describe("Today's card when parts of it fail or are not live", { timeout: 20_000 }, () => {
  it('a referee state that could not be loaded says so with Retry (never nothing)', async () => {
    stubFetch({ 'GET /groups/referee/overview': { status: 503, body: { success: false, statusCode: 503, error: 'Service Unavailable' } } });
    renderCard(make({ id: 'c-photo', status: 'COMPLETED', isSuccessful: true, verificationMethod: 'PHOTO', hasPhoto: true }), ist('06:20:00'));
    const failed = await screen.findByTestId('ask-referee-failed');
    expect(failed).toHaveTextContent("We couldn't load your referee requests.");
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText(/Service Unavailable/)).toBeNull();
  });
});
