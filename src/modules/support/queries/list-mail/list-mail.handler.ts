import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MailOutbox, MailState, OutboxView } from '../../../../common/mail/mail-outbox.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { SupportErrors } from '../../support.errors.js';
import { ListMailQuery, MAIL_STATES } from './list-mail.query.js';

const STATES: readonly MailState[] = MAIL_STATES;

@QueryHandler(ListMailQuery)
export class ListMailHandler implements IQueryHandler<ListMailQuery, { mail: OutboxView[] }> {
  constructor(
    @Inject(MailOutbox) private readonly outbox: MailOutbox,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, state, email, limit }: ListMailQuery) {
    const s = state === undefined || state === '' ? undefined : (state.toUpperCase() as MailState);
    if (s !== undefined && !STATES.includes(s)) throw SupportErrors.invalid(`state must be one of ${STATES.join(', ')}`);
    if (email !== undefined && (typeof email !== 'string' || email.length > 320)) throw SupportErrors.invalid('email must be an address');
    const n = limit === undefined ? 50 : Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 200) throw SupportErrors.invalid('limit must be an integer from 1 to 200');
    const mail = await this.outbox.list({ state: s, email: email || undefined, limit: n });
    await this.access.recordBy(actor, null, 'mail.list', 'mail', { state: s ?? null, mail: mail.length });
    return { mail };
  }
}
