import { Query } from '@nestjs/cqrs';

/** Whether a password-reset link would be accepted now (the link is not used up by asking). */
export class VerifyResetTokenQuery extends Query<{ success: true; valid: boolean; message: string }> {
  constructor(readonly token: string | undefined) {
    super();
  }
}
