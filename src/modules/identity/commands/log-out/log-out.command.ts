import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../../../common/auth/auth.decorators.js';

/** Ends this session: its token is revoked. */
export class LogOutCommand extends Command<{ success: true; message: string }> {
  constructor(readonly user: AuthUser) {
    super();
  }
}
