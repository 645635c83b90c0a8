import { Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { RunLedgerVerificationCommand } from './commands/run-ledger-verification/run-ledger-verification.command.js';
import { GetLedgerHealthQuery } from './queries/get-ledger-health/get-ledger-health.query.js';
import { SupportConsole } from './support-console.decorator.js';

/** Support console: ledger health (projections = fold, journal sums to zero, hash chains intact), run now or the latest stored. */
@SupportConsole('support/ledger', 'own')
export class SupportLedgerController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  @Get('verify')
  @ApiOperation({ summary: 'Run the ledger verification now (kept for older clients; the result is stored too)' })
  async verifyNow(@CurrentUser() actor: AuthUser) {
    return { success: true, data: await this.commandBus.execute(new RunLedgerVerificationCommand(actor, 'ledger.verify')) };
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run the ledger verification now and store the result with its time' })
  async runVerify(@CurrentUser() actor: AuthUser) {
    return { success: true, data: await this.commandBus.execute(new RunLedgerVerificationCommand(actor, 'ledger.verify.run')) };
  }

  @Get('health')
  @ApiOperation({ summary: 'The latest stored verification (one is run and stored when there is none)' })
  async health(@CurrentUser() actor: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new GetLedgerHealthQuery(actor)) };
  }
}
