import { Command } from '@nestjs/cqrs';

export const FORGOT_MESSAGE = 'If an account exists for that email, a password reset link has been sent. Please check your inbox.';

/** Forgot password: mails a reset link (older links end); the answer is the same for any email. */
export class RequestPasswordResetCommand extends Command<{ success: true; message: string }> {
  constructor(readonly email: string | undefined) {
    super();
  }
}
