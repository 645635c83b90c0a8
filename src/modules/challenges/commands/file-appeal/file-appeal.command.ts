import { Command } from '@nestjs/cqrs';
import { DomainError } from '../../../../common/errors/domain-error.js';
import type { AppealView } from '../../domain/appeal-view.js';

/** The answer for a challenge that is not there or not the caller's (the same 404 either way). */
export const challengeNotFound = () => new DomainError('CHALLENGES.NOT_FOUND', 'NOT_FOUND', 'Challenge not found');

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
