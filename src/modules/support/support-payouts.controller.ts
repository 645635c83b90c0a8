import { Body, Get, Header, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { MarkManualPayoutCommand } from '../wallet/commands/mark-manual-payout/mark-manual-payout.command.js';
import { ExportManualPayoutsCsvQuery, ListManualPayoutsQuery } from '../wallet/queries/list-manual-payouts/list-manual-payouts.query.js';
import { SupportConsole } from './support-console.decorator.js';

/** The bank's reference for a payout staff made by hand (UTR, RRN or the bulk file's reference). */
export class MarkPayoutPaidDto {
  @IsString({ message: 'bankReference is required' })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9 _/.-]{2,63}$/, { message: 'bankReference must be 3 to 64 letters, digits, spaces or _ / . -' })
  bankReference: string;
}

export class MarkPayoutFailedDto {
  @IsString({ message: 'reason is required' })
  @MinLength(3, { message: 'reason must be at least 3 characters' })
  @MaxLength(200, { message: 'reason must be at most 200 characters' })
  reason: string;
}

/** Support console, PAYOUTS_PROVIDER=manual: the payouts staff pay from the bank (every call recorded in the access log). */
@SupportConsole('support/payouts', 'generic')
export class SupportPayoutsController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  @Get('pending')
  @ApiOperation({ summary: 'Withdrawals waiting for staff to pay them from the bank (oldest first)' })
  async pending() {
    const payouts = await this.queryBus.execute(new ListManualPayoutsQuery());
    return { success: true, data: { payouts, total: payouts.length } };
  }

  @Get('pending.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="wakestake-payouts.csv"')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The same list as a bank bulk-payment CSV (amount in rupees, reference = withdrawal id)' })
  async csv() {
    return (await this.queryBus.execute(new ExportManualPayoutsCsvQuery())).csv;
  }

  @Post(':id/paid')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a manual payout paid with the bank reference (posts it out; once)' })
  async paid(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() b: MarkPayoutPaidDto) {
    return {
      success: true,
      data: await this.commandBus.execute(new MarkManualPayoutCommand(id, 'PAID', b.bankReference, actor.id)),
      message: 'Payout marked paid',
    };
  }

  @Post(':id/failed')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a manual payout failed with a reason (refunds the whole amount; once)' })
  async failed(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() b: MarkPayoutFailedDto) {
    return {
      success: true,
      data: await this.commandBus.execute(new MarkManualPayoutCommand(id, 'FAILED', b.reason, actor.id)),
      message: 'Payout marked failed: the amount was returned to the wallet',
    };
  }
}
