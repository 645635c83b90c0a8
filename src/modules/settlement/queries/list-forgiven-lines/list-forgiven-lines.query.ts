import { Query } from '@nestjs/cqrs';

export interface ForgivenLineView {
  outageId: string;
  challengeId: string;
  userId: string;
  date: string;
  batch: number;
  /** paise: the whole stake, returned */
  stake: bigint;
  paid: boolean;
  note: string | null;
}

/** The settlement lines these outages forgave (support: which challenges an outage caused to be forgiven). */
export class ListForgivenLinesQuery extends Query<ForgivenLineView[]> {
  constructor(readonly outageIds: string[]) {
    super();
  }
}
