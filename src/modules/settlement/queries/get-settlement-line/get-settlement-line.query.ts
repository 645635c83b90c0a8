import { Query } from '@nestjs/cqrs';
import type { ReceiptView } from '../../dto/settlement.view.js';

export interface SettlementLineView {
  challengeId: string;
  userId: string;
  date: string;
  runId: string;
  batch: number;
  runStatus: 'RUNNING' | 'SETTLED' | 'FAILED';
  runFinishedAt: Date | null;
  lineNo: number;
  /** paise */
  stake: bigint;
  isSuccessful: boolean;
  refund: bigint;
  pooled: bigint;
  winnings: bigint;
  paid: boolean;
  paidAt: Date | null;
  /** a miss forgiven for an outage: the outage's id and the words its owner read */
  forgivenBy: string | null;
  forgivenNote: string | null;
  /** the batch's receipt in rupees, with its anonymous lines */
  receipt: ReceiptView;
}

/** The settlement line of one challenge with its batch's receipt (support console); null when not settled. */
export class GetSettlementLineQuery extends Query<SettlementLineView | null> {
  constructor(readonly challengeId: string) {
    super();
  }
}
