import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { verifyRegistrationResponse, type RegistrationResponseJSON, type VerifiedRegistrationResponse } from '@simplewebauthn/server';
import { Clock } from '../../../../common/clock.js';
import { uuid7 } from '../../../../common/uuid.js';
import { challengeOf, knownTransports, passkeyView, type PasskeyView } from '../../domain/passkeys.js';
import { IdentityErrors } from '../../identity.errors.js';
import { PasskeyChallenges } from '../../infrastructure/passkey-challenges.js';
import { PasskeysRepository } from '../../infrastructure/passkeys.repository.js';
import { RelyingParty } from '../../infrastructure/relying-party.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { RegisterPasskeyCommand } from './register-passkey.command.js';

@CommandHandler(RegisterPasskeyCommand)
export class RegisterPasskeyHandler implements ICommandHandler<RegisterPasskeyCommand, PasskeyView> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasskeysRepository) private readonly passkeys: PasskeysRepository,
    @Inject(RelyingParty) private readonly rp: RelyingParty,
    @Inject(PasskeyChallenges) private readonly challenges: PasskeyChallenges,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, credential }: RegisterPasskeyCommand): Promise<PasskeyView> {
    await this.users.active(userId);
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
    if (await this.passkeys.credentialExists(c.id)) throw IdentityErrors.passkeyAlreadyAdded();
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
