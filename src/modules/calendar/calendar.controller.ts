import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthUser, CurrentUser, Public } from '../../common/auth/auth.decorators.js';
import { CalendarErrors } from './calendar.errors.js';
import { RemoveCalendarFeedCommand } from './commands/remove-calendar-feed/remove-calendar-feed.command.js';
import { RotateCalendarFeedCommand } from './commands/rotate-calendar-feed/rotate-calendar-feed.command.js';
import { GetCalendarFeedQuery } from './queries/get-calendar-feed/get-calendar-feed.query.js';
import { GetCalendarFeedStatusQuery } from './queries/get-calendar-feed-status/get-calendar-feed-status.query.js';

const notFound = CalendarErrors.notFound;
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** A calendar subscription of the user's mornings, with alarms, at a secret address the phone's calendar polls. */
@ApiTags('calendar')
@ApiBearerAuth('bearer')
@Controller('calendar')
export class CalendarController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Post('feed')
  @ApiOperation({ summary: 'Create (or replace) my secret calendar feed address; the old address stops working' })
  async rotate(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.commandBus.execute(new RotateCalendarFeedCommand(user.id)) };
  }

  @Get('feed')
  @ApiOperation({ summary: 'Whether I have a calendar feed (its address is shown only when created)' })
  async status(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new GetCalendarFeedStatusQuery(user.id)) };
  }

  @Delete('feed')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop my calendar feed' })
  async remove(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.commandBus.execute(new RemoveCalendarFeedCommand(user.id)) };
  }

  @Public()
  @Get(':file')
  @ApiOperation({ summary: 'The feed itself (public: the secret in the address is the credential), iCalendar with alarms', security: [] })
  @ApiProduces('text/calendar')
  async feed(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const secret = FEED_FILE.exec(file)?.[1];
    const ics = secret ? await this.queryBus.execute(new GetCalendarFeedQuery(secret)) : null;
    if (ics === null) throw notFound();
    void reply.header('Content-Type', 'text/calendar; charset=utf-8').header('Cache-Control', 'private, max-age=300').header('Referrer-Policy', 'no-referrer');
    return ics;
  }
}
