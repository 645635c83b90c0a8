import type { UserSummary } from '../../identity/queries/get-user/get-user.query.js';
import type { RefereeRequestRow, RefereeStatus } from '../infrastructure/referee.repository.js';
import { firstName } from './group-rules.js';

export interface InviteView {
  inviteToken: string;
  /** the link as APP_URL reads it (the client builds the same path on its own origin) */
  inviteUrl: string;
}

export function inviteView(appUrl: string, g: { inviteToken: string }): InviteView {
  return { inviteToken: g.inviteToken, inviteUrl: `${appUrl.replace(/\/+$/, '')}/join/${g.inviteToken}` };
}

/** A referee request as the asker and the referee see it (first names only). */
export interface RefereeRequestView {
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

/** Whose names the requests' views need (ask the identity module with GetUsersQuery). */
export const requestPeople = (rows: RefereeRequestRow[]): string[] => rows.flatMap((r) => [r.userId, r.refereeId]);

export function refereeRequestViews(rows: RefereeRequestRow[], users: Map<string, Pick<UserSummary, 'fullName'>>): RefereeRequestView[] {
  return rows.map((r) => ({
    id: r.id,
    challengeId: r.challengeId,
    challengeDate: r.challengeDate,
    userId: r.userId,
    userName: firstName(users.get(r.userId)?.fullName),
    refereeId: r.refereeId,
    refereeName: firstName(users.get(r.refereeId)?.fullName),
    groupId: r.groupId,
    status: r.status,
    note: r.note,
    createdAt: new Date(r.createdAt).toISOString(),
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
  }));
}
