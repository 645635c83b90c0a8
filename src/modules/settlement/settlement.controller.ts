import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { GetUserSettlementQuery } from './queries/get-user-settlement/get-user-settlement.query.js';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

/** A user's view of a settled day: the anonymised receipt and their own line. */
@ApiTags('settlement')
@ApiBearerAuth('bearer')
@Controller('settlements')
export class SettlementController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':date')
  async get(@CurrentUser() user: AuthUser, @Param('date') date: string) {
    return { success: true, data: await this.queryBus.execute(new GetUserSettlementQuery(user.id, date)) };
  }
}
