import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put, Query, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../../common/auth/auth.decorators.js';
import { AuthRateLimitGuard } from './infrastructure/auth-rate-limit.guard.js';
import {
  AcceptTermsDto,
  ChangePasswordDto,
  EmailInputDto,
  GoogleDto,
  LoginDto,
  RegisterDto,
  ResetPasswordDto,
  TokenInputDto,
  VerifyResetTokenDto,
} from './dto/auth.dto.js';
import { UpdateProfileDto } from './dto/profile.dto.js';
import { RegisterUserCommand } from './commands/register-user/register-user.command.js';
import { LogInCommand } from './commands/log-in/log-in.command.js';
import { LogInWithGoogleCommand } from './commands/log-in-with-google/log-in-with-google.command.js';
import { LogOutCommand } from './commands/log-out/log-out.command.js';
import { UpdateProfileCommand } from './commands/update-profile/update-profile.command.js';
import { VerifyEmailCommand } from './commands/verify-email/verify-email.command.js';
import { ResendVerificationCommand } from './commands/resend-verification/resend-verification.command.js';
import { RequestPasswordResetCommand } from './commands/request-password-reset/request-password-reset.command.js';
import { ResetPasswordCommand } from './commands/reset-password/reset-password.command.js';
import { ChangePasswordCommand } from './commands/change-password/change-password.command.js';
import { AcceptTermsCommand } from './commands/accept-terms/accept-terms.command.js';
import { CloseAccountCommand } from './commands/close-account/close-account.command.js';
import { GetUserProfileQuery } from './queries/get-user-profile/get-user-profile.query.js';
import { VerifyResetTokenQuery } from './queries/verify-reset-token/verify-reset-token.query.js';

/** /api/v1/auth: SPEC.md section 7 plus change-password and account deletion. Forms with query or body take either. */
@ApiTags('auth')
@Controller('auth')
export class IdentityController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Public()
  @ApiOperation({ security: [] })
  @UseGuards(AuthRateLimitGuard)
  @Post('register')
  register(@Body() dto: RegisterDto) {
    return this.commandBus.execute(new RegisterUserCommand(dto));
  }

  @Public()
  @ApiOperation({ security: [] })
  @UseGuards(AuthRateLimitGuard)
  @Post('login')
  @HttpCode(200)
  login(@Body() dto: LoginDto) {
    return this.commandBus.execute(new LogInCommand(dto));
  }

  @Public()
  @ApiOperation({ security: [] })
  @Post('google')
  @HttpCode(200)
  google(@Body() dto: GoogleDto) {
    return this.commandBus.execute(new LogInWithGoogleCommand(dto));
  }

  @Get('profile')
  async getProfile(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new GetUserProfileQuery(user.id)) };
  }

  @Put('profile')
  updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto) {
    return this.commandBus.execute(new UpdateProfileCommand(user.id, dto));
  }

  @Post('logout')
  @HttpCode(200)
  logout(@CurrentUser() user: AuthUser) {
    return this.commandBus.execute(new LogOutCommand(user));
  }

  @Public()
  @ApiOperation({ security: [] })
  @Post('verify-email')
  @HttpCode(200)
  verifyEmail(@Query() q: TokenInputDto, @Body() b: TokenInputDto) {
    return this.commandBus.execute(new VerifyEmailCommand(b.token ?? q.token));
  }

  @Public()
  @ApiOperation({ security: [] })
  @UseGuards(AuthRateLimitGuard)
  @Post('resend-verification')
  @HttpCode(200)
  resendVerification(@Query() q: EmailInputDto, @Body() b: EmailInputDto) {
    return this.commandBus.execute(new ResendVerificationCommand(b.email ?? q.email));
  }

  @Public()
  @ApiOperation({ security: [] })
  @UseGuards(AuthRateLimitGuard)
  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@Query() q: EmailInputDto, @Body() b: EmailInputDto) {
    return this.commandBus.execute(new RequestPasswordResetCommand(b.email ?? q.email));
  }

  @Public()
  @ApiOperation({ security: [] })
  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Query() q: ResetPasswordDto, @Body() b: ResetPasswordDto) {
    return this.commandBus.execute(
      new ResetPasswordCommand({
        token: b.token ?? q.token,
        newPassword: b.newPassword ?? q.newPassword,
        confirmPassword: b.confirmPassword ?? q.confirmPassword,
      }),
    );
  }

  @Public()
  @ApiOperation({ security: [] })
  @Get('verify-reset-token')
  verifyResetToken(@Query() q: VerifyResetTokenDto) {
    return this.queryBus.execute(new VerifyResetTokenQuery(q.token));
  }

  @UseGuards(AuthRateLimitGuard)
  @Post('change-password')
  @HttpCode(200)
  changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto) {
    return this.commandBus.execute(new ChangePasswordCommand(user.id, dto));
  }

  @Post('accept-terms')
  @HttpCode(200)
  acceptTerms(@CurrentUser() user: AuthUser, @Body() dto: AcceptTermsDto) {
    return this.commandBus.execute(new AcceptTermsCommand(user.id, dto.termsVersion));
  }

  @Delete('account')
  @HttpCode(200)
  deleteAccount(@CurrentUser() user: AuthUser) {
    return this.commandBus.execute(new CloseAccountCommand(user.id));
  }
}
