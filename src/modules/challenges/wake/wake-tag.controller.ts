import { Controller, Get, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { EnsureWakeTagCommand } from './commands/ensure-wake-tag/ensure-wake-tag.command.js';

/**
 * Wake missions: each person's wake-tag secret, the text of the QR code the app prints for them to stick away
 * from the bed. Created on the first call, the same afterwards. It unlocks a button in the app; it proves nothing.
 */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('me')
export class WakeTagController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Get('wake-tag')
  @ApiOperation({ summary: 'My wake tag: the text of the QR code to print (created on first call, then the same)' })
  async wakeTag(@CurrentUser() user: AuthUser) {
    const { code } = await this.commandBus.execute(new EnsureWakeTagCommand(user.id));
    return { success: true, data: { code } };
  }
}
