import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TokenService } from '../../../../common/auth/token.service.js';
import { LogOutCommand } from './log-out.command.js';

@CommandHandler(LogOutCommand)
export class LogOutHandler implements ICommandHandler<LogOutCommand, { success: true; message: string }> {
  constructor(@Inject(TokenService) private readonly tokens: TokenService) {}

  async execute({ user }: LogOutCommand): Promise<{ success: true; message: string }> {
    await this.tokens.revoke(user);
    return { success: true, message: 'Logged out successfully' };
  }
}
