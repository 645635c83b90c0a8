import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { PhotoStorage } from '../../../../common/storage/photo-storage.js';
import { isUuid } from '../../../../common/uuid.js';
import { GetChallengeDetailQuery } from '../../../challenges/day/queries/get-challenge-detail/get-challenge-detail.query.js';
import { GroupErrors } from '../../groups.errors.js';
import { RefereeRepository } from '../../infrastructure/referee.repository.js';
import { GetRefereePhotoQuery } from './get-referee-photo.query.js';
import { GroupsRepository } from '../../infrastructure/groups.repository.js';

@QueryHandler(GetRefereePhotoQuery)
export class GetRefereePhotoHandler implements IQueryHandler<GetRefereePhotoQuery, Buffer> {
  constructor(
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(RefereeRepository) private readonly referees: RefereeRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PhotoStorage) private readonly photos: PhotoStorage,
  ) {}

  async execute({ actorId, requestId }: GetRefereePhotoQuery): Promise<Buffer> {
    if (!isUuid(requestId)) throw GroupErrors.requestNotFound();
    const own = await this.referees.requestById(requestId);
    const r = own && own.userId === actorId ? own : await this.groups.requestForReferee(actorId, requestId);
    const c = await this.queries.execute(new GetChallengeDetailQuery(r.challengeId));
    if (!c?.photoPath) throw GroupErrors.photoNotFound();
    const bytes = await this.photos.get(c.photoPath);
    if (!bytes) throw GroupErrors.photoNotFound();
    return bytes;
  }
}
