import { Body, Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../../common/auth/auth.decorators.js';
import { SavePushSubscriptionCommand } from './commands/save-push-subscription/save-push-subscription.command.js';
import { RemovePushSubscriptionCommand } from './commands/remove-push-subscription/remove-push-subscription.command.js';
import { PushEndpointDto, PushSubscriptionDto } from './dto/push.dto.js';
import { GetPushPublicKeyQuery } from './queries/get-push-public-key/get-push-public-key.query.js';

/** Web Push: the server's VAPID public key, and the browsers a user wants reminders on. */
@ApiTags('notifications')
@ApiBearerAuth('bearer')
@Controller('notifications/push')
export class PushController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Public()
  @Get('public-key')
  @ApiOperation({ summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)", security: [] })
  async publicKey() {
    return { success: true, data: await this.queryBus.execute(new GetPushPublicKeyQuery()) };
  }

  @Post('subscriptions')
  @ApiOperation({ summary: "Keep this browser's push subscription (PushSubscription.toJSON()) for my reminders" })
  async subscribe(@CurrentUser() user: AuthUser, @Body() b: PushSubscriptionDto) {
    return {
      success: true,
      data: await this.commandBus.execute(new SavePushSubscriptionCommand({ userId: user.id, endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth })),
    };
  }

  @Delete('subscriptions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop push reminders on one browser' })
  async unsubscribe(@CurrentUser() user: AuthUser, @Body() b: PushEndpointDto) {
    return { success: true, data: await this.commandBus.execute(new RemovePushSubscriptionCommand(user.id, b.endpoint)) };
  }
}
