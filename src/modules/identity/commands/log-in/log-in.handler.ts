import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { TokenService } from '../../../../common/auth/token.service.js';
import { authResponse, type AuthResponse } from '../../domain/user-view.js';
import { IdentityErrors } from '../../identity.errors.js';
import { PasswordHasher } from '../../infrastructure/password-hasher.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GetUserViewQuery } from '../../queries/get-user-view/get-user-view.query.js';
import { LogInCommand } from './log-in.command.js';

/** The hash is checked for an unknown email too, so both refusals take the same time. */
@CommandHandler(LogInCommand)
export class LogInHandler implements ICommandHandler<LogInCommand, AuthResponse> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ dto }: LogInCommand): Promise<AuthResponse> {
    const user = await this.users.findActiveByEmail(dto.email);
    const ok = await this.hasher.verify(user?.passwordHash ?? null, dto.password);
    if (!user || !ok) throw IdentityErrors.invalidCredentials();
    const view = await this.queries.execute(new GetUserViewQuery(user));
    return authResponse(this.tokens.sign(user), view);
  }
}
