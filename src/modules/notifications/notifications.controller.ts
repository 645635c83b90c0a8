import { Controller, HttpCode, Inject, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { MarkAllNotificationsReadCommand } from './commands/mark-all-notifications-read/mark-all-notifications-read.command.js';

/** The in-app notifications list is read under /wallet/notifications (SPEC.md); this marks them all read at once. */
@ApiTags('notifications')
@ApiBearerAuth('bearer')
@Controller('notifications')
export class NotificationsController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Patch('read-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark all my notifications read; answers how many were unread' })
  async readAll(@CurrentUser() user: AuthUser) {
    const data = await this.commandBus.execute(new MarkAllNotificationsReadCommand({ userId: user.id }));
    return { success: true, data, message: 'All notifications marked as read' };
  }
}
