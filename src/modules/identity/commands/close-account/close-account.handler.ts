import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../../../common/clock.js';
import { TokenService } from '../../../../common/auth/token.service.js';
import { formatInr } from '../../../../common/money.js';
import { GetMoneyInFlightQuery } from '../../../wallet/queries/get-money-in-flight/get-money-in-flight.query.js';
import { HasPendingChallengesQuery } from '../../../challenges/day/queries/has-pending-challenges/has-pending-challenges.query.js';
import { ErasePayoutDetailsCommand } from '../../../wallet/commands/erase-payout-details/erase-payout-details.command.js';
import { EraseCheckInDetailsCommand } from '../../../challenges/proof/commands/erase-check-in-details/erase-check-in-details.command.js';
import { LeaveAllGroupsCommand } from '../../../groups/commands/leave-all-groups/leave-all-groups.command.js';
import { IdentityErrors } from '../../identity.errors.js';
import { IdentityTokensRepository } from '../../infrastructure/identity-tokens.repository.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { CloseAccountCommand } from './close-account.command.js';

/**
 * Refused while money is held or in flight (balance, an unsettled challenge, a withdrawal being paid, a deposit just
 * started). Otherwise the personal data is replaced (the row stays: the ledger and challenges refer to it under the
 * anonymised account), links end, and every session ends at once. Money that still arrives later goes to suspense.
 */
@CommandHandler(CloseAccountCommand)
export class CloseAccountHandler implements ICommandHandler<CloseAccountCommand, { success: true; message: string }> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(IdentityTokensRepository) private readonly oneTime: IdentityTokensRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  async execute({ userId }: CloseAccountCommand): Promise<{ success: true; message: string }> {
    await this.users.active(userId);
    await this.refuseWhileMoneyHeld(userId);
    // Sessions end before the row changes: a closure whose sessions cannot be ended (Redis down) does not happen (503).
    await this.tokens.revokeAllForUser(userId);
    const closedAt = this.clock.now();
    await this.db.transaction(async (m) => {
      // The row lock orders this closure with any credit in progress (it locks the row for share): after it, a credit
      // either is visible below (refused) or will see the closure (suspense).
      if (!(await this.users.lockOpenForClosure(m, userId))) throw IdentityErrors.userGone();
      await this.refuseWhileMoneyHeld(userId);
      await this.users.erase(m, userId, closedAt);
      await this.oneTime.deleteAllFor(userId, m);
      // What other modules hold about the person goes in the same transaction: payout details, check-in notes and
      // photos, and their place in groups (other members no longer see a closed account; it referees nobody).
      await this.commands.execute(new ErasePayoutDetailsCommand(userId, m));
      await this.commands.execute(new EraseCheckInDetailsCommand(userId, m));
      await this.commands.execute(new LeaveAllGroupsCommand(userId, m));
    });
    // Once more: a sign-in between the first revocation and the commit got a token the first did not cover.
    await this.tokens.revokeAllForUser(userId).catch(() => undefined);
    return { success: true, message: 'Your account has been deleted.' };
  }

  /** Asked of the wallet and challenges modules every time; a module without a handler fails the closure, never passes it. */
  private async refuseWhileMoneyHeld(userId: string): Promise<void> {
    const [money, pendingChallenge] = await Promise.all([
      this.queries.execute(new GetMoneyInFlightQuery(userId)),
      this.queries.execute(new HasPendingChallengesQuery(userId)),
    ]);
    if (money.balance > 0n) throw IdentityErrors.deleteWithBalance(formatInr(money.balance));
    if (pendingChallenge) throw IdentityErrors.deleteWithPendingChallenge();
    if (money.pendingWithdrawals > 0) throw IdentityErrors.deleteWithPendingWithdrawal();
    if (money.pendingDeposits > 0) throw IdentityErrors.deleteWithPendingDeposit();
  }
}
