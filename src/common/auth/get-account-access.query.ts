import { Query } from '@nestjs/cqrs';
import type { Role } from './auth.decorators.js';

export interface AccountAccess {
  role: Role;
  closed: boolean;
}

/**
 * A user's role and whether the account is closed, as stored now (not as a token says). The guard asks it on
 * role-restricted routes, so a demotion or a closure applies at once; the identity module answers it. Null: no such user.
 */
export class GetAccountAccessQuery extends Query<AccountAccess | null> {
  constructor(readonly userId: string) {
    super();
  }
}
