import { Controller, Delete, Get, HttpCode, Inject, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { RemovePayoutMethodCommand } from './commands/remove-payout-method/remove-payout-method.command.js';
import { ListPayoutMethodsQuery } from './queries/list-payout-methods/list-payout-methods.query.js';
import { LookupIfscQuery } from './queries/lookup-ifsc/lookup-ifsc.query.js';

@ApiTags('wallet')
@ApiBearerAuth('bearer')
@Controller('wallet/payout-methods')
export class PayoutMethodsController {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Saved payout methods (destinations of paid withdrawals), most recently used first, masked' })
  async list(@CurrentUser() user: AuthUser) {
    return { success: true as const, data: { payoutMethods: await this.queries.execute(new ListPayoutMethodsQuery(user.id)) } };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Forget one saved payout method' })
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.commands.execute(new RemovePayoutMethodCommand(user.id, id));
    return { success: true as const, message: 'Saved payout method removed' };
  }
}

@ApiTags('wallet')
@ApiBearerAuth('bearer')
@Controller('ifsc')
export class IfscController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Get(':code')
  @ApiOperation({ summary: "The bank branch of an IFSC (Razorpay's public IFSC directory): 400 malformed, 404 unknown, 503 directory unreachable" })
  async lookup(@Param('code') code: string) {
    return { success: true as const, data: await this.queries.execute(new LookupIfscQuery(code)) };
  }
}
