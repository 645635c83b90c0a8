import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser, CurrentUser, Public } from '../../common/auth/auth.decorators.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { DepositsService } from './application/deposits.service.js';
import { WithdrawalsService } from './application/withdrawals.service.js';
import { WalletReadingService } from './application/wallet-reading.service.js';
import { SandboxOnlyGuard } from './sandbox-only.guard.js';
import { DepositDto, SandboxCheckoutDto, VerifyPaymentDto, WithdrawDto } from './dto/wallet.dto.js';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';

@ApiTags('wallet')
@ApiBearerAuth('bearer')
@Controller('wallet')
export class WalletController {
  constructor(
    @Inject(DepositsService) private readonly deposits: DepositsService,
    @Inject(WithdrawalsService) private readonly withdrawals: WithdrawalsService,
    @Inject(WalletReadingService) private readonly reading: WalletReadingService,
  ) {}

  @Get('balance')
  balance(@CurrentUser() user: AuthUser) {
    return this.reading.balance(user.id);
  }

  @Post('deposit')
  async deposit(@CurrentUser() user: AuthUser, @Body() body: DepositDto) {
    return { success: true, data: await this.deposits.create(user.id, body.amount), message: 'Payment order created' };
  }

  @Post('verify-payment')
  @HttpCode(200)
  verifyPayment(@CurrentUser() user: AuthUser, @Body() b: VerifyPaymentDto) {
    const orderId = b.orderId ?? b.razorpay_order_id;
    const paymentId = b.paymentId ?? b.razorpay_payment_id;
    if (!orderId) throw new DomainError('WALLET.INVALID_INPUT', 'INVALID', 'orderId is required');
    if (!paymentId) throw new DomainError('WALLET.INVALID_INPUT', 'INVALID', 'paymentId is required');
    return this.deposits.verify(user.id, orderId, paymentId, b.signature ?? b.razorpay_signature);
  }

  @Public()
  @ApiOperation({ summary: 'Razorpay webhook (public: authenticated by the X-Razorpay-Signature header)', security: [] })
  @Post('webhooks/razorpay')
  @HttpCode(200)
  async razorpayWebhook(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('x-razorpay-signature') signature?: string, @Headers('x-razorpay-event-id') eventId?: string) {
    return { success: true, data: await this.deposits.webhook(req.rawBody, signature, eventId) };
  }

  @Public()
  @UseGuards(SandboxOnlyGuard)
  @Post('sandbox/checkout')
  @HttpCode(200)
  sandboxCheckout(@CurrentUser() user: AuthUser, @Body() b: SandboxCheckoutDto) {
    return this.deposits.sandboxCheckout(user.id, b.orderId);
  }

  @Post('withdraw/validate')
  @HttpCode(200)
  validateWithdrawal(@CurrentUser() user: AuthUser, @Body() b: WithdrawDto) {
    return this.withdrawals.validate(user.id, b);
  }

  @Post('withdraw')
  withdraw(@CurrentUser() user: AuthUser, @Body() b: WithdrawDto) {
    return this.withdrawals.request(user.id, b);
  }

  @Get('transactions')
  transactions(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>) {
    return this.reading.transactions(user.id, q);
  }

  @Get('statement.csv')
  @ApiOperation({ summary: 'Statement of IST dates startDate..endDate (at most 366 days) as CSV: opening balance, each line with its running balance, closing balance' })
  @ApiQuery({ name: 'startDate', required: true, type: String, description: 'YYYY-MM-DD (IST)' })
  @ApiQuery({ name: 'endDate', required: true, type: String, description: 'YYYY-MM-DD (IST)' })
  @ApiProduces('text/csv')
  async statement(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const { filename, csv } = await this.reading.statement(user.id, q);
    void reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${filename}"`).header('Cache-Control', 'no-store');
    return csv;
  }

  @Get('transactions/:id')
  transaction(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.reading.transaction(user.id, id);
  }

  @Get('payment-methods')
  paymentMethods(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>) {
    return this.reading.paymentMethods(user.id, q);
  }

  @Get('earnings')
  earnings(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>) {
    return this.reading.earnings(user.id, q);
  }

  @Get('notifications')
  notifications(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>) {
    return this.reading.notifications(user.id, q);
  }

  @Put('notifications/:id/read')
  markRead(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.reading.markRead(user.id, id);
  }
}
