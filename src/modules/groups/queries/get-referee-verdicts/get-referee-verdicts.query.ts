import { Query } from '@nestjs/cqrs';

export interface RefereeVerdict {
  requestId: string;
  challengeId: string;
  userId: string;
  refereeId: string;
  groupId: string;
  status: 'PENDING' | 'CONFIRMED' | 'REJECTED';
  note: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/** What referees answered about these challenges (for support's console); challenges never sent to one are absent. */
export class GetRefereeVerdictsQuery extends Query<RefereeVerdict[]> {
  constructor(readonly challengeIds: readonly string[]) {
    super();
  }
}
