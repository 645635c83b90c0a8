import { Query } from '@nestjs/cqrs';
import type { AppealStatus } from '../../domain/appeal-rules.js';
import type { AppealView } from '../../domain/appeal-view.js';

export type SupportAppealView = AppealView & {
  userId: string;
  decidedBy: string | null;
  challenge: {
    challengeDate: string;
    wakeUpTime: string;
    stake: bigint;
    status: string;
    failureReason: string | null;
    checkInTime: Date | null;
    hasPhoto: boolean;
  } | null;
};

/** Appeals for the support console, oldest first (OPEN ones are the queue to answer). */
export class ListAppealsQuery extends Query<SupportAppealView[]> {
  constructor(readonly status: AppealStatus | null) {
    super();
  }
}
