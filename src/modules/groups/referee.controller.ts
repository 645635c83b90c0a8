import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Put, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { AskRefereeCommand } from './commands/ask-referee/ask-referee.command.js';
import { DecideRefereeRequestCommand } from './commands/decide-referee-request/decide-referee-request.command.js';
import { SetRefereeCommand } from './commands/set-referee/set-referee.command.js';
import { imageContentType } from './domain/image-type.js';
import { AskRefereeDto, RefereeAnswerDto, SetRefereeDto } from './dto/groups.dto.js';
import { GetRefereeOverviewQuery } from './queries/get-referee-overview/get-referee-overview.query.js';
import { GetRefereePhotoQuery } from './queries/get-referee-photo/get-referee-photo.query.js';

/** A referee confirms or rejects a photo check-in when asked; the answer is recorded and shown, it moves no money. */
@ApiTags('groups')
@ApiBearerAuth('bearer')
@Controller('groups')
export class RefereeController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Put(':id/referee')
  @ApiOperation({ summary: 'Name my referee { userId } (a member of this group), or { userId: null } for none' })
  async set(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: SetRefereeDto) {
    const referee = await this.commandBus.execute(new SetRefereeCommand(user.id, id, body.userId));
    return { success: true, message: referee ? `${referee.name} is now your referee` : 'You have no referee', data: { referee } };
  }

  @Get('referee/overview')
  @ApiOperation({ summary: 'My referee, the check-ins I sent, and the ones I am asked to look at' })
  async overview(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new GetRefereeOverviewQuery(user.id)) };
  }

  @Post('referee/requests')
  @ApiOperation({ summary: 'Ask my referee about one of my photo check-ins { challengeId }' })
  async ask(@CurrentUser() user: AuthUser, @Body() body: AskRefereeDto) {
    return { success: true, message: 'Sent to your referee', data: await this.commandBus.execute(new AskRefereeCommand(user.id, body.challengeId)) };
  }

  @Get('referee/requests/:id/photo')
  @ApiOperation({ summary: 'The check-in photo, for the referee asked (or its owner)' })
  @ApiProduces('image/jpeg', 'image/png')
  @Header('Cache-Control', 'private, no-store')
  async photo(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<StreamableFile> {
    const bytes = await this.queryBus.execute(new GetRefereePhotoQuery(user.id, id));
    return new StreamableFile(bytes, { type: imageContentType(bytes) ?? 'application/octet-stream', length: bytes.length });
  }

  @Post('referee/requests/:id/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Referee: confirm the check-in { note? }' })
  async confirm(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: RefereeAnswerDto) {
    return {
      success: true,
      message: 'Check-in confirmed',
      data: await this.commandBus.execute(new DecideRefereeRequestCommand(user.id, id, 'CONFIRMED', body.note)),
    };
  }

  @Post('referee/requests/:id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Referee: reject the check-in { note? } (recorded and shown; it moves no money)' })
  async reject(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: RefereeAnswerDto) {
    return {
      success: true,
      message: 'Check-in rejected',
      data: await this.commandBus.execute(new DecideRefereeRequestCommand(user.id, id, 'REJECTED', body.note)),
    };
  }
}
