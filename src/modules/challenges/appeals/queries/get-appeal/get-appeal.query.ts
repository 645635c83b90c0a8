import { Query } from '@nestjs/cqrs';
import type { AppealView } from '../../domain/appeal-view.js';

/** The appeal of one of the user's challenges, or null when there is none. */
export class GetAppealQuery extends Query<AppealView | null> {
  constructor(
    readonly userId: string,
    readonly challengeId: string,
  ) {
    super();
  }
}
