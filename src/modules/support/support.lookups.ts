import type { QueryBus } from '@nestjs/cqrs';
import { isUuid } from '../../common/uuid.js';
import { GetUserQuery } from '../identity/queries/get-user/get-user.query.js';
import type { UserSummary } from '../identity/queries/get-user/get-user.query.js';
import { GetChallengeDetailQuery } from '../challenges/queries/get-challenge-detail/get-challenge-detail.query.js';
import type { ChallengeDetail } from '../challenges/queries/get-challenge-detail/get-challenge-detail.query.js';
import { SupportErrors } from './support.views.js';

/** The user a console page is about (404 for an id that is no uuid or no user). */
export async function findUser(queryBus: QueryBus, id: string): Promise<UserSummary> {
  if (!isUuid(id)) throw SupportErrors.userNotFound();
  const user = await queryBus.execute(new GetUserQuery(id));
  if (!user) throw SupportErrors.userNotFound();
  return user;
}

/** The challenge a console page is about (404 for an id that is no uuid or no challenge). */
export async function findChallenge(queryBus: QueryBus, id: string): Promise<ChallengeDetail> {
  if (!isUuid(id)) throw SupportErrors.challengeNotFound();
  const c = await queryBus.execute(new GetChallengeDetailQuery(id));
  if (!c) throw SupportErrors.challengeNotFound();
  return c;
}
