import { applyDecorators, Controller, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../common/auth/auth.decorators.js';
import { RecordsOwnAccess, SupportAccessInterceptor } from './support-access.interceptor.js';

/**
 * A support-console controller under /support/...: staff only, in the OpenAPI "support" group, and every successful
 * call in the support access log: a generic record (method, route, params, query) by SupportAccessInterceptor, or,
 * with `access: 'own'`, the more precise records its routes' query/command handlers write (subject user, details).
 */
export function SupportConsole(path: string, access: 'generic' | 'own'): ClassDecorator {
  return applyDecorators(
    ApiTags('support'),
    ApiBearerAuth('bearer'),
    Controller(path),
    Roles('SUPPORT'),
    access === 'own' ? RecordsOwnAccess() : UseInterceptors(SupportAccessInterceptor),
  );
}
