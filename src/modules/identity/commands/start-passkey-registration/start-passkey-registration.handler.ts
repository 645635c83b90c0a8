import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { RP_NAME } from '../../domain/passkeys.js';
import { PasskeyChallenges } from '../../infrastructure/passkey-challenges.js';
import { PasskeysRepository } from '../../infrastructure/passkeys.repository.js';
import { RelyingParty } from '../../infrastructure/relying-party.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { StartPasskeyRegistrationCommand } from './start-passkey-registration.command.js';

/** A discoverable credential (so "Sign in with a passkey" needs no email), verified by the person (fingerprint, face, PIN). */
@CommandHandler(StartPasskeyRegistrationCommand)
export class StartPasskeyRegistrationHandler implements ICommandHandler<StartPasskeyRegistrationCommand, PublicKeyCredentialCreationOptionsJSON> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasskeysRepository) private readonly passkeys: PasskeysRepository,
    @Inject(RelyingParty) private readonly rp: RelyingParty,
    @Inject(PasskeyChallenges) private readonly challenges: PasskeyChallenges,
  ) {}

  async execute({ userId }: StartPasskeyRegistrationCommand): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const user = await this.users.active(userId);
    const existing = await this.passkeys.ofUser(userId);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rp.rpID,
      userName: user.email,
      userDisplayName: user.fullName,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.challenges.remember(options.challenge, { purpose: 'register', userId });
    return options;
  }
}
