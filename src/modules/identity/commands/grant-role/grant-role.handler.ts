import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TokenService } from '../../../../common/auth/token.service.js';
import type { UserEntity } from '../../infrastructure/user.entity.js';
import { UsersRepository } from '../../infrastructure/users.repository.js';
import { GrantRoleCommand } from './grant-role.command.js';

/**
 * A changed role ends the user's sessions (their next sign-in carries it), and role-restricted routes read the stored
 * role anyway, so a demoted token loses the console even if Redis was down.
 */
@CommandHandler(GrantRoleCommand)
export class GrantRoleHandler implements ICommandHandler<GrantRoleCommand, { user: UserEntity; changed: boolean } | null> {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  async execute({ email, role }: GrantRoleCommand): Promise<{ user: UserEntity; changed: boolean } | null> {
    const user = await this.users.findActiveByEmail(email);
    if (!user) return null;
    const changed = user.role !== role;
    if (changed) await this.users.setRole(user.id, role);
    // Also when unchanged: running the command again is how an operator finishes one whose revocation failed.
    await this.tokens.revokeAllForUser(user.id);
    return { user: { ...user, role }, changed };
  }
}
