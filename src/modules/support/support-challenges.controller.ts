import { Body, Get, Header, HttpCode, Inject, Param, Post, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { GetChallengeStoryQuery } from './queries/get-challenge-story/get-challenge-story.query.js';
import { ViewChallengePhotoQuery } from './queries/view-challenge-photo/view-challenge-photo.query.js';
import { SupportConsole } from './support-console.decorator.js';
import { GiveProofVerdictCommand } from '../challenges/proof/commands/give-proof-verdict/give-proof-verdict.command.js';

/** POST /support/challenges/{id}/proof. */
export class ProofVerdictDto {
  @IsIn(['ACCEPTED', 'REJECTED'], { message: 'verdict must be ACCEPTED or REJECTED' })
  verdict!: 'ACCEPTED' | 'REJECTED';

  @IsOptional()
  @IsString({ message: 'note must be text the user will read' })
  @MaxLength(500, { message: 'note must be at most 500 characters' })
  note?: string;
}

/** Support console: a challenge's whole story (created, check-in, closed, settled with its receipt line, ledger) and its selfie. */
@SupportConsole('support/challenges', 'own')
export class SupportChallengesController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  @Post(':id/proof')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A verdict on a PHOTO check-in’s photo before its morning settles: ACCEPTED, or REJECTED (settles as a miss; the note is the reason its owner reads); after settlement 400',
  })
  async proof(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() body: ProofVerdictDto) {
    const note = body.note?.trim() || null;
    const { challenge } = await this.commandBus.execute(new GiveProofVerdictCommand(id, body.verdict, note, actor.id, 'SUPPORT'));
    return {
      success: true,
      message: `Photo proof ${body.verdict === 'ACCEPTED' ? 'accepted' : 'rejected'}`,
      data: { challengeId: challenge.id, proofStatus: challenge.proofStatus, verdict: body.verdict, note, challenge },
    };
  }

  @Get(':id')
  @ApiOperation({ summary: "A challenge's story: created, check-in, closed, settled (with the settlement receipt line) and its ledger entries" })
  async story(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return { success: true, data: await this.queryBus.execute(new GetChallengeStoryQuery(actor, id)) };
  }

  @Get(':id/photo')
  @ApiOperation({ summary: 'The stored check-in selfie (content type from its bytes)' })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic')
  @Header('Cache-Control', 'private, no-store')
  async photo(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<StreamableFile> {
    const { bytes, contentType } = await this.queryBus.execute(new ViewChallengePhotoQuery(actor, id));
    return new StreamableFile(bytes, { type: contentType, length: bytes.length });
  }
}
