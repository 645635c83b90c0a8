import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { PasskeyChallenges } from '../../infrastructure/passkey-challenges.js';
import { PasskeysRepository } from '../../infrastructure/passkeys.repository.js';
import { RelyingParty } from '../../infrastructure/relying-party.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { StartPasskeyLoginCommand } from './start-passkey-login.command.js';

/** An unknown email answers like an email without passkeys (no list): the answer does not tell who has an account. */
@CommandHandler(StartPasskeyLoginCommand)
export class StartPasskeyLoginHandler implements ICommandHandler<StartPasskeyLoginCommand, PublicKeyCredentialRequestOptionsJSON> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasskeysRepository) private readonly passkeys: PasskeysRepository,
    @Inject(RelyingParty) private readonly rp: RelyingParty,
    @Inject(PasskeyChallenges) private readonly challenges: PasskeyChallenges,
  ) {}

  async execute({ email }: StartPasskeyLoginCommand): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const user = email ? await this.users.findActiveByEmail(email) : null;
    const theirs = user ? await this.passkeys.ofUser(user.id) : [];
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpID,
      allowCredentials: theirs.map((p) => ({ id: p.credentialId, transports: p.transports })),
      userVerification: 'required',
    });
    await this.challenges.remember(options.challenge, { purpose: 'login' });
    return options;
  }
}
