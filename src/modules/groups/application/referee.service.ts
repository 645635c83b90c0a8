import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../common/clock.js';
import { isUuid } from '../../../common/uuid.js';
import { PhotoStorage } from '../../../common/storage/photo-storage.js';
import { GetUsersQuery } from '../../identity/queries/get-users/get-users.query.js';
import { GetChallengeDetailQuery } from '../../challenges/queries/get-challenge-detail/get-challenge-detail.query.js';
import { firstName, parseNote } from '../domain/group-rules.js';
import { GroupErrors } from '../groups.errors.js';
import { GroupsRepository } from '../infrastructure/groups.repository.js';
import { RefereeRepository, RefereeRequestRow } from '../infrastructure/referee.repository.js';
import { GroupsService } from './groups.service.js';

/**
 * A referee: a member of a group the user is in, named by the user. Asked about a photo check-in, the referee
 * confirms or rejects it. The answer is a record shown to the group and to support; it moves no money (settlement
 * stays the server's clock rule).
 */
@Injectable()
export class RefereeService {
  constructor(
    @Inject(GroupsService) private readonly groups: GroupsService,
    @Inject(GroupsRepository) private readonly repo: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Names (or with null, clears) the user's referee: another member of this group. */
  async setReferee(userId: string, groupId: string, refereeId: unknown): Promise<{ userId: string; name: string; groupId: string } | null> {
    const g = await this.groups.memberGroup(userId, groupId);
    if (refereeId === undefined) throw GroupErrors.invalid("userId is required: a member's id, or null to have no referee");
    if (refereeId === null) {
      const current = await this.referees.refereeOf(userId);
      if (current) await this.referees.clearReferee(userId);
      return null;
    }
    if (typeof refereeId !== 'string' || !isUuid(refereeId)) throw GroupErrors.invalid("userId must be a member's id, or null to have no referee");
    if (refereeId === userId) throw GroupErrors.refereeSelf();
    if (!(await this.repo.isMember(g.id, refereeId))) throw GroupErrors.memberNotFound();
    const users = await this.queries.execute(new GetUsersQuery([refereeId]));
    const u = users.get(refereeId);
    if (!u || u.deleted) throw GroupErrors.memberNotFound();
    await this.referees.setReferee(userId, refereeId, g.id, this.clock.now());
    return { userId: refereeId, name: firstName(u.fullName), groupId: g.id };
  }

  /** Sends one of the user's photo check-ins to their referee (once a check-in). */
  async ask(userId: string, challengeId: unknown) {
    if (typeof challengeId !== 'string' || !isUuid(challengeId)) throw GroupErrors.invalid('challengeId must be the id of one of your challenges');
    const c = await this.queries.execute(new GetChallengeDetailQuery(challengeId));
    if (!c || c.userId !== userId) throw GroupErrors.challengeNotFound();
    if (c.verificationMethod !== 'PHOTO' || !c.photoPath || (c.status !== 'COMPLETED' && c.status !== 'PROCESSED')) throw GroupErrors.notAPhotoCheckIn();
    const referee = await this.referees.refereeOf(userId);
    if (!referee) throw GroupErrors.noReferee();
    const row = { id: randomUUID(), challengeId, challengeDate: c.challengeDate, userId, refereeId: referee.refereeId, groupId: referee.groupId, createdAt: this.clock.now() };
    if (!(await this.referees.insertRequest(row))) throw GroupErrors.alreadyAsked();
    return (await this.views([{ ...row, status: 'PENDING', note: null, decidedAt: null }]))[0];
  }

  /** A request the referee may act on: theirs, and the two still share a group. */
  private async forReferee(refereeId: string, requestId: string): Promise<RefereeRequestRow> {
    if (!isUuid(requestId)) throw GroupErrors.requestNotFound();
    const r = await this.referees.requestById(requestId);
    if (!r || r.refereeId !== refereeId || (await this.repo.sharedGroupIds(r.userId, refereeId)).length === 0) throw GroupErrors.requestNotFound();
    return r;
  }

  async decide(refereeId: string, requestId: string, verdict: 'CONFIRMED' | 'REJECTED', rawNote: unknown) {
    const parsed = parseNote(rawNote);
    if ('problem' in parsed) throw GroupErrors.invalid(parsed.problem);
    const r = await this.forReferee(refereeId, requestId);
    if (r.status !== 'PENDING') throw GroupErrors.alreadyDecided();
    const decided = await this.referees.decide(r.id, refereeId, verdict, parsed.note, this.clock.now());
    if (!decided) throw GroupErrors.alreadyDecided();
    return (await this.views([decided]))[0];
  }

  /** The check-in photo, for the referee asked (or the user themself). */
  async photo(actorId: string, requestId: string): Promise<Buffer> {
    if (!isUuid(requestId)) throw GroupErrors.requestNotFound();
    const own = await this.referees.requestById(requestId);
    const r = own && own.userId === actorId ? own : await this.forReferee(actorId, requestId);
    const c = await this.queries.execute(new GetChallengeDetailQuery(r.challengeId));
    if (!c?.photoPath) throw GroupErrors.photoNotFound();
    const bytes = await this.photos.get(c.photoPath);
    if (!bytes) throw GroupErrors.photoNotFound();
    return bytes;
  }

  /** My referee, what I asked, and what I am asked to look at. */
  async overview(userId: string) {
    const [mine, asked, toReview] = await Promise.all([this.referees.refereeOf(userId), this.referees.requestsBy(userId), this.referees.requestsTo(userId)]);
    const users = mine ? await this.queries.execute(new GetUsersQuery([mine.refereeId])) : new Map();
    const g = mine ? await this.repo.groupById(mine.groupId) : null;
    return {
      referee: mine && g ? { userId: mine.refereeId, name: firstName(users.get(mine.refereeId)?.fullName), groupId: g.id, groupName: g.name } : null,
      asked: await this.views(asked),
      toReview: await this.views(toReview),
    };
  }

  async views(rows: RefereeRequestRow[]) {
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
