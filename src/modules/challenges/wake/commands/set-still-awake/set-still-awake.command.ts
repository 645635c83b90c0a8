import { Command } from '@nestjs/cqrs';

/** Turns the user's "Still awake?" setting on or off (applies to check-ins from now on). */
export class SetStillAwakeCommand extends Command<{ enabled: boolean }> {
  constructor(
    readonly userId: string,
    readonly enabled: boolean,
  ) {
    super();
  }
}
