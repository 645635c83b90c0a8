import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { Interval } from '@nestjs/schedule';
import { MAIL_QUEUE } from './mail.constants.js';
import { MailOutbox } from './mail-outbox.js';
import { MailTransport } from './mail-transport.js';
import { MailProcessor } from './mail.processor.js';

/** Outgoing mail of every module: the outbox and its queue (CoreModule imports it). */
@Global()
@Module({
  imports: [BullModule.registerQueue({ name: MAIL_QUEUE })],
  providers: [MailTransport, MailOutbox],
  exports: [MailOutbox],
})
export class MailModule {}

/** The worker's minute timer: queue messages no job carries, alert on a message unsent for a day. */
@Injectable()
export class MailSweeper {
  private readonly logger = new Logger('Mail');
  constructor(@Inject(MailOutbox) private readonly outbox: MailOutbox) {}

  @Interval(60_000)
  async tick(): Promise<void> {
    try {
      await this.outbox.sweep();
      await this.outbox.alertStuck();
    } catch (e) {
      this.logger.warn(`mail sweep skipped: ${(e as Error).message}`);
    }
  }
}

/** The mail processor and sweeper: loaded by the worker only. */
@Module({ imports: [BullModule.registerQueue({ name: MAIL_QUEUE })], providers: [MailProcessor, MailSweeper] })
export class MailJobsModule {}
