import { queryOptions } from '@tanstack/react-query';
import { api, getBlob, unwrap } from '@/lib/api-client';

/** How a friend's morning went: never an amount. NONE is a day without a challenge. */
export type MorningOutcome = 'MADE' | 'MISSED' | 'PENDING' | 'EXCUSED' | 'NONE';
export type RefereeStatus = 'PENDING' | 'CONFIRMED' | 'REJECTED';

export interface GroupSummary {
  id: string;
  name: string;
  isOwner: boolean;
  memberCount: number;
  joinedAt: string;
}

export interface GroupList {
  groups: GroupSummary[];
  limits: { groupsPerUser: number; membersPerGroup: number };
}

export interface GroupDay {
  date: string;
  outcome: MorningOutcome;
  /** only on the signed-in member's own mornings */
  challengeId?: string;
  hasPhoto?: boolean;
  referee: { requestId: string; status: RefereeStatus; refereeName: string; note: string | null } | null;
}

export interface GroupMember {
  userId: string;
  name: string;
  isOwner: boolean;
  isMe: boolean;
  joinedAt: string;
  madeThisWeek: number;
  days: GroupDay[];
}

export interface BoardRow {
  userId: string;
  name: string;
  madeThisWeek: number;
  streak: number;
  rank: number;
}

export interface GroupPage {
  id: string;
  name: string;
  isOwner: boolean;
  createdAt: string;
  memberCount: number;
  limits: { membersPerGroup: number };
  inviteToken: string;
  inviteUrl: string;
  week: { from: string; to: string; days: string[] };
  today: string;
  members: GroupMember[];
  board: BoardRow[];
  /** members whose leaderboard setting keeps them off the board */
  boardHidden: number;
  myReferee: { userId: string; name: string; groupId: string; inThisGroup: boolean } | null;
}

export interface InvitePreview {
  groupId: string;
  name: string;
  memberCount: number;
  isMember: boolean;
  full: boolean;
}

export interface RefereeRequest {
  id: string;
  challengeId: string;
  challengeDate: string;
  userId: string;
  userName: string;
  refereeId: string;
  refereeName: string;
  groupId: string;
  status: RefereeStatus;
  note: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface RefereeOverview {
  referee: { userId: string; name: string; groupId: string; groupName: string } | null;
  asked: RefereeRequest[];
  toReview: RefereeRequest[];
}

const id = (s: string) => encodeURIComponent(s);

export const getGroups = async (signal?: AbortSignal) => unwrap<GroupList>(await api.get('/groups', { signal }));
export const getGroup = async (groupId: string, signal?: AbortSignal) => unwrap<GroupPage>(await api.get(`/groups/${id(groupId)}`, { signal }));
export const createGroup = async (name: string) => unwrap<GroupPage>(await api.post('/groups', { name }));
export const previewInvite = async (token: string, signal?: AbortSignal) => unwrap<InvitePreview>(await api.get(`/groups/invites/${id(token)}`, { signal }));
export const joinGroup = async (token: string) => unwrap<{ groupId: string; name: string; alreadyMember: boolean }>(await api.post('/groups/join', { token }));
export const newInvite = async (groupId: string) => unwrap<{ inviteToken: string; inviteUrl: string }>(await api.post(`/groups/${id(groupId)}/invite`));
export const leaveGroup = async (groupId: string) => unwrap<{ groupId: string; groupDeleted: boolean }>(await api.post(`/groups/${id(groupId)}/leave`));
export const removeMember = async (groupId: string, userId: string) => unwrap<{ groupId: string; userId: string }>(await api.delete(`/groups/${id(groupId)}/members/${id(userId)}`));
export const setReferee = async (groupId: string, userId: string | null) =>
  unwrap<{ referee: { userId: string; name: string; groupId: string } | null }>(await api.put(`/groups/${id(groupId)}/referee`, { userId }));
export const getRefereeOverview = async (signal?: AbortSignal) => unwrap<RefereeOverview>(await api.get('/groups/referee/overview', { signal }));
export const askReferee = async (challengeId: string) => unwrap<RefereeRequest>(await api.post('/groups/referee/requests', { challengeId }));
export const answerReferee = async (requestId: string, verdict: 'confirm' | 'reject', note?: string) =>
  unwrap<RefereeRequest>(await api.post(`/groups/referee/requests/${id(requestId)}/${verdict}`, note ? { note } : {}));
/** The check-in photo as bytes (a plain <img src> cannot carry the bearer token). */
export const getRequestPhoto = async (requestId: string) => (await getBlob(`/groups/referee/requests/${id(requestId)}/photo`)).blob;

/** Keyed by the signed-in user too: another account in the same tab never sees this one's groups. */
export const groupKeys = {
  all: (userId: string) => ['groups', userId] as const,
  list: (userId: string) => ['groups', userId, 'list'] as const,
  one: (userId: string, groupId: string) => ['groups', userId, 'one', groupId] as const,
  invite: (userId: string, token: string) => ['groups', userId, 'invite', token] as const,
  referee: (userId: string) => ['groups', userId, 'referee'] as const,
};

export const groupsQueryOptions = (userId: string) => queryOptions({ queryKey: groupKeys.list(userId), queryFn: ({ signal }) => getGroups(signal), staleTime: 15_000 });
export const groupQueryOptions = (userId: string, groupId: string) =>
  queryOptions({ queryKey: groupKeys.one(userId, groupId), queryFn: ({ signal }) => getGroup(groupId, signal), staleTime: 15_000 });
export const invitePreviewQueryOptions = (userId: string, token: string) =>
  queryOptions({ queryKey: groupKeys.invite(userId, token), queryFn: ({ signal }) => previewInvite(token, signal), retry: false });
export const refereeQueryOptions = (userId: string) => queryOptions({ queryKey: groupKeys.referee(userId), queryFn: ({ signal }) => getRefereeOverview(signal), staleTime: 15_000 });
