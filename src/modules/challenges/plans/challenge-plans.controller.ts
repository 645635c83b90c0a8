import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { ChallengeErrors } from '../challenges.errors.js';
import { ChangeChallengePlanCommand } from './commands/change-challenge-plan/change-challenge-plan.command.js';
import { CreateChallengePlanCommand } from './commands/create-challenge-plan/create-challenge-plan.command.js';
import { CreateChallengePlanDto } from './dto/challenge-plan.dto.js';
import { ListChallengePlansQuery } from './queries/list-challenge-plans/list-challenge-plans.query.js';

const planId = new ParseUUIDPipe({ exceptionFactory: ChallengeErrors.planNotFound });

/** Recurring challenges: a plan books each of its days from the wallet at 20:00 the evening before. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('challenge-plans')
export class ChallengePlansController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Make a plan, e.g. weekdays at 06:00 for 4 weeks, ₹20 a day (days: WEEKDAYS | WEEKENDS | EVERY_DAY | [1..7])' })
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateChallengePlanDto) {
    return { success: true, data: { plan: await this.commandBus.execute(new CreateChallengePlanCommand(user.id, body)) } };
  }

  @Get()
  @ApiOperation({ summary: 'My plans, newest first, each with its booked and skipped days and the next day it books' })
  async list(@CurrentUser() user: AuthUser) {
    return { success: true, data: { plans: await this.queryBus.execute(new ListChallengePlansQuery(user.id)) } };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel a plan (days already booked stay; cancel each on its own until the night before)' })
  async cancel(@CurrentUser() user: AuthUser, @Param('id', planId) id: string) {
    return { success: true, data: { plan: await this.commandBus.execute(new ChangeChallengePlanCommand(user.id, id, 'cancel')) } };
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause a plan: it books nothing until resumed' })
  async pause(@CurrentUser() user: AuthUser, @Param('id', planId) id: string) {
    return { success: true, data: { plan: await this.commandBus.execute(new ChangeChallengePlanCommand(user.id, id, 'pause')) } };
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a paused plan' })
  async resume(@CurrentUser() user: AuthUser, @Param('id', planId) id: string) {
    return { success: true, data: { plan: await this.commandBus.execute(new ChangeChallengePlanCommand(user.id, id, 'resume')) } };
  }
}
