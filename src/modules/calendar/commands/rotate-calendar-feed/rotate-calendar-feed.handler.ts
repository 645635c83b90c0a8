import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../../../common/clock.js';
import { AppConfig } from '../../../../config/app-config.js';
import { CalendarFeedsRepository } from '../../infrastructure/calendar-feeds.repository.js';
import { RotateCalendarFeedCommand } from './rotate-calendar-feed.command.js';

@CommandHandler(RotateCalendarFeedCommand)
export class RotateCalendarFeedHandler implements ICommandHandler<RotateCalendarFeedCommand, { url: string; webcalUrl: string }> {
  constructor(
    @Inject(CalendarFeedsRepository) private readonly feeds: CalendarFeedsRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: RotateCalendarFeedCommand) {
    const secret = randomBytes(32).toString('base64url');
    await this.feeds.replace(userId, secret, this.clock.now());
    const url = `${this.config.appUrl}/api/v1/calendar/${secret}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  }
}
