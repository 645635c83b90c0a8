import { Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { MailOutbox, MailState } from '../../common/mail/mail-outbox.js';
import { AccessLogRepository } from './infrastructure/access-log.repository.js';
import { SupportErrors } from './support.views.js';
import { SupportConsole } from './support-console.decorator.js';

const STATES: MailState[] = ['PENDING', 'SENDING', 'SENT', 'FAILED'];

/** Support console: the mail outbox (recipient, subject, state, attempts, last error; never a body). */
@SupportConsole('support/mail', 'own')
export class SupportMailController {
  constructor(
    @Inject(MailOutbox) private readonly outbox: MailOutbox,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Outgoing mail, newest first, with its state (PENDING, SENDING, SENT, FAILED) and whether it alerted' })
  @ApiQuery({ name: 'state', required: false, enum: STATES })
  @ApiQuery({ name: 'email', required: false })
  @ApiQuery({ name: 'limit', required: false, type: Number })
  async list(@CurrentUser() actor: AuthUser, @Query('state') state?: string, @Query('email') email?: string, @Query('limit') limit?: string) {
    const s = state === undefined || state === '' ? undefined : (state.toUpperCase() as MailState);
    if (s !== undefined && !STATES.includes(s)) throw SupportErrors.invalid(`state must be one of ${STATES.join(', ')}`);
    if (email !== undefined && (typeof email !== 'string' || email.length > 320)) throw SupportErrors.invalid('email must be an address');
    const n = limit === undefined ? 50 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 200) throw SupportErrors.invalid('limit must be an integer from 1 to 200');
    const mail = await this.outbox.list({ state: s, email: email || undefined, limit: n });
    await this.access.record({ actorId: actor.id, actorEmail: actor.email, subjectUserId: null, action: 'mail.list', target: 'mail', details: { state: s ?? null, mail: mail.length } });
    return { success: true, data: { mail } };
  }
}
