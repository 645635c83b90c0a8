import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../../config/app-config.js';
import { AuthUser } from './auth.decorators.js';
import { TokenPayload, TokenService } from './token.service.js';

/** passport-jwt checks signature (HS256 only, so alg:none and other keys fail) and expiry; we check revocation. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject built once: given a string, jsonwebtoken first tries (and fails) to parse it as a PEM public key on
      // every request, then builds this same secret key; that failed parse was 25% of the check-in rush's CPU.
      // (passport-jwt hands it to jsonwebtoken as is; its typings only list string | Buffer)
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  validate(payload: TokenPayload): Promise<AuthUser> {
    return this.tokens.checkRevocation(payload);
  }
}
