import { Command } from '@nestjs/cqrs';
import type { ChangePasswordDto } from '../../dto/auth.dto.js';

/** Changes a signed-in user's password: every other session ends and this one gets a fresh token. */
export class ChangePasswordCommand extends Command<{ success: true; message: string; token: string }> {
  constructor(
    readonly userId: string,
    readonly dto: ChangePasswordDto,
  ) {
    super();
  }
}
