import { Query } from '@nestjs/cqrs';

/** Where an appeal's photo is stored, and whose it is (support console); null when the appeal has none. */
export class GetAppealPhotoQuery extends Query<{ userId: string; challengeId: string; photoPath: string } | null> {
  constructor(readonly appealId: string) {
    super();
  }
}
