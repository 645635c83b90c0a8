import { Get, Header, Inject, Param, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { GetChallengeStoryQuery } from './queries/get-challenge-story/get-challenge-story.query.js';
import { ViewChallengePhotoQuery } from './queries/view-challenge-photo/view-challenge-photo.query.js';
import { SupportConsole } from './support-console.decorator.js';

/** Support console: a challenge's whole story (created, check-in, closed, settled with its receipt line, ledger) and its selfie. */
@SupportConsole('support/challenges', 'own')
export class SupportChallengesController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

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
