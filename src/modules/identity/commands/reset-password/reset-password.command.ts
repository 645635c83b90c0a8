import { Command } from '@nestjs/cqrs';
import type { ResetPasswordDto } from '../../dto/auth.dto.js';

/** Uses a reset link once: sets the new password, proves the email, ends every session. */
export class ResetPasswordCommand extends Command<{ success: true; message: string }> {
  constructor(readonly input: ResetPasswordDto) {
    super();
  }
}
