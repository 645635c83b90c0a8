import { Command } from '@nestjs/cqrs';
import type { PasskeyView } from '../../domain/passkeys.js';

/** Verifies the browser's attestation against the challenge issued to this user and stores the passkey. */
export class RegisterPasskeyCommand extends Command<PasskeyView> {
  constructor(
    readonly userId: string,
    readonly credential: unknown,
  ) {
    super();
  }
}
