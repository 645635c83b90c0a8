import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '../../domain/user-view.js';
import type { LoginDto } from '../../dto/auth.dto.js';

/** Signs in with email and password: issues a session token. */
export class LogInCommand extends Command<AuthResponse> {
  constructor(readonly dto: LoginDto) {
    super();
  }
}
