import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../../../config/app-config.js';
import { Clock } from '../../../common/clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail through SMTP_URL; without it writes each message to MAIL_DIR as JSON (the link visible to a
 * developer, never in the log). Sending happens in the background: a slow or down SMTP server never fails
 * or delays the request, and forgot-password answers in the same time for known and unknown emails.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter | null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(@Inject(AppConfig) private readonly config: AppConfig, @Inject(Clock) private readonly clock: Clock) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never)
      : null;
  }

  /** Queues the message and returns at once; errors are logged, never thrown. */
  send(message: MailMessage): void {
    const p = this.deliver(message)
      .catch((err: Error) => this.logger.error(`Mail to ${message.to} ("${message.subject}") could not be sent: ${err.message}`))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Waits for mail still being sent (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async deliver(message: MailMessage): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...message });
      this.logger.log(`Mail "${message.subject}" sent to ${message.to}`);
      return;
    }
    await mkdir(this.config.mailDir, { recursive: true });
    const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const file = join(this.config.mailDir, `${this.clock.now().getTime()}-${randomBytes(3).toString('hex')}-${safeTo}.json`);
    // Written beside, then renamed: a reader of the folder never sees half a message.
    const partial = `${file}.partial`;
    await writeFile(partial, JSON.stringify({ from: this.config.mailFrom, ...message, createdAt: this.clock.now().toISOString() }, null, 2), { mode: 0o600 });
    await rename(partial, file);
    this.logger.log(`mail written to ${file}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
    this.transport?.close();
  }
}
