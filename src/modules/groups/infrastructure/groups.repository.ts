import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { isUuid } from '../../../common/uuid.js';
import { GroupErrors } from '../groups.errors.js';
import { RefereeRepository, type RefereeRequestRow } from './referee.repository.js';

export interface GroupRow {
  id: string;
  name: string;
  ownerId: string;
  inviteToken: string;
  createdAt: Date;
}

export interface MemberRow {
  userId: string;
  joinedAt: Date;
}

/** TypeORM's postgres query() answers UPDATE/DELETE … RETURNING with [rows, count] and SELECT with rows. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return (Array.isArray(result) ? result : []) as T[];
}

const GROUP_COLUMNS = `id, name, owner_id AS "ownerId", invite_token AS "inviteToken", created_at AS "createdAt"`;

/** Groups and their members (SQL over friend_groups and friend_group_members). */
@Injectable()
export class GroupsRepository {
  constructor(
    @InjectDataSource() readonly ds: DataSource,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
  ) {}

  /** The group, when the user is a member; otherwise "not found" (a stranger learns nothing about it). */
  async memberGroup(userId: string, groupId: string): Promise<GroupRow> {
    if (!isUuid(groupId)) throw GroupErrors.notFound();
    const g = await this.groupById(groupId);
    if (!g || !(await this.isMember(g.id, userId))) throw GroupErrors.notFound();
    return g;
  }

  /** A request the referee may act on: theirs, and the two still share a group. */
  async requestForReferee(refereeId: string, requestId: string): Promise<RefereeRequestRow> {
    if (!isUuid(requestId)) throw GroupErrors.requestNotFound();
    const r = await this.referees.requestById(requestId);
    if (!r || r.refereeId !== refereeId || (await this.sharedGroupIds(r.userId, refereeId)).length === 0) throw GroupErrors.requestNotFound();
    return r;
  }

  /** Leaving a group locked by the caller: the earliest member left becomes the owner; the last one out ends the group. */
  async leaveLocked(m: EntityManager, locked: GroupRow, userId: string): Promise<{ groupDeleted: boolean }> {
    if (!(await this.removeMember(m, locked.id, userId))) throw GroupErrors.notFound();
    await this.referees.clearForMember(m, locked.id, userId);
    const rest = await this.members(locked.id, m);
    if (rest.length === 0) {
      await this.deleteGroup(m, locked.id);
      return { groupDeleted: true };
    }
    if (locked.ownerId === userId) await this.setOwner(m, locked.id, rest[0].userId);
    return { groupDeleted: false };
  }

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /** Serializes a user's joins and creations, so the per-user limit holds under concurrency. */
  async lockUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('friend_groups:' || $1::text))`, [userId]);
  }

  async groupsCountOf(m: EntityManager, userId: string): Promise<number> {
    const [r] = (await m.query(`SELECT count(*)::int AS n FROM friend_group_members WHERE user_id = $1`, [userId])) as { n: number }[];
    return r.n;
  }

  async insertGroup(m: EntityManager, g: GroupRow): Promise<void> {
    await m.query(`INSERT INTO friend_groups (id, name, owner_id, invite_token, created_at) VALUES ($1, $2, $3, $4, $5)`, [
      g.id,
      g.name,
      g.ownerId,
      g.inviteToken,
      g.createdAt,
    ]);
  }

  async addMember(m: EntityManager, groupId: string, userId: string, now: Date): Promise<void> {
    await m.query(`INSERT INTO friend_group_members (group_id, user_id, joined_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [groupId, userId, now]);
  }

  async groupById(id: string, m: EntityManager = this.ds.manager, lock = false): Promise<GroupRow | null> {
    const [g] = (await m.query(`SELECT ${GROUP_COLUMNS} FROM friend_groups WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])) as GroupRow[];
    return g ?? null;
  }

  async groupByToken(m: EntityManager, token: string, lock = false): Promise<GroupRow | null> {
    const [g] = (await m.query(`SELECT ${GROUP_COLUMNS} FROM friend_groups WHERE invite_token = $1${lock ? ' FOR UPDATE' : ''}`, [token])) as GroupRow[];
    return g ?? null;
  }

  async members(groupId: string, m: EntityManager = this.ds.manager): Promise<MemberRow[]> {
    return (await m.query(`SELECT user_id AS "userId", joined_at AS "joinedAt" FROM friend_group_members WHERE group_id = $1 ORDER BY joined_at, user_id`, [
      groupId,
    ])) as MemberRow[];
  }

  async isMember(groupId: string, userId: string, m: EntityManager = this.ds.manager): Promise<boolean> {
    const rows = (await m.query(`SELECT 1 FROM friend_group_members WHERE group_id = $1 AND user_id = $2`, [groupId, userId])) as unknown[];
    return rows.length > 0;
  }

  /** Groups both users are in. */
  async sharedGroupIds(a: string, b: string, m: EntityManager = this.ds.manager): Promise<string[]> {
    const rows = (await m.query(
      `SELECT x.group_id AS id FROM friend_group_members x JOIN friend_group_members y ON y.group_id = x.group_id AND y.user_id = $2 WHERE x.user_id = $1`,
      [a, b],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** The groups a user is in, locked in id order (a closure leaves them all). */
  async lockGroupsOf(m: EntityManager, userId: string): Promise<GroupRow[]> {
    return (await m.query(
      `SELECT ${GROUP_COLUMNS} FROM friend_groups WHERE id IN (SELECT group_id FROM friend_group_members WHERE user_id = $1) ORDER BY id FOR UPDATE`,
      [userId],
    )) as GroupRow[];
  }

  async removeMember(m: EntityManager, groupId: string, userId: string): Promise<boolean> {
    return rowsOf(await m.query(`DELETE FROM friend_group_members WHERE group_id = $1 AND user_id = $2 RETURNING user_id`, [groupId, userId])).length > 0;
  }

  async setToken(m: EntityManager, groupId: string, token: string): Promise<void> {
    await m.query(`UPDATE friend_groups SET invite_token = $2 WHERE id = $1`, [groupId, token]);
  }

  async setOwner(m: EntityManager, groupId: string, ownerId: string): Promise<void> {
    await m.query(`UPDATE friend_groups SET owner_id = $2 WHERE id = $1`, [groupId, ownerId]);
  }

  async deleteGroup(m: EntityManager, groupId: string): Promise<void> {
    await m.query(`DELETE FROM friend_groups WHERE id = $1`, [groupId]);
  }

  async groupsOf(userId: string): Promise<(GroupRow & { memberCount: number; joinedAt: Date })[]> {
    return (await this.ds.query(
      `SELECT g.id, g.name, g.owner_id AS "ownerId", g.invite_token AS "inviteToken", g.created_at AS "createdAt", me.joined_at AS "joinedAt",
              (SELECT count(*)::int FROM friend_group_members x WHERE x.group_id = g.id) AS "memberCount"
         FROM friend_group_members me JOIN friend_groups g ON g.id = me.group_id
        WHERE me.user_id = $1 ORDER BY me.joined_at, g.id`,
      [userId],
    )) as (GroupRow & { memberCount: number; joinedAt: Date })[];
  }
}
