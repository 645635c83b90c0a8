import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster, toaster } from '@/components/ui/toaster';
import { fakeAuth, makeUser, renderWithProviders, stubFetch } from '@/testing/test-utils';
import type { GroupPage as GroupPageData } from '../api/groups-api';
import { GroupPage } from './group-page';
import { JoinPage } from './join-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => act(() => toaster.clear()));

const DAYS = ['2034-03-13', '2034-03-14', '2034-03-15', '2034-03-16', '2034-03-17', '2034-03-18', '2034-03-19'];
const TOKEN = 'a'.repeat(43);
const none = (date: string) => ({ date, outcome: 'NONE' as const, referee: null });

function group(overrides: Partial<GroupPageData> = {}): GroupPageData {
  return {
    id: 'g1',
    name: 'Early birds',
    isOwner: true,
    createdAt: '2034-03-10T04:00:00.000Z',
    memberCount: 2,
    limits: { membersPerGroup: 50 },
    inviteToken: TOKEN,
    inviteUrl: `http://localhost:3000/join/${TOKEN}`,
    week: { from: DAYS[0], to: DAYS[6], days: DAYS },
    today: DAYS[2],
    members: [
      {
        userId: 'u1',
        name: 'Asha',
        isOwner: true,
        isMe: true,
        joinedAt: '2034-03-10T04:00:00.000Z',
        madeThisWeek: 1,
        days: [
          { date: DAYS[0], outcome: 'MADE', challengeId: 'c1', hasPhoto: true, referee: null },
          { date: DAYS[1], outcome: 'MISSED', challengeId: 'c2', hasPhoto: false, referee: null },
          ...DAYS.slice(2).map(none),
        ],
      },
      {
        userId: 'u2',
        name: 'Bala',
        isOwner: false,
        isMe: false,
        joinedAt: '2034-03-11T04:00:00.000Z',
        madeThisWeek: 2,
        days: [
          { date: DAYS[0], outcome: 'MADE', referee: { requestId: 'r1', status: 'REJECTED', refereeName: 'Asha', note: 'Blurry' } },
          { date: DAYS[1], outcome: 'EXCUSED', referee: null },
          ...DAYS.slice(2).map(none),
        ],
      },
    ],
    board: [{ userId: 'u2', name: 'Bala', madeThisWeek: 2, streak: 4, rank: 1 }],
    boardHidden: 1,
    myReferee: { userId: 'u2', name: 'Bala', groupId: 'g1', inThisGroup: true },
    ...overrides,
  };
}

const renderAt = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/groups/:id" element={<GroupPage />} />
        <Route path="/join/:token" element={<JoinPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
    { auth: fakeAuth({ user: makeUser() }) },
  );

describe('group page', { timeout: 20_000 }, () => {
  it('shows the board of those who allow it, and every morning in words (never an amount)', async () => {
    stubFetch({ 'GET /groups/g1': { body: { success: true, data: group() } } });
    renderAt('/groups/g1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Early birds' })).toBeInTheDocument();
    const board = screen.getByTestId('weekly-board');
    expect(within(board).getAllByRole('row')).toHaveLength(2);
    expect(within(board).getByRole('rowheader', { name: 'Bala' })).toBeInTheDocument();
    expect(within(board).getByText('2 mornings')).toBeInTheDocument();
    expect(screen.getByText('1 member keeps off the board (their leaderboard setting).')).toBeInTheDocument();
    expect(screen.getByText('Asha, Monday, 13 March: Made it')).toBeInTheDocument();
    expect(screen.getByText('Asha, Tuesday, 14 March: Missed')).toBeInTheDocument();
    expect(screen.getByText('Bala, Monday, 13 March: Made it (rejected by the referee)')).toBeInTheDocument();
    expect(screen.getByText('Bala, Tuesday, 14 March: Excused')).toBeInTheDocument();
    expect(screen.getByText('Bala, Monday, 13 March: rejected by Asha (“Blurry”)')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/₹/);
    expect(screen.getByLabelText('Invite link')).toHaveValue(`${window.location.origin}/join/${TOKEN}`);
  });

  it('sends a photo check-in to my referee', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      'GET /groups/g1': { body: { success: true, data: group() } },
      'POST /groups/referee/requests': { status: 201, body: { success: true, data: { id: 'r2', status: 'PENDING' } } },
    });
    renderAt('/groups/g1');
    await user.click(await screen.findByRole('button', { name: 'Ask my referee about Monday, 13 March' }));
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).includes('/groups/referee/requests'));
      expect(JSON.parse(String(call?.[1]?.body))).toEqual({ challengeId: 'c1' });
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent('Sent to your referee');
  });

  it('a group one is not in is not found', async () => {
    stubFetch({});
    renderAt('/groups/g9');
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
  });
});

describe('invite page', { timeout: 20_000 }, () => {
  it('shows the group and joins it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch({
      [`GET /groups/invites/${TOKEN}`]: { body: { success: true, data: { groupId: 'g1', name: 'Early birds', memberCount: 3, isMember: false, full: false } } },
      'POST /groups/join': { body: { success: true, data: { groupId: 'g1', name: 'Early birds', alreadyMember: false } } },
      'GET /groups/g1': { body: { success: true, data: group({ isOwner: false }) } },
    });
    renderAt(`/join/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Early birds' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join group' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Early birds' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).includes('/groups/join'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: TOKEN });
  });

  it('says so when the link is no longer valid', async () => {
    stubFetch({
      [`GET /groups/invites/${TOKEN}`]: {
        status: 404,
        body: { success: false, statusCode: 404, error: 'This invite link is not valid any more: ask for a new one' },
      },
    });
    renderAt(`/join/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite link not valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This invite link is not valid any more: ask for a new one');
  });
});
