import { Query } from '@nestjs/cqrs';
import type { SupportActor } from '../../domain/access-log.js';
import type { UserPage } from '../../domain/views.js';

/** A user's console page (profile, balance, stats, challenges with referee verdicts, the access log); the look is recorded first, so it is on the page. */
export class GetUserPageQuery extends Query<UserPage> {
  constructor(
    readonly actor: SupportActor,
    readonly userId: string,
  ) {
    super();
  }
}
