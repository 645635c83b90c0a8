import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../../config/app-config.js';
import { Clock } from '../../../common/clock.js';
import { isUuid } from '../../../common/uuid.js';
import { GROUP_LIMITS, parseGroupName } from '../domain/group-rules.js';
import { GroupErrors } from '../groups.errors.js';
import { GroupRow, GroupsRepository } from '../infrastructure/groups.repository.js';
import { RefereeRepository } from '../infrastructure/referee.repository.js';

/** 32 random bytes, base64url: an invite link cannot be guessed. */
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface InviteView {
  inviteToken: string;
  /** the link as APP_URL reads it (the client builds the same path on its own origin) */
  inviteUrl: string;
}

/** Creating, joining and leaving groups; invite links; the owner removing a member. */
@Injectable()
export class GroupsService {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  invite(g: Pick<GroupRow, 'inviteToken'>): InviteView {
    return { inviteToken: g.inviteToken, inviteUrl: `${this.config.appUrl.replace(/\/+$/, '')}/join/${g.inviteToken}` };
  }

  async create(userId: string, rawName: unknown): Promise<GroupRow> {
    const parsed = parseGroupName(rawName);
    if ('problem' in parsed) throw GroupErrors.invalid(parsed.problem);
    return this.groups.transaction(async (m) => {
      await this.groups.lockUser(m, userId);
      if ((await this.groups.groupsCountOf(m, userId)) >= GROUP_LIMITS.groupsPerUser) throw GroupErrors.tooManyGroups();
      const now = this.clock.now();
      const g: GroupRow = { id: randomUUID(), name: parsed.name, ownerId: userId, inviteToken: newToken(), createdAt: now };
      await this.groups.insertGroup(m, g);
      await this.groups.addMember(m, g.id, userId, now);
      return g;
    });
  }

  list(userId: string) {
    return this.groups.groupsOf(userId);
  }

  /** The group, when the user is a member; otherwise "not found" (a stranger learns nothing about it). */
  async memberGroup(userId: string, groupId: string): Promise<GroupRow> {
    if (!isUuid(groupId)) throw GroupErrors.notFound();
    const g = await this.groups.groupById(groupId);
    if (!g || !(await this.groups.isMember(g.id, userId))) throw GroupErrors.notFound();
    return g;
  }

  private static token(raw: unknown): string {
    if (raw === undefined || raw === null || raw === '') throw GroupErrors.invalid('token is required');
    if (typeof raw !== 'string') throw GroupErrors.invalid('token must be the invite code from the link');
    const token = raw.trim();
    if (!TOKEN.test(token)) throw GroupErrors.invalid('token must be the invite code from the link');
    return token;
  }

  /** What the invite page shows before joining. */
  async preview(userId: string, rawToken: string) {
    // a link that is no invite leads nowhere: 404, as for an invite since replaced
    const token = rawToken.trim();
    if (!TOKEN.test(token)) throw GroupErrors.inviteNotFound();
    const g = await this.groups.groupByToken(this.groups.ds.manager, token);
    if (!g) throw GroupErrors.inviteNotFound();
    const members = await this.groups.members(g.id);
    return { groupId: g.id, name: g.name, memberCount: members.length, isMember: members.some((x) => x.userId === userId), full: members.length >= GROUP_LIMITS.membersPerGroup };
  }

  /** Joins by invite token; joining a group one is already in changes nothing. */
  async join(userId: string, rawToken: unknown): Promise<{ group: GroupRow; alreadyMember: boolean }> {
    const token = GroupsService.token(rawToken);
    return this.groups.transaction(async (m) => {
      await this.groups.lockUser(m, userId);
      const g = await this.groups.groupByToken(m, token, true);
      if (!g) throw GroupErrors.inviteNotFound();
      if (await this.groups.isMember(g.id, userId, m)) return { group: g, alreadyMember: true };
      if ((await this.groups.groupsCountOf(m, userId)) >= GROUP_LIMITS.groupsPerUser) throw GroupErrors.tooManyGroups();
      if ((await this.groups.members(g.id, m)).length >= GROUP_LIMITS.membersPerGroup) throw GroupErrors.groupFull();
      await this.groups.addMember(m, g.id, userId, this.clock.now());
      return { group: g, alreadyMember: false };
    });
  }

  /** The owner makes a new link; the old one stops working at once. */
  async newInvite(userId: string, groupId: string): Promise<InviteView> {
    const g = await this.memberGroup(userId, groupId);
    if (g.ownerId !== userId) throw GroupErrors.ownerOnly('make a new invite link');
    const token = newToken();
    await this.groups.transaction((m) => this.groups.setToken(m, g.id, token));
    return this.invite({ inviteToken: token });
  }

  async removeMember(ownerId: string, groupId: string, memberId: string): Promise<void> {
    const g = await this.memberGroup(ownerId, groupId);
    if (g.ownerId !== ownerId) throw GroupErrors.ownerOnly('remove members');
    if (memberId === ownerId) throw GroupErrors.removeSelf();
    if (!isUuid(memberId)) throw GroupErrors.memberNotFound();
    await this.groups.transaction(async (m) => {
      await this.groups.groupById(g.id, m, true);
      if (!(await this.groups.removeMember(m, g.id, memberId))) throw GroupErrors.memberNotFound();
      await this.referees.clearForMember(m, g.id, memberId);
    });
  }

  /** Leaving: the earliest member left becomes the owner; the last one out ends the group. */
  async leave(userId: string, groupId: string): Promise<{ groupDeleted: boolean }> {
    const g = await this.memberGroup(userId, groupId);
    return this.groups.transaction(async (m) => {
      const locked = await this.groups.groupById(g.id, m, true);
      if (!locked) throw GroupErrors.notFound();
      return this.leaveLocked(m, locked, userId);
    });
  }

  /**
   * A closed account leaves every group (in the closure's transaction), as if it had left each one itself; it stops
   * being anyone's referee, and requests still waiting with or on it are withdrawn.
   */
  async leaveAll(m: EntityManager, userId: string): Promise<{ groupsLeft: number; groupsDeleted: number; pendingWithdrawn: number }> {
    await this.groups.lockUser(m, userId);
    let groupsDeleted = 0;
    const groups = await this.groups.lockGroupsOf(m, userId);
    for (const g of groups) if ((await this.leaveLocked(m, g, userId)).groupDeleted) groupsDeleted++;
    const { pendingWithdrawn } = await this.referees.endAllFor(m, userId);
    return { groupsLeft: groups.length, groupsDeleted, pendingWithdrawn };
  }

  private async leaveLocked(m: EntityManager, locked: GroupRow, userId: string): Promise<{ groupDeleted: boolean }> {
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
}
