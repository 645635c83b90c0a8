import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { Repository } from 'typeorm';
import { AccountsService } from '../../application/accounts.service.js';
import { RelyingParty, RP_NAME } from '../../application/relying-party.js';
import { PasskeyChallenges } from '../../infrastructure/passkey-challenges.js';
import { PasskeyEntity } from '../../infrastructure/passkey.entity.js';
import { StartPasskeyRegistrationCommand } from './start-passkey-registration.command.js';

/** A discoverable credential (so "Sign in with a passkey" needs no email), verified by the person (fingerprint, face, PIN). */
@CommandHandler(StartPasskeyRegistrationCommand)
export class StartPasskeyRegistrationHandler implements ICommandHandler<StartPasskeyRegistrationCommand, PublicKeyCredentialCreationOptionsJSON> {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @InjectRepository(PasskeyEntity) private readonly passkeys: Repository<PasskeyEntity>,
    @Inject(RelyingParty) private readonly rp: RelyingParty,
    @Inject(PasskeyChallenges) private readonly challenges: PasskeyChallenges,
  ) {}

  async execute({ userId }: StartPasskeyRegistrationCommand): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const user = await this.accounts.active(userId);
    const existing = await this.passkeys.find({ where: { userId } });
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
