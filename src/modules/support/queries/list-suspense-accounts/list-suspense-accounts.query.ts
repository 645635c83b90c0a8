import { Query } from '@nestjs/cqrs';
import type { SupportActor } from '../../domain/access-log.js';
import type { SuspensePage } from '../../domain/views.js';

/** Suspense accounts still holding money (all: resolved ones too), each with its movements, and their total; the look is recorded. */
export class ListSuspenseAccountsQuery extends Query<SuspensePage> {
  constructor(
    readonly actor: SupportActor,
    readonly all: boolean,
  ) {
    super();
  }
}
