import { Body, Controller, Delete, Get, Inject, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { toRupees } from '../../../common/money.js';
import { BookLeaveCommand } from './commands/book-leave/book-leave.command.js';
import { CancelLeaveCommand } from './commands/cancel-leave/cancel-leave.command.js';
import { BookLeaveDto } from './dto/leave.dto.js';
import { ListLeaveQuery } from './queries/list-leave/list-leave.query.js';

/** Declared leave: days booked by 20:00 the evening before, LEAVE_DAYS_PER_MONTH a month; those mornings are excused. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('leave')
export class LeaveController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Book a leave day { date }: a challenge on it is excused (whole stake back), plans skip it' })
  async book(@CurrentUser() user: AuthUser, @Body() body: BookLeaveDto) {
    const r = await this.commandBus.execute(new BookLeaveCommand(user.id, body.date));
    return {
      success: true,
      message: `On leave on ${r.date}`,
      data: { date: r.date, excused: r.excused.map((e) => ({ challengeId: e.challengeId, refundedAmount: toRupees(e.refunded) })) },
    };
  }

  @Get()
  @ApiOperation({ summary: 'My leave days from the first of this month on, with the monthly allowance' })
  async list(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new ListLeaveQuery(user.id)) };
  }

  @Delete(':date')
  @ApiOperation({ summary: 'Remove a leave day (by the same deadline as booking it)' })
  async cancel(@CurrentUser() user: AuthUser, @Param('date') date: string) {
    return { success: true, message: `Leave on ${date} removed`, data: await this.commandBus.execute(new CancelLeaveCommand(user.id, date)) };
  }
}
