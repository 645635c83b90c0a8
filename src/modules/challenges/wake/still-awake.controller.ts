import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { ChallengeErrors } from '../challenges.errors.js';
import { AnswerStillAwakeCommand } from './commands/answer-still-awake/answer-still-awake.command.js';
import { SetStillAwakeCommand } from './commands/set-still-awake/set-still-awake.command.js';
import { StillAwakeSettingDto } from './dto/wake.dto.js';
import { GetStillAwakeCheckQuery, GetStillAwakeSettingQuery } from './queries/get-still-awake/get-still-awake.query.js';

/** "Still awake?": a second check 20-40 minutes after an on-time check-in, answered within 10 minutes. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller()
export class StillAwakeController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Get('still-awake')
  @ApiOperation({ summary: 'My "Still awake?" setting: { enabled }' })
  async setting(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new GetStillAwakeSettingQuery(user.id)) };
  }

  @Put('still-awake')
  @ApiOperation({ summary: 'Turn "Still awake?" on or off: { enabled }' })
  async set(@CurrentUser() user: AuthUser, @Body() body: StillAwakeSettingDto) {
    return { success: true, data: await this.commandBus.execute(new SetStillAwakeCommand(user.id, body.enabled)) };
  }

  @Get('challenges/:id/still-awake')
  @ApiOperation({ summary: 'The still-awake check of my challenge: SCHEDULED, ASKING, EXPIRED, ANSWERED, MISSED or VOID' })
  async check(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const check = await this.queryBus.execute(new GetStillAwakeCheckQuery(user.id, id));
    if (!check) throw ChallengeErrors.stillAwakeNotFound();
    return { success: true, data: check };
  }

  @Post('challenges/:id/still-awake')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answer the still-awake check ("yes, still awake") while it is asked' })
  async answer(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const r = await this.commandBus.execute(new AnswerStillAwakeCommand(user.id, id));
    return { success: true, message: 'Still awake: this morning counts', data: { challengeId: id, status: r.status, answeredAt: r.answeredAt.toISOString() } };
  }
}
