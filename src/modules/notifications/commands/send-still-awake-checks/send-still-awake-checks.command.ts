import { Command } from '@nestjs/cqrs';

/** Asks every still-awake check whose moment has come: claimed once through the challenges module, then pushed. */
export class SendStillAwakeChecksCommand extends Command<{ asked: number; delivered: number }> {}
