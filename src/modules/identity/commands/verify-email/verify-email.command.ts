import { Command } from '@nestjs/cqrs';

/** Uses an email-verification link once: the account's email counts as proven. */
export class VerifyEmailCommand extends Command<{ success: true; message: string }> {
  constructor(readonly token: string | undefined) {
    super();
  }
}
