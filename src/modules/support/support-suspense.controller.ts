import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { toRupees } from '../../common/money.js';
import { isUuid } from '../../common/uuid.js';
import { GetUserQuery } from '../identity/queries/get-user/get-user.query.js';
import { ListSuspenseQuery } from '../wallet/queries/list-suspense/list-suspense.query.js';
import { ResolveSuspenseCommand } from '../wallet/commands/resolve-suspense/resolve-suspense.command.js';
import { AccessLogRepository } from './infrastructure/access-log.repository.js';
import { SupportErrors } from './support.views.js';
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
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Suspense accounts still holding money (all=true: resolved ones too), each with its movements' })
  @ApiQuery({ name: 'all', required: false })
  async list(@CurrentUser() actor: AuthUser, @Query('all') all?: string) {
    const accounts = await this.queryBus.execute(new ListSuspenseQuery(all !== 'true'));
    await this.record(actor, null, 'suspense.list', 'suspense', { results: accounts.length });
    return {
      success: true,
      data: {
        accounts: accounts.map((a) => ({
          account: a.account,
          userId: a.userId,
          balance: toRupees(a.balance),
          entries: a.lines.map((l) => ({
            entryId: l.entryId,
            postedAt: l.postedAt.toISOString(),
            reason: l.reason,
            correlation: { type: l.correlationType, id: l.correlationId },
            amount: toRupees(l.amount),
            metadata: l.metadata,
          })),
        })),
        total: toRupees(accounts.reduce((sum, a) => sum + a.balance, 0n)),
      },
    };
  }

  @Post(':userId/resolve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record that the held money went back to its source (gateway refund id or bank reference): the suspense account is emptied, once per reference' })
  async resolve(@CurrentUser() actor: AuthUser, @Param('userId') userId: string, @Body() b: ResolveSuspenseDto) {
    if (!isUuid(userId) || !(await this.queryBus.execute(new GetUserQuery(userId)))) throw SupportErrors.userNotFound();
    const r = await this.commandBus.execute(new ResolveSuspenseCommand(userId, b.reference, b.note.trim(), actor.id));
    await this.record(actor, userId, 'suspense.resolve', `suspense:${userId}`, { reference: b.reference, amount: toRupees(r.amount), entryId: r.entryId });
    return { success: true, data: { entryId: r.entryId, amount: toRupees(r.amount), reference: b.reference }, message: 'Suspense resolved' };
  }

  private record(actor: AuthUser, subjectUserId: string | null, action: string, target: string, details: Record<string, unknown>) {
    return this.access.record({ actorId: actor.id, actorEmail: actor.email, subjectUserId, action, target, details });
  }
}
