import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { verifyAuthenticationResponse, type AuthenticationResponseJSON, type VerifiedAuthenticationResponse } from '@simplewebauthn/server';
import { Clock } from '../../../../common/clock.js';
import { TokenService } from '../../../../common/auth/token.service.js';
import { challengeOf, credentialIdOf } from '../../domain/passkeys.js';
import { authResponse, type AuthResponse } from '../../domain/user-view.js';
import { IdentityErrors } from '../../identity.errors.js';
import { PasskeyChallenges } from '../../infrastructure/passkey-challenges.js';
import { PasskeysRepository } from '../../infrastructure/passkeys.repository.js';
import { RelyingParty } from '../../infrastructure/relying-party.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetUserViewQuery } from '../../queries/get-user-view/get-user-view.query.js';
import { LogInWithPasskeyCommand } from './log-in-with-passkey.command.js';

/**
 * The challenge is taken first (a replay finds nothing), then the passkey by its id, its account (a closed one is
 * refused), the signature and the counter (a counter that did not move forward means a cloned authenticator). The
 * counter moves only if nobody moved it meanwhile. The answer is the same as a password sign-in's.
 */
@CommandHandler(LogInWithPasskeyCommand)
export class LogInWithPasskeyHandler implements ICommandHandler<LogInWithPasskeyCommand, AuthResponse> {
  constructor(
    @Inject(PasskeysRepository) private readonly passkeys: PasskeysRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(QueryBus) private readonly queries: QueryBus,
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

    const passkey = await this.passkeys.byCredentialId(credentialId);
    if (!passkey) throw IdentityErrors.passkeyUnknown();
    const user = await this.users.findActive(passkey.userId);
    if (!user) throw IdentityErrors.passkeyUnknown();
    const userHandle = (credential as { response?: { userHandle?: unknown } }).response?.userHandle;
    if (typeof userHandle === 'string' && userHandle !== '' && Buffer.from(userHandle, 'base64url').toString('utf8') !== user.id)
      throw IdentityErrors.passkeyRefused();

    let verified: VerifiedAuthenticationResponse;
    try {
      verified = await verifyAuthenticationResponse({
        response: credential as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: true,
      });
    } catch {
      throw IdentityErrors.passkeyRefused();
    }
    if (!verified.verified) throw IdentityErrors.passkeyRefused();
    if (!(await this.passkeys.advanceCounter(passkey.id, passkey.counter, verified.authenticationInfo.newCounter, this.clock.now())))
      throw IdentityErrors.passkeyRefused();
    const view = await this.queries.execute(new GetUserViewQuery(user));
    return authResponse(this.tokens.sign(user), view);
  }
}
