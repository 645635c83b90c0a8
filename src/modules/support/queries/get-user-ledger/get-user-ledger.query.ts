import { Query } from '@nestjs/cqrs';
import type { SupportActor } from '../../domain/access-log.js';
import type { UserLedgerPage } from '../../domain/views.js';

/** Every entry on a user's wallet (postings, running balance, links) and the related entries off it; the look is recorded. */
export class GetUserLedgerQuery extends Query<UserLedgerPage> {
  constructor(
    readonly actor: SupportActor,
    readonly userId: string,
  ) {
    super();
  }
}
