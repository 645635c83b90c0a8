import { Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { GetUserLedgerQuery } from './queries/get-user-ledger/get-user-ledger.query.js';
import { GetUserPageQuery } from './queries/get-user-page/get-user-page.query.js';
import { SearchUsersQuery } from './queries/search-users/search-users.query.js';
import { SupportConsole } from './support-console.decorator.js';

/** Support console: find a user, their page (profile, balance, streak, challenges, who looked) and their ledger. */
@SupportConsole('support', 'own')
export class SupportUsersController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get('users')
  @ApiOperation({ summary: 'Find users by email, name, phone or id (q; email kept for older clients)' })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'email', required: false })
  async findUsers(@CurrentUser() actor: AuthUser, @Query('q') q?: string, @Query('email') email?: string) {
    return { success: true, data: await this.queryBus.execute(new SearchUsersQuery(actor, q, email)) };
  }

  @Get('users/:id')
  @ApiOperation({
    summary: "A user's page: profile, balance, stats and streak, all challenges (newest first, each with its referee's verdict) and the console access record",
  })
  async user(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return { success: true, data: await this.queryBus.execute(new GetUserPageQuery(actor, id)) };
  }

  @Get('users/:id/ledger')
  @ApiOperation({
    summary:
      "Every entry on the user's wallet with postings on both sides, running balance and links; related entries that do not touch the wallet (pool moves, payouts)",
  })
  async userLedger(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return { success: true, data: await this.queryBus.execute(new GetUserLedgerQuery(actor, id)) };
  }
}
