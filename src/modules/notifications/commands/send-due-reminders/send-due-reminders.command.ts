import { Command } from '@nestjs/cqrs';

/** Sends every push reminder due now (each once per challenge and kind). */
export class SendDueRemindersCommand extends Command<{ reminders: number; delivered: number }> {}
