import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '../../domain/user-view.js';
import type { RegisterDto } from '../../dto/auth.dto.js';

/** Signs a person up with email and password, mails the verification link and signs them in. */
export class RegisterUserCommand extends Command<AuthResponse> {
  constructor(readonly dto: RegisterDto) {
    super();
  }
}
