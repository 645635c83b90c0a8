import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser, Public } from '../../common/auth/auth.decorators.js';
import { AuthService } from './application/auth.service.js';
import { ProfileService } from './application/profile.service.js';
import { AuthRateLimitGuard } from './infrastructure/auth-rate-limit.guard.js';
import { AcceptTermsDto, ChangePasswordDto, EmailInputDto, GoogleDto, LoginDto, RegisterDto, ResetPasswordDto, TokenInputDto, VerifyResetTokenDto } from './dto/auth.dto.js';
import { UpdateProfileDto } from './dto/profile.dto.js';

/** /api/v1/auth: SPEC.md section 7 plus change-password and account deletion. Forms with query or body take either. */
@ApiTags('auth')
@Controller('auth')
export class IdentityController {
  constructor(@Inject(AuthService) private readonly auth: AuthService, @Inject(ProfileService) private readonly profile: ProfileService) {}

  @Public()

  @ApiOperation({ security: [] })
  @UseGuards(AuthRateLimitGuard)
  @Post('register')
  register(@Body() dto: RegisterDto) {
    return this.auth.register(dto);
  }

  @Public()

  @ApiOperation({ security: [] })
  @UseGuards(AuthRateLimitGuard)
  @Post('login')
  @HttpCode(200)
  login(@Body() dto: LoginDto) {
    return this.auth.login(dto);
  }

  @Public()

  @ApiOperation({ security: [] })
  @Post('google')
  @HttpCode(200)
  google(@Body() dto: GoogleDto) {
    return this.auth.google(dto);
  }

  @Get('profile')
  getProfile(@CurrentUser() user: AuthUser) {
    return this.profile.get(user.id);
  }

  @Put('profile')
  updateProfile(@CurrentUser() user: AuthUser, @Body() dto: UpdateProfileDto) {
    return this.profile.update(user.id, dto);
  }

  @Post('logout')
  @HttpCode(200)
  logout(@CurrentUser() user: AuthUser) {
    return this.auth.logout(user);
  }

  @Public()

  @ApiOperation({ security: [] })
  @Post('verify-email')
  @HttpCode(200)
  verifyEmail(@Query() q: TokenInputDto, @Body() b: TokenInputDto) {
    return this.auth.verifyEmail(b.token ?? q.token);
  }

  @Public()

  @ApiOperation({ security: [] })
  @UseGuards(AuthRateLimitGuard)
  @Post('resend-verification')
  @HttpCode(200)
  resendVerification(@Query() q: EmailInputDto, @Body() b: EmailInputDto) {
    return this.auth.resendVerification(b.email ?? q.email);
  }

  @Public()

  @ApiOperation({ security: [] })
  @UseGuards(AuthRateLimitGuard)
  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@Query() q: EmailInputDto, @Body() b: EmailInputDto) {
    return this.auth.forgotPassword(b.email ?? q.email);
  }

  @Public()

  @ApiOperation({ security: [] })
  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Query() q: ResetPasswordDto, @Body() b: ResetPasswordDto) {
    return this.auth.resetPassword({ token: b.token ?? q.token, newPassword: b.newPassword ?? q.newPassword, confirmPassword: b.confirmPassword ?? q.confirmPassword });
  }

  @Public()

  @ApiOperation({ security: [] })
  @Get('verify-reset-token')
  verifyResetToken(@Query() q: VerifyResetTokenDto) {
    return this.auth.verifyResetToken(q.token);
  }

  @UseGuards(AuthRateLimitGuard)
  @Post('change-password')
  @HttpCode(200)
  changePassword(@CurrentUser() user: AuthUser, @Body() dto: ChangePasswordDto) {
    return this.auth.changePassword(user, dto);
  }

  @Post('accept-terms')
  @HttpCode(200)
  acceptTerms(@CurrentUser() user: AuthUser, @Body() dto: AcceptTermsDto) {
    return this.auth.acceptTerms(user, dto.termsVersion);
  }

  @Delete('account')
  @HttpCode(200)
  deleteAccount(@CurrentUser() user: AuthUser) {
    return this.profile.delete(user.id);
  }
}
