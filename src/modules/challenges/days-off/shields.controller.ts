import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { toRupees } from '../../../common/money.js';
import { SpendShieldCommand } from './commands/spend-shield/spend-shield.command.js';
import { GetShieldsQuery } from './queries/get-shields/get-shields.query.js';

/** Wake shields: earned by 7 successful mornings in a row, at most 3 held, spent before a window opens. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller()
export class ShieldsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Get('shields')
  @ApiOperation({ summary: 'My wake shields: held (at most 3), and the successful mornings still needed for the next' })
  async get(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new GetShieldsQuery(user.id)) };
  }

  @Post('challenges/:id/shield')
  @HttpCode(200)
  @ApiOperation({ summary: 'Spend a shield on a pending challenge before its window opens: the whole stake back, the streak kept' })
  async spend(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const r = await this.commandBus.execute(new SpendShieldCommand(user.id, id));
    return {
      success: true,
      message: `Wake shield used: ₹${toRupees(r.refunded)} returned to your wallet`,
      data: { challengeId: r.challengeId, challengeDate: r.challengeDate, refundedAmount: toRupees(r.refunded), shields: r.shields },
    };
  }
}
