import { Query } from '@nestjs/cqrs';
import type { SupportPhoto } from '../../domain/image-type.js';
import type { SupportActor } from '../../domain/access-log.js';

/** The photo sent with an appeal, for staff (404 when there is none); the look is recorded on the appealing user. */
export class ViewAppealPhotoQuery extends Query<SupportPhoto> {
  constructor(
    readonly actor: SupportActor,
    readonly appealId: string,
  ) {
    super();
  }
}
