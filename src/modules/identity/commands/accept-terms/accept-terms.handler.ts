import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccountsService } from '../../application/accounts.service.js';
import { UserView, UserViewBuilder } from '../../application/user-view.js';
import { AcceptTermsCommand } from './accept-terms.command.js';

@CommandHandler(AcceptTermsCommand)
export class AcceptTermsHandler implements ICommandHandler<AcceptTermsCommand, { success: true; message: string; data: UserView }> {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(UserViewBuilder) private readonly views: UserViewBuilder,
  ) {}

  async execute({ userId, termsVersion }: AcceptTermsCommand): Promise<{ success: true; message: string; data: UserView }> {
    this.accounts.assertAcceptable(termsVersion);
    await this.accounts.recordConsent(userId);
    const user = await this.accounts.active(userId);
    return { success: true, message: 'Thank you: your acceptance of the current terms is recorded', data: await this.views.build(user) };
  }
}
