import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import { from, mergeMap, Observable } from 'rxjs';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AccessLogRepository } from './infrastructure/access-log.repository.js';

export const SELF_RECORDED = 'support:selfRecorded';
/** The route's query or command handler writes its own, more precise access record (subject user, details). */
export const RecordsOwnAccess = () => SetMetadata(SELF_RECORDED, true);

const clean = (p: unknown) => String(p ?? '').replace(/^\/+|\/+$/g, '');

/**
 * Every successful call of a /support/... route is recorded in support_access_log. This module's console reads record
 * themselves in their query/command handlers (@RecordsOwnAccess: subject user, details, written through
 * AccessLogRepository.recordBy); any other /support route, or a /support controller another module owns (settlements),
 * names this interceptor with @UseInterceptors and gets a generic record (method, route, params and query). It is not
 * global: that would put every request of the app, the 6 AM check-ins included, through its pipeline for nothing.
 */
@Injectable()
export class SupportAccessInterceptor implements NestInterceptor {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(AccessLogRepository) private readonly log: AccessLogRepository,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(SELF_RECORDED, [ctx.getHandler(), ctx.getClass()])) return next.handle();
    const req = ctx
      .switchToHttp()
      .getRequest<{ user?: AuthUser; method: string; url: string; params?: Record<string, string>; query?: Record<string, unknown> }>();
    const user = req.user;
    if (!user) return next.handle();
    const classPath = clean(this.reflector.get<string>(PATH_METADATA, ctx.getClass()));
    const methodPath = clean(this.reflector.get<string>(PATH_METADATA, ctx.getHandler()));
    const route = [classPath, methodPath].filter(Boolean).join('/');
    return next.handle().pipe(
      mergeMap((body) =>
        from(
          this.log
            .record({
              actorId: user.id,
              actorEmail: user.email,
              subjectUserId: null,
              action: `${req.method} ${route}`,
              target: String(req.url).replace(/^\/api\/v\d+/, ''),
              details: { params: req.params ?? {}, query: req.query ?? {} },
            })
            .then(() => body),
        ),
      ),
    );
  }
}
