import { Body, Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../../common/auth/auth.decorators.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { AppConfig } from '../../config/app-config.js';
import { SavePushSubscriptionCommand } from './commands/save-push-subscription/save-push-subscription.command.js';
import { PushEndpointDto, PushSubscriptionDto } from './dto/push.dto.js';
import { PushSubscriptionsRepository } from './infrastructure/push-subscriptions.repository.js';

/** Web Push: the server's VAPID public key, and the browsers a user wants reminders on. */
@ApiTags('notifications')
@ApiBearerAuth('bearer')
@Controller('notifications/push')
export class PushController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(PushSubscriptionsRepository) private readonly subs: PushSubscriptionsRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('public-key')
  @ApiOperation({ summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)", security: [] })
  publicKey() {
    if (!this.config.vapid) throw new DomainError('NOTIFICATIONS.PUSH_OFF', 'NOT_FOUND', 'Push notifications are not configured on this server');
    return { success: true, data: { publicKey: this.config.vapid.publicKey } };
  }

  @Post('subscriptions')
  @ApiOperation({ summary: "Keep this browser's push subscription (PushSubscription.toJSON()) for my reminders" })
  async subscribe(@CurrentUser() user: AuthUser, @Body() b: PushSubscriptionDto) {
    return { success: true, data: await this.commandBus.execute(new SavePushSubscriptionCommand({ userId: user.id, endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth })) };
  }

  @Delete('subscriptions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop push reminders on one browser' })
  async unsubscribe(@CurrentUser() user: AuthUser, @Body() b: PushEndpointDto) {
    return { success: true, data: { removed: await this.subs.remove(user.id, b.endpoint) } };
  }
}
