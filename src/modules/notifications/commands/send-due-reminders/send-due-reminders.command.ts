import { Command } from '@nestjs/cqrs';

/**
 * Sends every reminder due now, each once per challenge and kind: the in-app notice always, then push, or mail when
 * push is off, unreachable or reached no device (never both). Answers the reminders pushed and the devices reached.
 */
export class SendDueRemindersCommand extends Command<{ reminders: number; delivered: number }> {}
