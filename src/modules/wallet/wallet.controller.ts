import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser, CurrentUser, Public } from '../../common/auth/auth.decorators.js';
import { toRupees } from '../../common/money.js';
import { SandboxOnlyGuard } from './sandbox-only.guard.js';
import { DepositDto, SandboxCheckoutDto, VerifyPaymentDto, WithdrawDto } from './dto/wallet.dto.js';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { GetBalanceQuery } from './queries/get-balance/get-balance.query.js';
import { CreateDepositOrderCommand } from './commands/create-deposit-order/create-deposit-order.command.js';
import { VerifyDepositCommand } from './commands/verify-deposit/verify-deposit.command.js';
import { HandleRazorpayWebhookCommand } from './commands/handle-razorpay-webhook/handle-razorpay-webhook.command.js';
import { CompleteSandboxCheckoutCommand } from './commands/complete-sandbox-checkout/complete-sandbox-checkout.command.js';
import { ValidateWithdrawalQuery } from './queries/validate-withdrawal/validate-withdrawal.query.js';
import { RequestWithdrawalCommand } from './commands/request-withdrawal/request-withdrawal.command.js';
import { ListTransactionsQuery } from './queries/list-transactions/list-transactions.query.js';
import { GetStatementQuery } from './queries/get-statement/get-statement.query.js';
import { GetTransactionQuery } from './queries/get-transaction/get-transaction.query.js';
import { ListPaymentMethodsQuery } from './queries/list-payment-methods/list-payment-methods.query.js';
import { GetEarningsQuery } from './queries/get-earnings/get-earnings.query.js';
import { ListNotificationsQuery } from '../notifications/queries/list-notifications/list-notifications.query.js';
import { MarkNotificationReadCommand } from '../notifications/commands/mark-notification-read/mark-notification-read.command.js';

@ApiTags('wallet')
@ApiBearerAuth('bearer')
@Controller('wallet')
export class WalletController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Get('balance')
  async balance(@CurrentUser() user: AuthUser) {
    const { balance } = await this.queryBus.execute(new GetBalanceQuery(user.id));
    return { success: true as const, data: { balance: toRupees(balance) } };
  }

  @Post('deposit')
  async deposit(@CurrentUser() user: AuthUser, @Body() body: DepositDto) {
    return { success: true, data: await this.commandBus.execute(new CreateDepositOrderCommand(user.id, body.amount)), message: 'Payment order created' };
  }

  @Post('verify-payment')
  @HttpCode(200)
  verifyPayment(@CurrentUser() user: AuthUser, @Body() b: VerifyPaymentDto) {
    return this.commandBus.execute(new VerifyDepositCommand(user.id, b));
  }

  @Public()
  @ApiOperation({ summary: 'Razorpay webhook (public: authenticated by the X-Razorpay-Signature header)', security: [] })
  @Post('webhooks/razorpay')
  @HttpCode(200)
  async razorpayWebhook(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('x-razorpay-signature') signature?: string,
    @Headers('x-razorpay-event-id') eventId?: string,
  ) {
    return { success: true, data: await this.commandBus.execute(new HandleRazorpayWebhookCommand(req.rawBody, signature, eventId)) };
  }

  @Public()
  @UseGuards(SandboxOnlyGuard)
  @Post('sandbox/checkout')
  @HttpCode(200)
  sandboxCheckout(@CurrentUser() user: AuthUser, @Body() b: SandboxCheckoutDto) {
    return this.commandBus.execute(new CompleteSandboxCheckoutCommand(user.id, b.orderId));
  }

  @Post('withdraw/validate')
  @HttpCode(200)
  validateWithdrawal(@CurrentUser() user: AuthUser, @Body() b: WithdrawDto) {
    return this.queryBus.execute(new ValidateWithdrawalQuery(user.id, b));
  }

  @Post('withdraw')
  withdraw(@CurrentUser() user: AuthUser, @Body() b: WithdrawDto) {
    return this.commandBus.execute(new RequestWithdrawalCommand(user.id, b));
  }

  @Get('transactions')
  transactions(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>) {
    return this.queryBus.execute(new ListTransactionsQuery(user.id, q));
  }

  @Get('statement.csv')
  @ApiOperation({
    summary: 'Statement of IST dates startDate..endDate (at most 366 days) as CSV: opening balance, each line with its running balance, closing balance',
  })
  @ApiQuery({ name: 'startDate', required: true, type: String, description: 'YYYY-MM-DD (IST)' })
  @ApiQuery({ name: 'endDate', required: true, type: String, description: 'YYYY-MM-DD (IST)' })
  @ApiProduces('text/csv')
  async statement(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const { filename, csv } = await this.queryBus.execute(new GetStatementQuery(user.id, q));
    void reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'no-store');
    return csv;
  }

  @Get('transactions/:id')
  transaction(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.queryBus.execute(new GetTransactionQuery(user.id, id));
  }

  @Get('payment-methods')
  paymentMethods(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>) {
    return this.queryBus.execute(new ListPaymentMethodsQuery(user.id, q));
  }

  @Get('earnings')
  earnings(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>) {
    return this.queryBus.execute(new GetEarningsQuery(user.id, q));
  }

  @Get('notifications')
  notifications(@CurrentUser() user: AuthUser, @Query() q: Record<string, string>) {
    return this.queryBus.execute(new ListNotificationsQuery(user.id, q));
  }

  @Put('notifications/:id/read')
  markRead(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.commandBus.execute(new MarkNotificationReadCommand(user.id, id));
  }
}
