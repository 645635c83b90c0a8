import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { verifyRegistrationResponse, type RegistrationResponseJSON, type VerifiedRegistrationResponse } from '@simplewebauthn/server';
import { Repository } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { uuid7 } from '../../../../common/uuid.js';
import { AccountsService } from '../../application/accounts.service.js';
import { passkeyView, RelyingParty, type PasskeyView } from '../../application/relying-party.js';
import { challengeOf, knownTransports } from '../../domain/passkeys.js';
import { IdentityErrors } from '../../identity.errors.js';
import { PasskeyChallenges } from '../../infrastructure/passkey-challenges.js';
import { PasskeyEntity } from '../../infrastructure/passkey.entity.js';
import { RegisterPasskeyCommand } from './register-passkey.command.js';

@CommandHandler(RegisterPasskeyCommand)
export class RegisterPasskeyHandler implements ICommandHandler<RegisterPasskeyCommand, PasskeyView> {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @InjectRepository(PasskeyEntity) private readonly passkeys: Repository<PasskeyEntity>,
    @Inject(RelyingParty) private readonly rp: RelyingParty,
    @Inject(PasskeyChallenges) private readonly challenges: PasskeyChallenges,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, credential }: RegisterPasskeyCommand): Promise<PasskeyView> {
    await this.accounts.active(userId);
    const challenge = challengeOf(credential);
    if (!challenge) throw IdentityErrors.passkeyAnswerMissing();
    const ceremony = await this.challenges.take(challenge);
    if (!ceremony || ceremony.purpose !== 'register' || ceremony.userId !== userId) throw IdentityErrors.passkeyRegistrationExpired();

    let verified: VerifiedRegistrationResponse;
    try {
      verified = await verifyRegistrationResponse({
        response: credential as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpID,
        requireUserVerification: true,
      });
    } catch {
      throw IdentityErrors.passkeyRegistrationRefused();
    }
    if (!verified.verified) throw IdentityErrors.passkeyRegistrationRefused();
    const { credential: c } = verified.registrationInfo;
    if (await this.passkeys.exists({ where: { credentialId: c.id } })) throw IdentityErrors.passkeyAlreadyAdded();
    const row = this.passkeys.create({
      id: uuid7(),
      userId,
      credentialId: c.id,
      publicKey: Buffer.from(c.publicKey),
      counter: c.counter,
      transports: knownTransports(c.transports ?? (credential as { response?: { transports?: unknown } }).response?.transports),
      createdAt: this.clock.now(),
      lastUsedAt: null,
    });
    try {
      await this.passkeys.insert(row);
    } catch (e) {
      // the same credential added twice at once: the unique index decides
      if ((e as { code?: string }).code === '23505') throw IdentityErrors.passkeyAlreadyAdded();
      throw e;
    }
    return passkeyView(row);
  }
}
