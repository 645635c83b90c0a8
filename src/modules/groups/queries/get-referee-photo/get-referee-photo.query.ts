import { Query } from '@nestjs/cqrs';

/** A referee request's check-in photo, for the referee asked or the user who asked (404 for anyone else). */
export class GetRefereePhotoQuery extends Query<Buffer> {
  constructor(
    readonly actorId: string,
    readonly requestId: string,
  ) {
    super();
  }
}
