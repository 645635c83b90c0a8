import { Inject, Injectable } from '@nestjs/common';
import { LoginTicket, OAuth2Client } from 'google-auth-library';
import { AppConfig } from '../../../config/app-config.js';
import { IdentityErrors } from '../identity.errors.js';

/** The OAuth2Client used to verify Google ID tokens; tests replace it with one whose certificates they own. */
export const GOOGLE_OAUTH_CLIENT = Symbol('GOOGLE_OAUTH_CLIENT');

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** Checks a Google ID token's signature, audience (GOOGLE_CLIENT_ID), issuer and expiry. */
@Injectable()
export class GoogleTokenVerifier {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(GOOGLE_OAUTH_CLIENT) private readonly client: OAuth2Client,
  ) {}

  async verify(idToken: string): Promise<GoogleIdentity> {
    if (!this.config.googleClientId) throw IdentityErrors.googleNotConfigured();
    let payload: ReturnType<LoginTicket['getPayload']>;
    try {
      const ticket = await this.client.verifyIdToken({ idToken, audience: this.config.googleClientId });
      payload = ticket.getPayload();
    } catch {
      throw IdentityErrors.googleTokenInvalid();
    }
    if (!payload?.sub || !payload.email) throw IdentityErrors.googleTokenWithoutEmail();
    if (payload.email_verified !== true) throw IdentityErrors.googleEmailUnverified();
    return { sub: payload.sub, email: payload.email, name: payload.name ?? null, picture: payload.picture ?? null };
  }
}
