import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccountsService, AuthResponse } from '../../application/accounts.service.js';
import { IdentityErrors } from '../../identity.errors.js';
import { PasswordHasher } from '../../infrastructure/password-hasher.js';
import { LogInCommand } from './log-in.command.js';

/** The hash is checked for an unknown email too, so both refusals take the same time. */
@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand, AuthResponse> {
  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ dto }: LogInCommand): Promise<AuthResponse> {
    const user = await this.accounts.findActiveByEmail(dto.email);
    const ok = await this.hasher.verify(user?.passwordHash ?? null, dto.password);
    if (!user || !ok) throw IdentityErrors.invalidCredentials();
    return this.accounts.authResponse(user);
  }
}
