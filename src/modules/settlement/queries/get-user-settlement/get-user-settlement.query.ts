import { Query } from '@nestjs/cqrs';
import type { ReceiptView } from '../../dto/settlement.view.js';

export interface UserSettlementView {
  date: string;
  status: 'RUNNING' | 'SETTLED' | 'FAILED';
  batch: number;
  receipt: ReceiptView;
  yourLines: {
    challengeId: string;
    lineNo: number;
    stake: number;
    isSuccessful: boolean;
    refund: number;
    winnings: number;
    payout: number;
    paid: boolean;
    donated?: number;
    charityId?: string | null;
    /** FORGIVEN: a miss whose window overlapped an outage of ours (the whole stake back) */
    outcome: 'SUCCESS' | 'FAILED' | 'FORGIVEN';
    /** a forgiven miss: why, and the outage that caused it */
    forgiven?: { reason: string; outageId: string; kind: string | null; startedAt: string | null; endedAt: string | null };
  }[];
}

/** The anonymised receipt of the date's batch the user took part in, and their own line(s); SETTLEMENT.NOT_FOUND otherwise. */
export class GetUserSettlementQuery extends Query<UserSettlementView> {
  constructor(
    readonly userId: string,
    readonly date: string,
  ) {
    super();
  }
}
