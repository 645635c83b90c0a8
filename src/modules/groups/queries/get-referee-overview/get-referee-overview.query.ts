import { Query } from '@nestjs/cqrs';
import type { RefereeRequestView } from '../../domain/views.js';

export interface RefereeOverview {
  referee: { userId: string; name: string; groupId: string; groupName: string } | null;
  asked: RefereeRequestView[];
  toReview: RefereeRequestView[];
}

/** My referee, the check-ins I sent, and the ones I am asked to look at. */
export class GetRefereeOverviewQuery extends Query<RefereeOverview> {
  constructor(readonly userId: string) {
    super();
  }
}
