import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import { AuthUser, IS_PUBLIC, Role, ROLES } from './auth.decorators.js';
import { CommonErrors } from '../errors/common.errors.js';
import { DomainError } from '../errors/domain-error.js';
import { GetAccountAccessQuery } from './get-account-access.query.js';

/** Global guard: every route needs a valid bearer token unless it is @Public(); @Roles() narrows further. */
@Injectable()
export class AuthGuard extends PassportAuthGuard('jwt') {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) {
      // Public routes still learn who is calling when a good token comes along.
      const req = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>();
      if (req.headers.authorization) await (super.canActivate(context) as Promise<boolean>).catch(() => false);
      return true;
    }
    await (super.canActivate(context) as Promise<boolean>);
    const user = context.switchToHttp().getRequest<{ user: AuthUser }>().user;
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets);
    if (roles?.length) {
      // The stored role, not the token's: a demotion (or a closure) applies at once to tokens issued before it.
      const access = await this.queries.execute(new GetAccountAccessQuery(user.id));
      if (!access || access.closed) throw CommonErrors.revoked();
      if (!roles.includes(access.role)) throw CommonErrors.forbidden();
      user.role = access.role;
    }
    return true;
  }

  override handleRequest<T = AuthUser>(err: unknown, user: T): T {
    if (err instanceof DomainError) throw err;
    if (err || !user) throw CommonErrors.invalidToken();
    return user;
  }
}
