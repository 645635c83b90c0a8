import { Command } from '@nestjs/cqrs';

/** Removes a booked leave day, by the same deadline as booking it (a challenge it excused stays excused). */
export class CancelLeaveCommand extends Command<{ date: string }> {
  constructor(
    readonly userId: string,
    readonly date: string,
  ) {
    super();
  }
}
