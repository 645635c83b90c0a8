import { Command } from '@nestjs/cqrs';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';

/**
 * The options the browser needs to sign in with a passkey. With an email, that account's passkeys are named; without
 * one (or an email with none), any passkey of this site on the device may answer (discoverable credentials).
 */
export class StartPasskeyLoginCommand extends Command<PublicKeyCredentialRequestOptionsJSON> {
  constructor(readonly email?: string) {
    super();
  }
}
