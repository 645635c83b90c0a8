import { Command } from '@nestjs/cqrs';

/**
 * Finds the outages in the availability samples of [from, to) (error-rate minutes of the check-in route, heartbeat gaps
 * of the api and the worker) and stores them, merged with the recorder's outages they touch. Idempotent; one detector at
 * a time. Answers how many outages were opened or changed.
 */
export class DetectOutagesCommand extends Command<{ changed: number }> {
  constructor(
    readonly from: Date,
    readonly to: Date,
  ) {
    super();
  }
}
