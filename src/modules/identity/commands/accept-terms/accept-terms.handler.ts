import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { assertAcceptableTerms } from '../../domain/consent.js';
import type { UserView } from '../../domain/user-view.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetUserViewQuery } from '../../queries/get-user-view/get-user-view.query.js';
import { AcceptTermsCommand } from './accept-terms.command.js';

@CommandHandler(AcceptTermsCommand)
export class AcceptTermsHandler implements ICommandHandler<AcceptTermsCommand, { success: true; message: string; data: UserView }> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId, termsVersion }: AcceptTermsCommand): Promise<{ success: true; message: string; data: UserView }> {
    assertAcceptableTerms(termsVersion);
    await this.users.recordConsent(userId, this.clock.now());
    const user = await this.users.active(userId);
    return {
      success: true,
      message: 'Thank you: your acceptance of the current terms is recorded',
      data: await this.queries.execute(new GetUserViewQuery(user)),
    };
  }
}
