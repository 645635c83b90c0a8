import { Command } from '@nestjs/cqrs';

/** PENDING challenges whose window closed before now become COMPLETED, isSuccessful false, "Missed check-in window". Only date's when given. */
export class CloseMissedChallengesCommand extends Command<{ closed: number }> {
  constructor(readonly date: string | null = null) {
    super();
  }
}
