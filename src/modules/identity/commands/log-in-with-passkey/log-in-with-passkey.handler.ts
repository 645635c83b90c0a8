import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { verifyAuthenticationResponse, type AuthenticationResponseJSON, type VerifiedAuthenticationResponse } from '@simplewebauthn/server';
import { DataSource, IsNull, Repository } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { AccountsService, AuthResponse } from '../../application/accounts.service.js';
import { RelyingParty } from '../../application/relying-party.js';
import { challengeOf, credentialIdOf } from '../../domain/passkeys.js';
import { IdentityErrors } from '../../identity.errors.js';
import { PasskeyChallenges } from '../../infrastructure/passkey-challenges.js';
import { PasskeyEntity } from '../../infrastructure/passkey.entity.js';
import { UserEntity } from '../../infrastructure/user.entity.js';
import { LogInWithPasskeyCommand } from './log-in-with-passkey.command.js';

/**
 * The challenge is taken first (a replay finds nothing), then the passkey by its id, its account (a closed one is
 * refused), the signature and the counter (a counter that did not move forward means a cloned authenticator). The
 * counter moves only if nobody moved it meanwhile. The answer is the same as a password sign-in's.
 */
@CommandHandler(LogInWithPasskeyCommand)
export class LogInWithPasskeyHandler implements ICommandHandler<LogInWithPasskeyCommand, AuthResponse> {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @InjectRepository(PasskeyEntity) private readonly passkeys: Repository<PasskeyEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(RelyingParty) private readonly rp: RelyingParty,
    @Inject(PasskeyChallenges) private readonly challenges: PasskeyChallenges,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ credential }: LogInWithPasskeyCommand): Promise<AuthResponse> {
    const challenge = challengeOf(credential);
    const credentialId = credentialIdOf(credential);
    if (!challenge || !credentialId) throw IdentityErrors.passkeyAnswerMissing();
    const ceremony = await this.challenges.take(challenge);
    if (!ceremony || ceremony.purpose !== 'login') throw IdentityErrors.passkeyChallengeUnknown();

    const passkey = await this.passkeys.findOne({ where: { credentialId } });
    if (!passkey) throw IdentityErrors.passkeyUnknown();
    const user = await this.users.findOne({ where: { id: passkey.userId, deletedAt: IsNull() } });
    if (!user) throw IdentityErrors.passkeyUnknown();
    const userHandle = (credential as { response?: { userHandle?: unknown } }).response?.userHandle;
    if (typeof userHandle === 'string' && userHandle !== '' && Buffer.from(userHandle, 'base64url').toString('utf8') !== user.id) throw IdentityErrors.passkeyRefused();

    let verified: VerifiedAuthenticationResponse;
    try {
      verified = await verifyAuthenticationResponse({
        response: credential as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpID,
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports as never },
        requireUserVerification: true,
      });
    } catch {
      throw IdentityErrors.passkeyRefused();
    }
    if (!verified.verified) throw IdentityErrors.passkeyRefused();
    const [, moved] = (await this.db.query(`UPDATE passkeys SET counter = $3, last_used_at = $4 WHERE id = $1 AND counter = $2`, [
      passkey.id,
      passkey.counter,
      verified.authenticationInfo.newCounter,
      this.clock.now(),
    ])) as [unknown, number];
    if (!moved) throw IdentityErrors.passkeyRefused();
    return this.accounts.authResponse(user);
  }
}
