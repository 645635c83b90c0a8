import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '../../domain/user-view.js';

/** Signs in with a passkey: the browser's assertion, checked against a login challenge issued here. */
export class LogInWithPasskeyCommand extends Command<AuthResponse> {
  constructor(readonly credential: unknown) {
    super();
  }
}
