import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config.js';
import { relyingPartyOf } from '../domain/passkeys.js';

/** The WebAuthn relying party of this deployment: rpID from APP_URL's host, origins APP_URL and CORS_ORIGINS. */
@Injectable()
export class RelyingParty {
  readonly rpID: string;
  readonly origins: string[];
  constructor(@Inject(AppConfig) config: AppConfig) {
    ({ rpID: this.rpID, origins: this.origins } = relyingPartyOf(config.appUrl, config.corsOrigins));
  }
}
