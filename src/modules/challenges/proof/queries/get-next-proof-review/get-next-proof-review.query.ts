import { Query } from '@nestjs/cqrs';

/** One anonymous photo to review: no name, no user id; the target and check-in times and the photo itself. */
export interface ProofReview {
  id: string;
  challengeDate: string;
  wakeUpTime: string;
  checkInTime: string;
  /** the photo as a data URL (JPEG or PNG) */
  photo: string;
}

/** Peer review: the next photo this person may review, or null (nothing waiting they have no stake in). */
export class GetNextProofReviewQuery extends Query<ProofReview | null> {
  constructor(readonly reviewerId: string) {
    super();
  }
}
