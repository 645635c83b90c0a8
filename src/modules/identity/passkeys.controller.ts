import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../../common/auth/auth.decorators.js';
import { AuthRateLimitGuard } from './infrastructure/auth-rate-limit.guard.js';
import { PasskeyCredentialDto, PasskeyLoginOptionsDto } from './dto/passkey.dto.js';
import { StartPasskeyRegistrationCommand } from './commands/start-passkey-registration/start-passkey-registration.command.js';
import { RegisterPasskeyCommand } from './commands/register-passkey/register-passkey.command.js';
import { StartPasskeyLoginCommand } from './commands/start-passkey-login/start-passkey-login.command.js';
import { LogInWithPasskeyCommand } from './commands/log-in-with-passkey/log-in-with-passkey.command.js';
import { RemovePasskeyCommand } from './commands/remove-passkey/remove-passkey.command.js';
import { ListPasskeysQuery } from './queries/list-passkeys/list-passkeys.query.js';

/** /api/v1/auth/passkeys: add a passkey when signed in, sign in with one, list and remove them. */
@ApiTags('auth')
@Controller('auth/passkeys')
export class PasskeysController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Post('registration-options')
  @HttpCode(200)
  @ApiOperation({ summary: 'Options for navigator.credentials.create (a discoverable passkey for the signed-in user)' })
  async registrationOptions(@CurrentUser() user: AuthUser) {
    return { success: true as const, data: await this.commandBus.execute(new StartPasskeyRegistrationCommand(user.id)) };
  }

  @Post('register')
  @ApiOperation({ summary: "Verifies the browser's attestation and adds the passkey" })
  async register(@CurrentUser() user: AuthUser, @Body() dto: PasskeyCredentialDto) {
    return { success: true as const, message: 'Passkey added', data: await this.commandBus.execute(new RegisterPasskeyCommand(user.id, dto.credential)) };
  }

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @Post('login-options')
  @HttpCode(200)
  @ApiOperation({ security: [], summary: 'Options for navigator.credentials.get; `email` optional (discoverable passkeys without it)' })
  async loginOptions(@Body() dto: PasskeyLoginOptionsDto) {
    return { success: true as const, data: await this.commandBus.execute(new StartPasskeyLoginCommand(dto.email || undefined)) };
  }

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ security: [], summary: "Verifies the browser's assertion; answers as POST /auth/login does" })
  login(@Body() dto: PasskeyCredentialDto) {
    return this.commandBus.execute(new LogInWithPasskeyCommand(dto.credential));
  }

  @Get()
  @ApiOperation({ summary: "The signed-in user's passkeys, oldest first" })
  async list(@CurrentUser() user: AuthUser) {
    return { success: true as const, data: { passkeys: await this.queryBus.execute(new ListPasskeysQuery(user.id)) } };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: "Removes one of the signed-in user's passkeys" })
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.commandBus.execute(new RemovePasskeyCommand(user.id, id));
    return { success: true as const, message: 'Passkey removed' };
  }
}
