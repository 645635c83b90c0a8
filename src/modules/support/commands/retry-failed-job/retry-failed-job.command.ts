import { Command } from '@nestjs/cqrs';
import type { SupportActor } from '../../domain/access-log.js';

/** Retries one failed job of a queue (the job itself is idempotent; nothing is posted here); the retry is recorded. */
export class RetryFailedJobCommand extends Command<{ queue: string; id: string; state: string }> {
  constructor(
    readonly actor: SupportActor,
    readonly name: string,
    readonly id: string,
  ) {
    super();
  }
}
