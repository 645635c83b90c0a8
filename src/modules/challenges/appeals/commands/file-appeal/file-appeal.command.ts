import { Command } from '@nestjs/cqrs';
import type { AppealView } from '../../domain/appeal-view.js';

/** A user disputes their own missed morning within 48 hours; its forfeit waits for support's decision. */
export class FileAppealCommand extends Command<AppealView> {
  constructor(
    readonly userId: string,
    readonly challengeId: string,
    readonly reason: unknown,
    /** an optional photo (JPEG or PNG) backing the reason */
    readonly photo: Buffer | null = null,
  ) {
    super();
  }
}
