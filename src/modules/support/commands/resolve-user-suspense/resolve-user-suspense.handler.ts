import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { toRupees } from '../../../../common/money.js';
import { GetUserQuery } from '../../../identity/queries/get-user/get-user.query.js';
import { ResolveSuspenseCommand } from '../../../wallet/commands/resolve-suspense/resolve-suspense.command.js';
import { AccessLogRepository } from '../../infrastructure/access-log.repository.js';
import { SupportErrors } from '../../support.errors.js';
import { ResolveUserSuspenseCommand } from './resolve-user-suspense.command.js';

@CommandHandler(ResolveUserSuspenseCommand)
export class ResolveUserSuspenseHandler implements ICommandHandler<ResolveUserSuspenseCommand, { entryId: string; amount: number; reference: string }> {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(AccessLogRepository) private readonly access: AccessLogRepository,
  ) {}

  async execute({ actor, userId, reference, note }: ResolveUserSuspenseCommand) {
    if (!(await this.queryBus.execute(new GetUserQuery(userId)))) throw SupportErrors.userNotFound();
    const r = await this.commandBus.execute(new ResolveSuspenseCommand(userId, reference, note.trim(), actor.id));
    await this.access.recordBy(actor, userId, 'suspense.resolve', `suspense:${userId}`, { reference, amount: toRupees(r.amount), entryId: r.entryId });
    return { entryId: r.entryId, amount: toRupees(r.amount), reference };
  }
}
