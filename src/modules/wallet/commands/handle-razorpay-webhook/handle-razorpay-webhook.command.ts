import { Command } from '@nestjs/cqrs';

/** Acts on one Razorpay webhook (payment.captured credits the stored order once); a replayed event changes nothing. */
export class HandleRazorpayWebhookCommand extends Command<{ eventId: string; outcome: string }> {
  constructor(
    readonly rawBody: Buffer | undefined,
    readonly signature: string | undefined,
    readonly eventIdHeader: string | undefined,
  ) {
    super();
  }
}
