import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '../../domain/user-view.js';
import type { GoogleDto } from '../../dto/auth.dto.js';

/** Signs in with a Google ID token: a new user is created with a verified email, an existing email is linked. */
export class LogInWithGoogleCommand extends Command<AuthResponse> {
  constructor(readonly dto: GoogleDto) {
    super();
  }
}
