import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { ResolveUserSuspenseCommand } from './commands/resolve-user-suspense/resolve-user-suspense.command.js';
import { ListSuspenseAccountsQuery } from './queries/list-suspense-accounts/list-suspense-accounts.query.js';
import { SupportConsole } from './support-console.decorator.js';

export class ResolveSuspenseDto {
  @IsString({ message: 'reference must be text' })
  @Length(3, 100, { message: 'reference must be 3 to 100 characters (the gateway refund id or bank reference)' })
  @Matches(/^[A-Za-z0-9._:/-]+$/, { message: 'reference may hold letters, digits and . _ : / - only' })
  reference: string;

  @IsString({ message: 'note must be text' })
  @Length(3, 500, { message: 'note must be 3 to 500 characters' })
  note: string;
}

/** Support console: money that arrived for closed accounts (a late deposit, a payout returned after closing), and its return. */
@SupportConsole('support/suspense', 'own')
export class SupportSuspenseController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Suspense accounts still holding money (all=true: resolved ones too), each with its movements' })
  @ApiQuery({ name: 'all', required: false })
  async list(@CurrentUser() actor: AuthUser, @Query('all') all?: string) {
    return { success: true, data: await this.queryBus.execute(new ListSuspenseAccountsQuery(actor, all === 'true')) };
  }

  @Post(':userId/resolve')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Record that the held money went back to its source (gateway refund id or bank reference): the suspense account is emptied, once per reference',
  })
  async resolve(@CurrentUser() actor: AuthUser, @Param('userId') userId: string, @Body() b: ResolveSuspenseDto) {
    return {
      success: true,
      data: await this.commandBus.execute(new ResolveUserSuspenseCommand(actor, userId, b.reference, b.note)),
      message: 'Suspense resolved',
    };
  }
}
