import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { generateAuthenticationOptions, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { Repository } from 'typeorm';
import { AccountsService } from '../../application/accounts.service.js';
import { RelyingParty } from '../../application/relying-party.js';
import { PasskeyChallenges } from '../../infrastructure/passkey-challenges.js';
import { PasskeyEntity } from '../../infrastructure/passkey.entity.js';
import { StartPasskeyLoginCommand } from './start-passkey-login.command.js';

/** An unknown email answers like an email without passkeys (no list): the answer does not tell who has an account. */
@CommandHandler(StartPasskeyLoginCommand)
export class StartPasskeyLoginHandler implements ICommandHandler<StartPasskeyLoginCommand, PublicKeyCredentialRequestOptionsJSON> {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @InjectRepository(PasskeyEntity) private readonly passkeys: Repository<PasskeyEntity>,
    @Inject(RelyingParty) private readonly rp: RelyingParty,
    @Inject(PasskeyChallenges) private readonly challenges: PasskeyChallenges,
  ) {}

  async execute({ email }: StartPasskeyLoginCommand): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const user = email ? await this.accounts.findActiveByEmail(email) : null;
    const theirs = user ? await this.passkeys.find({ where: { userId: user.id } }) : [];
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpID,
      allowCredentials: theirs.map((p) => ({ id: p.credentialId, transports: p.transports })),
      userVerification: 'required',
    });
    await this.challenges.remember(options.challenge, { purpose: 'login' });
    return options;
  }
}
