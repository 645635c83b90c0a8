import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '../../application/accounts.service.js';

/** Signs in with a passkey: the browser's assertion, checked against a login challenge issued here. */
export class LogInWithPasskeyCommand extends Command<AuthResponse> {
  constructor(readonly credential: unknown) {
    super();
  }
}
