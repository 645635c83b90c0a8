import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators.js';
import { CommonErrors } from '../../common/errors/common.errors.js';
import { AppConfig } from '../../config/app-config.js';
import { DepositErrors } from './wallet.errors.js';

/**
 * The sandbox checkout exists only with PAYMENTS_PROVIDER=sandbox: otherwise every call is a plain 404, signed in
 * or not (the route is @Public so the global guard does not answer 401 first); with it, a signed-in user is required.
 */
@Injectable()
export class SandboxOnlyGuard implements CanActivate {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}
  canActivate(context: ExecutionContext): boolean {
    if (this.config.paymentsProvider !== 'sandbox') throw DepositErrors.sandboxOnly();
    if (!context.switchToHttp().getRequest<{ user?: AuthUser }>().user) throw CommonErrors.invalidToken();
    return true;
  }
}
