import { Query } from '@nestjs/cqrs';
import type { SupportPhoto } from '../../domain/image-type.js';
import type { SupportActor } from '../../domain/access-log.js';

/** A challenge's stored check-in selfie for staff (404 when there is none); the look is recorded on its user. */
export class ViewChallengePhotoQuery extends Query<SupportPhoto> {
  constructor(
    readonly actor: SupportActor,
    readonly challengeId: string,
  ) {
    super();
  }
}
