import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { PayoutWebhooksService } from './application/payout-webhooks.service.js';

/** Payout status webhooks (public: authenticated by the provider's signature over the raw body). */
@ApiTags('wallet')
@Controller('wallet/webhooks')
export class PayoutWebhooksController {
  constructor(@Inject(PayoutWebhooksService) private readonly webhooks: PayoutWebhooksService) {}

  @Public()
  @ApiOperation({ summary: 'RazorpayX payout webhook: payout.processed / failed / reversed (X-Razorpay-Signature over the raw body)', security: [] })
  @Post('razorpayx')
  @HttpCode(200)
  async razorpayx(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('x-razorpay-signature') signature?: string, @Headers('x-razorpay-event-id') eventId?: string) {
    return { success: true, data: await this.webhooks.razorpayx(req.rawBody, signature, eventId) };
  }
}
