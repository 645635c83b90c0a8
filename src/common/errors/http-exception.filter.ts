import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, statusOf } from './domain-error.js';

export interface ErrorBody {
  success: false;
  statusCode: number;
  error: string;
  message: string;
}

const GENERIC: Record<number, string> = {
  400: 'Invalid request',
  401: 'Please login again',
  403: 'Access denied',
  404: 'Resource not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests. Please wait a minute and try again.',
  500: 'Server error. Please try again later',
  503: 'Service temporarily unavailable. Please try again shortly.',
};

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

/** Turns any thrown value into the error shape of ARCHITECTURE.md; never a stack trace in a body. */
export function toErrorBody(exception: unknown): ErrorBody {
  let status = 500;
  let error = GENERIC[500];
  let message = error;

  if (exception instanceof DomainError) {
    status = statusOf(exception.kind);
    error = message = exception.message;
  } else if (exception instanceof HttpException) {
    status = exception.getStatus();
    const res = exception.getResponse();
    if (typeof res === 'string') {
      error = message = res;
    } else if (res && typeof res === 'object') {
      const r = res as { message?: unknown; error?: unknown };
      const msgs = Array.isArray(r.message) ? r.message.map(String) : typeof r.message === 'string' ? [r.message] : [];
      error = msgs[0] ?? (typeof r.error === 'string' ? r.error : (GENERIC[status] ?? 'Request failed'));
      message = msgs.length > 1 ? msgs.join('; ') : error;
    }
    if (status === 404 && /^Cannot (GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) /.test(error)) {
      error = message = 'Resource not found';
    }
  } else if (exception && typeof exception === 'object') {
    const e = exception as { statusCode?: unknown; code?: unknown; message?: unknown };
    const fastifyStatus = typeof e.statusCode === 'number' ? e.statusCode : undefined;
    if (fastifyStatus && fastifyStatus >= 400 && fastifyStatus < 500) {
      status = fastifyStatus;
      if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && /JSON/i.test(String(e.message)))) {
        error = message = 'Malformed JSON in request body';
      } else if (status === 413) {
        error = message = GENERIC[413];
      } else if (status === 415) {
        error = message = 'Unsupported content type: send JSON or a form';
      } else if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        error = message = 'Request body is empty but declared as JSON';
      } else {
        error = message = GENERIC[status] ?? 'Invalid request';
      }
    } else if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) {
      status = 503;
      error = message = GENERIC[503];
    } else if (/Connection terminated|connect ECONNREFUSED|Connection is closed|timeout exceeded when trying to connect/i.test(String(e.message))) {
      status = 503;
      error = message = GENERIC[503];
    }
  }
  return { success: false, statusCode: status, error, message };
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');
  private indexHtml: string | null | undefined;

  constructor(private readonly clientDist?: string) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const path = (request.url ?? '').split('?')[0];

    // Client-side routes: any unknown GET outside /api gets the app's index.html.
    if (exception instanceof NotFoundException && request.method === 'GET' && !path.startsWith('/api')) {
      const html = this.loadIndex();
      if (html) {
        void reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
        return;
      }
    }

    const body = toErrorBody(exception);
    if (body.statusCode >= 500) {
      // Name, code, message and stack only: a driver error's own fields can carry query parameters.
      const e = exception as { name?: string; code?: unknown; message?: string; stack?: string };
      const err = { type: e?.name, code: e?.code, message: e?.message, stack: e?.stack };
      this.logger.error({ err, path, method: request.method }, `${request.method} ${path} failed: ${e?.message}`);
    }
    if (reply.sent) return;
    void reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  }

  private loadIndex(): string | null {
    if (this.indexHtml !== undefined) return this.indexHtml;
    const file = this.clientDist ? join(this.clientDist, 'index.html') : '';
    this.indexHtml = file && existsSync(file) ? readFileSync(file, 'utf8') : null;
    return this.indexHtml;
  }
}
