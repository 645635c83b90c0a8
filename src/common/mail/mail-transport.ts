import { randomBytes } from 'node:crypto';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config.js';
import { Clock } from '../clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Hands one message to SMTP_URL; without it writes the message to MAIL_DIR as JSON (the link visible to a developer,
 * never in the log). Throws when the server refuses or cannot be reached: the outbox retries.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transport: Transporter | null;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never)
      : null;
  }

  /** Where mail goes, for a log line: 'smtp' or the folder. */
  get target(): string {
    return this.transport ? 'smtp' : this.config.mailDir;
  }

  async deliver(message: MailMessage): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, ...message });
      return;
    }
    await mkdir(this.config.mailDir, { recursive: true });
    const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const file = join(this.config.mailDir, `${this.clock.now().getTime()}-${randomBytes(3).toString('hex')}-${safeTo}.json`);
    // Written beside, then renamed: a reader of the folder never sees half a message.
    const partial = `${file}.partial`;
    await writeFile(partial, JSON.stringify({ from: this.config.mailFrom, ...message, createdAt: this.clock.now().toISOString() }, null, 2), { mode: 0o600 });
    await rename(partial, file);
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
