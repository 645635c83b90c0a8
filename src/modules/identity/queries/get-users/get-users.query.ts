import { Query } from '@nestjs/cqrs';
import type { UserSummary } from '../get-user/get-user.query.js';

/** Several users by id in one read, keyed by id (ids not found, or not uuids, are absent). */
export class GetUsersQuery extends Query<Map<string, UserSummary>> {
  constructor(readonly userIds: readonly string[]) {
    super();
  }
}
