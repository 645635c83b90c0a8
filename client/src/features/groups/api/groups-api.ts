import { queryOptions } from '@tanstack/react-query';
import type { ApiData } from '@/types/api';
import { api, getBlob, unwrap } from '@/lib/api-client';

// The answers as the server's OpenAPI document describes them (src/openapi-contract/groups-responses.ts).
export type GroupList = ApiData<'/groups', 'get'>;
export type GroupSummary = GroupList['groups'][number];
export type GroupPage = ApiData<'/groups/{id}', 'get'>;
export type GroupMember = GroupPage['members'][number];
export type GroupDay = GroupMember['days'][number];
/** How a friend's morning went: never an amount. NONE is a day without a challenge. */
export type MorningOutcome = GroupDay['outcome'];
export type BoardRow = GroupPage['board'][number];
export type InvitePreview = ApiData<'/groups/invites/{token}', 'get'>;
export type RefereeOverview = ApiData<'/groups/referee/overview', 'get'>;
export type RefereeRequest = RefereeOverview['asked'][number];
export type RefereeStatus = RefereeRequest['status'];

const id = (s: string) => encodeURIComponent(s);

export const getGroups = async (signal?: AbortSignal) => unwrap<GroupList>(await api.get('/groups', { signal }));
export const getGroup = async (groupId: string, signal?: AbortSignal) => unwrap<GroupPage>(await api.get(`/groups/${id(groupId)}`, { signal }));
export const createGroup = async (name: string) => unwrap<GroupPage>(await api.post('/groups', { name }));
export const previewInvite = async (token: string, signal?: AbortSignal) => unwrap<InvitePreview>(await api.get(`/groups/invites/${id(token)}`, { signal }));
export const joinGroup = async (token: string) => unwrap<{ groupId: string; name: string; alreadyMember: boolean }>(await api.post('/groups/join', { token }));
export const newInvite = async (groupId: string) => unwrap<{ inviteToken: string; inviteUrl: string }>(await api.post(`/groups/${id(groupId)}/invite`));
export const leaveGroup = async (groupId: string) => unwrap<{ groupId: string; groupDeleted: boolean }>(await api.post(`/groups/${id(groupId)}/leave`));
export const removeMember = async (groupId: string, userId: string) =>
  unwrap<{ groupId: string; userId: string }>(await api.delete(`/groups/${id(groupId)}/members/${id(userId)}`));
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

export const groupsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: groupKeys.list(userId), queryFn: ({ signal }) => getGroups(signal), staleTime: 15_000 });
export const groupQueryOptions = (userId: string, groupId: string) =>
  queryOptions({ queryKey: groupKeys.one(userId, groupId), queryFn: ({ signal }) => getGroup(groupId, signal), staleTime: 15_000 });
export const invitePreviewQueryOptions = (userId: string, token: string) =>
  queryOptions({ queryKey: groupKeys.invite(userId, token), queryFn: ({ signal }) => previewInvite(token, signal), retry: false });
export const refereeQueryOptions = (userId: string) =>
  queryOptions({ queryKey: groupKeys.referee(userId), queryFn: ({ signal }) => getRefereeOverview(signal), staleTime: 15_000 });
