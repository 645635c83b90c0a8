import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { isUuid } from '../../../common/uuid.js';
import { GetUsersQuery } from '../../identity/queries/get-users/get-users.query.js';
import { firstName } from '../domain/group-rules.js';
import { GroupErrors } from '../groups.errors.js';
import { GroupRow, GroupsRepository } from '../infrastructure/groups.repository.js';
import { RefereeRepository, RefereeRequestRow, RefereeStatus } from '../infrastructure/referee.repository.js';

export interface InviteView {
  inviteToken: string;
  /** the link as APP_URL reads it (the client builds the same path on its own origin) */
  inviteUrl: string;
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

/**
 * What the module's command and query handlers share: the membership and referee-request lookups, leaving a locked
 * group, invite links and referee-request views. The use cases themselves are commands/ and queries/.
 */
@Injectable()
export class GroupsService {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  invite(g: Pick<GroupRow, 'inviteToken'>): InviteView {
    return { inviteToken: g.inviteToken, inviteUrl: `${this.config.appUrl.replace(/\/+$/, '')}/join/${g.inviteToken}` };
  }

  /** The group, when the user is a member; otherwise "not found" (a stranger learns nothing about it). */
  async memberGroup(userId: string, groupId: string): Promise<GroupRow> {
    if (!isUuid(groupId)) throw GroupErrors.notFound();
    const g = await this.groups.groupById(groupId);
    if (!g || !(await this.groups.isMember(g.id, userId))) throw GroupErrors.notFound();
    return g;
  }

  /** A request the referee may act on: theirs, and the two still share a group. */
  async requestForReferee(refereeId: string, requestId: string): Promise<RefereeRequestRow> {
    if (!isUuid(requestId)) throw GroupErrors.requestNotFound();
    const r = await this.referees.requestById(requestId);
    if (!r || r.refereeId !== refereeId || (await this.groups.sharedGroupIds(r.userId, refereeId)).length === 0) throw GroupErrors.requestNotFound();
    return r;
  }

  /** Leaving a group locked by the caller: the earliest member left becomes the owner; the last one out ends the group. */
  async leaveLocked(m: EntityManager, locked: GroupRow, userId: string): Promise<{ groupDeleted: boolean }> {
    if (!(await this.groups.removeMember(m, locked.id, userId))) throw GroupErrors.notFound();
    await this.referees.clearForMember(m, locked.id, userId);
    const rest = await this.groups.members(locked.id, m);
    if (rest.length === 0) {
      await this.groups.deleteGroup(m, locked.id);
      return { groupDeleted: true };
    }
    if (locked.ownerId === userId) await this.groups.setOwner(m, locked.id, rest[0].userId);
    return { groupDeleted: false };
  }

  async requestViews(rows: RefereeRequestRow[]): Promise<RefereeRequestView[]> {
    const users = await this.queries.execute(new GetUsersQuery(rows.flatMap((r) => [r.userId, r.refereeId])));
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
}
