import { Query } from '@nestjs/cqrs';
import type { SupportActor } from '../../domain/access-log.js';
import type { ChallengeStory } from '../../domain/views.js';

/** A challenge's whole story (created, check-in, closed, settled with its receipt line, ledger); the look is recorded on its user. */
export class GetChallengeStoryQuery extends Query<ChallengeStory> {
  constructor(
    readonly actor: SupportActor,
    readonly challengeId: string,
  ) {
    super();
  }
}
