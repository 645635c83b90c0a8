import { Command } from '@nestjs/cqrs';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';

/** The options the browser needs to create a passkey for the signed-in user; the challenge is kept server-side. */
export class StartPasskeyRegistrationCommand extends Command<PublicKeyCredentialCreationOptionsJSON> {
  constructor(readonly userId: string) {
    super();
  }
}
