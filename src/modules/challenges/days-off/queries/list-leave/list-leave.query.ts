import { Query } from '@nestjs/cqrs';

export interface LeaveList {
  limitPerMonth: number;
  /** leave for a date is booked (or removed) before this time the evening before */
  cutoffTime: string;
  /** from the first of this month on */
  days: { date: string; createdAt: string; removable: boolean }[];
  /** days booked per month (YYYY-MM) among `days` */
  usedByMonth: Record<string, number>;
}

export class ListLeaveQuery extends Query<LeaveList> {
  /** `from` (YYYY-MM-DD): leave from that day on instead of this month's first (the data export asks for all). */
  constructor(
    readonly userId: string,
    readonly from?: string,
  ) {
    super();
  }
}
