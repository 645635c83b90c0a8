import { Body, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { Clock } from '../../common/clock.js';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { toRupees } from '../../common/money.js';
import { addDays, isValidDate, zonedInstant, zonedParts } from '../../common/time.js';
import { AppConfig } from '../../config/app-config.js';
import { CloseOutageCommand } from '../availability/commands/close-outage/close-outage.command.js';
import { RecordOutageCommand } from '../availability/commands/record-outage/record-outage.command.js';
import { ListOutagesQuery } from '../availability/queries/list-outages/list-outages.query.js';
import { ListForgivenLinesQuery } from '../settlement/queries/list-forgiven-lines/list-forgiven-lines.query.js';
import { SupportAccessInterceptor } from './support-access.interceptor.js';
import { SupportErrors } from './support.errors.js';
import { SupportConsole } from './support-console.decorator.js';

export class RecordOutageDto {
  @IsString({ message: 'kind must be CHECKIN_ERRORS, UPLOAD_FAILED, API_DOWN, WORKER_DOWN or INCIDENT' })
  kind!: string;

  @IsISO8601({ strict: true }, { message: 'startedAt must be an ISO instant' })
  startedAt!: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'endedAt must be an ISO instant (leave it out while the outage goes on)' })
  endedAt?: string;

  @IsString({ message: 'detail must say what happened' })
  @MaxLength(500, { message: 'detail must be at most 500 characters' })
  detail!: string;
}

export class CloseOutageDto {
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'endedAt must be an ISO instant (default: now)' })
  endedAt?: string;
}

const outageId = new ParseUUIDPipe({ exceptionFactory: SupportErrors.outageNotFound });

/**
 * Support console: the outages of a date (found by the availability recorder, or recorded by staff) and the challenges
 * each one forgave at settlement; staff record an incident the recorder cannot see, and close it. Every call is in the
 * support access log (SupportAccessInterceptor), and a recorded outage names its author.
 */
@SupportConsole('support/outages', 'generic')
export class SupportOutagesController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Outages overlapping a date (Asia/Kolkata; default today), each with the challenges it forgave' })
  async list(@Query('date') date?: unknown) {
    const tz = this.config.appTimezone;
    if (date !== undefined && (typeof date !== 'string' || !isValidDate(date))) throw SupportErrors.invalid('date must be a calendar date as YYYY-MM-DD');
    const day = (date as string | undefined) ?? zonedParts(this.clock.now(), tz).date;
    const outages = await this.queryBus.execute(new ListOutagesQuery({ from: zonedInstant(day, '00:00', tz), to: zonedInstant(addDays(day, 1), '00:00', tz) }));
    const forgiven = await this.queryBus.execute(new ListForgivenLinesQuery(outages.map((o) => o.id)));
    return {
      success: true,
      data: {
        date: day,
        outages: outages.map((o) => ({
          ...o,
          forgiven: forgiven
            .filter((f) => f.outageId === o.id)
            .map((f) => ({
              challengeId: f.challengeId,
              userId: f.userId,
              date: f.date,
              batch: f.batch,
              refunded: toRupees(f.stake),
              paid: f.paid,
              note: f.note,
            })),
        })),
      },
    };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Record an outage by hand (an incident the recorder cannot see); misses whose window it overlaps are forgiven at their settlement' })
  async record(@CurrentUser() actor: AuthUser, @Body() body: RecordOutageDto) {
    const input = {
      kind: body.kind as never,
      startedAt: new Date(body.startedAt),
      endedAt: body.endedAt ? new Date(body.endedAt) : null,
      detail: body.detail,
      actorId: actor.id,
    };
    return { success: true, data: await this.commandBus.execute(new RecordOutageCommand(input)) };
  }

  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the end of an outage still going on (default: now)' })
  async close(@CurrentUser() actor: AuthUser, @Param('id', outageId) id: string, @Body() body: CloseOutageDto) {
    const endedAt = body?.endedAt ? new Date(body.endedAt) : this.clock.now();
    return { success: true, data: await this.commandBus.execute(new CloseOutageCommand({ outageId: id, endedAt, actorId: actor.id })) };
  }
}
