import { Body, Controller, Get, Inject, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { FileAppealCommand } from './commands/file-appeal/file-appeal.command.js';
import { challengeNotFound } from './commands/file-appeal/file-appeal.handler.js';
import { GetAppealQuery } from './queries/get-appeal/get-appeal.query.js';

export class FileAppealDto {
  @IsString({ message: 'reason must say what happened' })
  reason!: string;
}

const challengeId = new ParseUUIDPipe({ exceptionFactory: challengeNotFound });

/** A fair hearing for a miss: dispute it within 48 hours; its forfeit waits for support's answer. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('challenges')
export class AppealsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Post(':id/appeal')
  @ApiOperation({ summary: 'Dispute a missed morning within 48 h: { reason } → { status: OPEN | UPHELD | REFUNDED, decisionNote? }' })
  async file(@CurrentUser() user: AuthUser, @Param('id', challengeId) id: string, @Body() body: FileAppealDto) {
    return { success: true, ...(await this.commandBus.execute(new FileAppealCommand(user.id, id, body.reason))) };
  }

  @Get(':id/appeal')
  @ApiOperation({ summary: "The state of my appeal of this morning, with support's note once decided" })
  async get(@CurrentUser() user: AuthUser, @Param('id', challengeId) id: string) {
    const appeal = await this.queryBus.execute(new GetAppealQuery(user.id, id));
    if (!appeal) throw new DomainError('CHALLENGES.APPEAL_NOT_FOUND', 'NOT_FOUND', 'Appeal not found');
    return { success: true, ...appeal };
  }
}
