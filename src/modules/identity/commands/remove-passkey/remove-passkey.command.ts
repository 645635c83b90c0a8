import { Command } from '@nestjs/cqrs';

/** Removes one of the user's passkeys (404 when it is not theirs or already gone). */
export class RemovePasskeyCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {
    super();
  }
}
