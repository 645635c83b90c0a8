import { Command } from '@nestjs/cqrs';

/** Books every plan day now due (each once); a day the wallet cannot pay for is skipped with a notice. */
export class BookPlannedChallengesCommand extends Command<{ booked: number; skipped: number }> {}
