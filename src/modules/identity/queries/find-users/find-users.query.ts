import { Query } from '@nestjs/cqrs';
import type { UserSummary } from '../get-user/get-user.query.js';

/** Support search by email, name, phone or id (case-insensitive, partial for name and email). */
export class FindUsersQuery extends Query<UserSummary[]> {
  constructor(
    readonly search: string,
    readonly limit = 20,
  ) {
    super();
  }
}
