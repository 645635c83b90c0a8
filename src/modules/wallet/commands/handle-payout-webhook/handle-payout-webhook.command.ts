import { Command } from '@nestjs/cqrs';

/** Acts on one RazorpayX payout webhook (processed, failed, reversed, …) for its withdrawal; a replayed event changes nothing. */
export class HandlePayoutWebhookCommand extends Command<{ eventId: string; outcome: string }> {
  constructor(
    readonly rawBody: Buffer | undefined,
    readonly signature: string | undefined,
    readonly eventIdHeader: string | undefined,
  ) {
    super();
  }
}
