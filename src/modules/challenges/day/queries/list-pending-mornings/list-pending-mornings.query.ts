import { Query } from '@nestjs/cqrs';

export interface PendingMorningRow {
  challengeId: string;
  userId: string;
  challengeDate: string;
  wakeUpTime: string;
  stake: bigint;
  windowOpensAt: Date;
  windowClosesAt: Date;
}

/** Pending (not checked-in, not cancelled) challenges whose window has not closed by `from` and opens by `to`. */
export class ListPendingMorningsQuery extends Query<PendingMorningRow[]> {
  constructor(
    readonly from: Date,
    readonly to: Date,
  ) {
    super();
  }
}
