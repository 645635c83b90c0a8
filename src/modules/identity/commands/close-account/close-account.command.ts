import { Command } from '@nestjs/cqrs';

/** DELETE /auth/account: closes the user's account (anonymised, every session ended), refused while money is held. */
export class CloseAccountCommand extends Command<{ success: true; message: string }> {
  constructor(readonly userId: string) {
    super();
  }
}
