import { Command } from '@nestjs/cqrs';
import type { Role } from '../../../../common/auth/auth.decorators.js';
import type { UserEntity } from '../../infrastructure/user.entity.js';

/** Operator (CLI): gives the open account with this email a role, at once; null when there is none. */
export class GrantRoleCommand extends Command<{ user: UserEntity; changed: boolean } | null> {
  constructor(
    readonly email: string,
    readonly role: Role,
  ) {
    super();
  }
}
