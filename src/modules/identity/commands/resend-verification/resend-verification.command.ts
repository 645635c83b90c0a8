import { Command } from '@nestjs/cqrs';

export const RESEND_MESSAGE = 'If an account with that email exists and is not yet verified, a verification email has been sent. Please check your inbox.';

/** Mails a new verification link to an open, unverified account; the answer is the same for any email. */
export class ResendVerificationCommand extends Command<{ success: true; message: string }> {
  constructor(readonly email: string | undefined) {
    super();
  }
}
