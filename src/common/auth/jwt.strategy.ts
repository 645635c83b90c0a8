import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../../config/app-config.js';
import { AuthUser } from './auth.decorators.js';
import { Hs256Verifier } from './hs256.js';
import { TokenPayload, TokenService } from './token.service.js';

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/** The bearer token's signature (HS256 only, so alg:none and other keys fail) and expiry; then we check revocation. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly verifier: Hs256Verifier;

  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {
    // A KeyObject built once: given a string, jsonwebtoken first tries (and fails) to parse it as a PEM public key.
    const key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    // (passport-jwt's typings only list string | Buffer for the key)
    super({ jwtFromRequest: bearerToken, secretOrKey: key as unknown as Buffer, algorithms: ['HS256'], ignoreExpiration: false });
    this.verifier = new Hs256Verifier(key);
  }

  /**
   * passport-jwt's authenticate, with the token checked by Hs256Verifier instead of jsonwebtoken (the same rule, a
   * fraction of the CPU on every authenticated request). Failures take passport's `fail` (401), a refused revocation
   * check its `error` (the guard passes a DomainError on as it is).
   */
  override authenticate(req: Parameters<typeof bearerToken>[0]): void {
    const token = bearerToken(req);
    const payload = token ? this.verifier.verify(token) : null;
    if (!payload) {
      this.fail(new Error(token ? 'invalid token' : 'No auth token'), 401);
      return;
    }
    this.validate(payload as unknown as TokenPayload).then(
      (user) => this.success(user),
      (e: unknown) => this.error(e as Error),
    );
  }

  validate(payload: TokenPayload): Promise<AuthUser> {
    return this.tokens.checkRevocation(payload);
  }
}
