import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailKind, MailOutbox } from '../../../common/mail/mail-outbox.js';
import type { MailMessage } from '../../../common/mail/mail-transport.js';

export type { MailMessage };

/**
 * Identity's mail, through the outbox: stage() writes the message in the transaction that issues its token, dispatch()
 * sends it after the commit (retried by the worker until it goes out). A slow or down SMTP server never fails or
 * delays the request, and forgot-password answers in the same time for known and unknown emails.
 */
@Injectable()
export class Mailer {
  constructor(@Inject(MailOutbox) private readonly outbox: MailOutbox) {}

  stage(m: EntityManager, message: MailMessage, kind: MailKind): Promise<string> {
    return this.outbox.stage(m, message, kind);
  }

  dispatch(id: string): void {
    this.outbox.dispatch(id);
  }

  /** A message with no other change: its own transaction, then dispatched. */
  send(message: MailMessage, kind: MailKind = 'GENERIC'): void {
    this.outbox.send(message, kind);
  }

  /** Waits for mail still being written or attempted (tests). */
  flush(): Promise<void> {
    return this.outbox.flush();
  }
}
