import { Query } from '@nestjs/cqrs';

export interface BookableDate {
  date: string;
  bookable: boolean;
  /** why not, when not bookable (the same words can-create and the create route use) */
  reason?: string;
  /** what stops it: BOOKED (a challenge that day), LEAVE (declared leave), OTHER (time, balance, age, self-limits) */
  blockedBy?: 'BOOKED' | 'LEAVE' | 'OTHER';
  /** the wake-up times the create route accepts for this date right now (today: only slots whose window has not opened) */
  wakeUpTimes: string[];
}

export interface BookableDates {
  today: string;
  /** today and the next ADVANCE_DAYS days, in order */
  dates: BookableDate[];
  /** the first bookable date, or null when none is */
  firstBookable: string | null;
}

/** Which of the dates a new challenge can take, in one call, for the create form's date picker. */
export class ListBookableDatesQuery extends Query<BookableDates> {
  constructor(readonly userId: string) {
    super();
  }
}
