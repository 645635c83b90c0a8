import { Command } from '@nestjs/cqrs';

export interface SandboxCheckoutAnswer {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** Pays the user's own order through the sandbox's stand-in for Razorpay's checkout (sandbox mode only). */
export class CompleteSandboxCheckoutCommand extends Command<SandboxCheckoutAnswer> {
  constructor(
    readonly userId: string,
    readonly orderId: string,
  ) {
    super();
  }
}
