import { Query } from '@nestjs/cqrs';
import type { ChallengeRecord } from '../../../shared/domain/challenge-view.js';

/** A challenge as support sees it: every stored field (the view's record) and its owner, amounts in paise. */
export interface ChallengeDetail extends ChallengeRecord {
  userId: string;
  /** rupees, signed: what the settled morning did to the wallet (shared/domain/net-result.ts); null before settlement */
  netResult: number | null;
}

/** One challenge by id (any user's: for the support console); null when there is none. */
export class GetChallengeDetailQuery extends Query<ChallengeDetail | null> {
  constructor(readonly challengeId: string) {
    super();
  }
}
