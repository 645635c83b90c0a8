import { Command } from '@nestjs/cqrs';
import type { UserView } from '../../domain/user-view.js';

/** Records the user's acceptance of the terms version in force (the first acceptance of a version keeps its time). */
export class AcceptTermsCommand extends Command<{ success: true; message: string; data: UserView }> {
  constructor(
    readonly userId: string,
    readonly termsVersion: string,
  ) {
    super();
  }
}
