import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { GiveProofVerdictCommand } from './commands/give-proof-verdict/give-proof-verdict.command.js';
import { GetNextProofReviewQuery } from './queries/get-next-proof-review/get-next-proof-review.query.js';

export class PeerVerdictDto {
  @IsIn(['ACCEPTED', 'REJECTED'], { message: 'verdict must be ACCEPTED (a real morning) or REJECTED (not)' })
  verdict!: 'ACCEPTED' | 'REJECTED';
}

/** Peer review of PHOTO check-ins: one anonymous photo at a time, only from pools the reviewer has no stake in. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('proof-reviews')
export class ProofReviewsController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  @Get('next')
  @ApiOperation({ summary: 'The next anonymous photo to review (null when none): target and check-in times, the photo as a data URL' })
  async next(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new GetNextProofReviewQuery(user.id)) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Answer a photo: ACCEPTED (a real morning) or REJECTED (not); two peer rejections reject it. Pays nothing' })
  async answer(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: { verdict?: unknown } | undefined) {
    // the id is judged before the body (another user's id answers 404, whatever is sent); the handler checks the verdict
    await this.commandBus.execute(new GiveProofVerdictCommand(id, body?.verdict as PeerVerdictDto['verdict'], null, user.id, 'PEER'));
    return { success: true, message: 'Thank you: your answer is recorded' };
  }
}
