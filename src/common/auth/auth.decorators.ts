import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';

export type Role = 'USER' | 'SUPPORT';

export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  jti: string;
  exp: number;
}

export const IS_PUBLIC = 'auth:isPublic';
export const ROLES = 'auth:roles';

/** A route anyone may call, without a token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** A route only these roles may call (403 for others). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
