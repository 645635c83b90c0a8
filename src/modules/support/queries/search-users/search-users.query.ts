import { Query } from '@nestjs/cqrs';
import type { SupportActor } from '../../domain/access-log.js';
import type { userView } from '../../domain/views.js';

export type FoundUser = ReturnType<typeof userView> & { balance: number };

/** Users by email, name, phone or id (`q`; `email` kept for older clients), at most 20, with balances; the search is recorded. */
export class SearchUsersQuery extends Query<{ users: FoundUser[] }> {
  constructor(
    readonly actor: SupportActor,
    readonly q: string | undefined,
    readonly email: string | undefined,
  ) {
    super();
  }
}
