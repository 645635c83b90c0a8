import { Command } from '@nestjs/cqrs';

export interface BookLeaveResult {
  date: string;
  /** challenges of that date excused, each with its whole stake returned (paise) */
  excused: { challengeId: string; refunded: bigint }[];
}

/** Books a day of declared leave (by 20:00 the evening before; a monthly allowance): that morning is excused. */
export class BookLeaveCommand extends Command<BookLeaveResult> {
  constructor(
    readonly userId: string,
    readonly date: string,
  ) {
    super();
  }
}
