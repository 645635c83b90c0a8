import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { HandlePayoutWebhookCommand } from './commands/handle-payout-webhook/handle-payout-webhook.command.js';

/** Payout status webhooks (public: authenticated by the provider's signature over the raw body). */
@ApiTags('wallet')
@Controller('wallet/webhooks')
export class PayoutWebhooksController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Public()
  @ApiOperation({ summary: 'RazorpayX payout webhook: payout.processed / failed / reversed (X-Razorpay-Signature over the raw body)', security: [] })
  @Post('razorpayx')
  @HttpCode(200)
  async razorpayx(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('x-razorpay-signature') signature?: string,
    @Headers('x-razorpay-event-id') eventId?: string,
  ) {
    return { success: true, data: await this.commandBus.execute(new HandlePayoutWebhookCommand(req.rawBody, signature, eventId)) };
  }
}
