import { Query } from '@nestjs/cqrs';
import type { OutboxView } from '../../../../common/mail/mail-outbox.js';
import type { SupportActor } from '../../domain/access-log.js';

export const MAIL_STATES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;

/** The mail outbox as the console shows it (state, attempts, last error; never a body), newest first; the look is recorded. */
export class ListMailQuery extends Query<{ mail: OutboxView[] }> {
  constructor(
    readonly actor: SupportActor,
    readonly state: string | undefined,
    readonly email: string | undefined,
    readonly limit: string | undefined,
  ) {
    super();
  }
}
