import { Command } from '@nestjs/cqrs';

/** The person's wake-tag code (the QR code's text): made on the first call, the same afterwards. */
export class EnsureWakeTagCommand extends Command<{ code: string }> {
  constructor(readonly userId: string) {
    super();
  }
}
