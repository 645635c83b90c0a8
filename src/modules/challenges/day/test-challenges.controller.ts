import { CommandBus } from '@nestjs/cqrs';
import { Body, CanActivate, Controller, ExecutionContext, Inject, Injectable, Post, UseGuards } from '@nestjs/common';
import { CommonErrors } from '../../../common/errors/common.errors.js';
import { AuthUser, CurrentUser, Public } from '../../../common/auth/auth.decorators.js';
import { AppConfig } from '../../../config/app-config.js';
import { ChallengeErrors } from '../challenges.errors.js';
import { CreateTestChallengeCommand } from './commands/create-test-challenge/create-test-challenge.command.js';
import { CreateTestChallengeDto } from './dto/challenge.dto.js';
import { ApiTags } from '@nestjs/swagger';

/**
 * Without TEST_MODE every call is a plain 404, signed in or not (the route is @Public so the global guard
 * does not answer 401 first); with it, a signed-in user is still required. Runs before validation.
 */
@Injectable()
export class TestModeGuard implements CanActivate {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}
  canActivate(context: ExecutionContext): boolean {
    if (!this.config.testMode) throw ChallengeErrors.testModeOff();
    if (!context.switchToHttp().getRequest<{ user?: AuthUser }>().user) throw CommonErrors.invalidToken();
    return true;
  }
}

// Public (TEST_MODE only): no bearer requirement in the OpenAPI document.
@ApiTags('challenges')
@Controller('test/challenges')
@Public()
@UseGuards(TestModeGuard)
export class TestChallengesController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post('create-test-challenge')
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateTestChallengeDto) {
    const challenge = await this.commandBus.execute(new CreateTestChallengeCommand(user.id, body));
    return { success: true, challengeId: challenge.id, status: challenge.status, forfeitDeducted: challenge.forfeitAmount, challenge };
  }
}
