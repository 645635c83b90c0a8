import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { SetStakeCapDto, StartPauseDto } from './dto/self-limits.dto.js';
import { ChangeSelfLimitsCommand } from './commands/change-self-limits/change-self-limits.command.js';
import { GetSelfLimitsQuery } from './queries/get-self-limits/get-self-limits.query.js';

/** Limits a person sets on their own staking: tightening holds at once, loosening after 24 hours. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('me/limits')
export class SelfLimitsController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'My monthly stake cap, this month’s stakes, a pending raise, and any cooling-off pause' })
  async get(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new GetSelfLimitsQuery(user.id)) };
  }

  @Put()
  @ApiOperation({ summary: 'Set the monthly stake cap (₹10 to ₹3,100, or null): a lower cap holds at once, a higher one or none after 24 hours' })
  async setCap(@CurrentUser() user: AuthUser, @Body() body: SetStakeCapDto) {
    return { success: true, data: await this.commandBus.execute(new ChangeSelfLimitsCommand(user.id, { kind: 'cap', monthlyStakeCap: body.monthlyStakeCap })) };
  }

  @Post('pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start a cooling-off pause of 7 or 30 days: no new stakes until it ends' })
  async pause(@CurrentUser() user: AuthUser, @Body() body: StartPauseDto) {
    return { success: true, data: await this.commandBus.execute(new ChangeSelfLimitsCommand(user.id, { kind: 'pause', days: body.days })) };
  }

  @Delete('pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'End a cooling-off pause early: it ends 24 hours from now' })
  async endPause(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.commandBus.execute(new ChangeSelfLimitsCommand(user.id, { kind: 'end-pause' })) };
  }
}
