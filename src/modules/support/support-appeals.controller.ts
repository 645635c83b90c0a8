import { Body, Get, Header, HttpCode, Inject, Param, ParseUUIDPipe, Post, Query, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { AuthUser, CurrentUser } from '../../common/auth/auth.decorators.js';
import { toRupees } from '../../common/money.js';
import { DecideAppealCommand } from '../challenges/appeals/commands/decide-appeal/decide-appeal.command.js';
import { ListAppealsQuery } from '../challenges/appeals/queries/list-appeals/list-appeals.query.js';
import { GetUsersQuery } from '../identity/queries/get-users/get-users.query.js';
import { ViewAppealPhotoQuery } from './queries/view-appeal-photo/view-appeal-photo.query.js';
import { RecordsOwnAccess } from './support-access.interceptor.js';
import { SupportErrors } from './support.errors.js';
import { SupportConsole } from './support-console.decorator.js';

export class DecideAppealDto {
  @IsIn(['UPHELD', 'REFUNDED'], { message: 'decision must be UPHELD or REFUNDED' })
  decision!: 'UPHELD' | 'REFUNDED';

  @IsString({ message: 'note must be text the user will read' })
  @MinLength(5, { message: 'note must tell the user why in at least 5 characters' })
  @MaxLength(1000, { message: 'note must be at most 1000 characters' })
  note!: string;
}

const STATUSES = ['OPEN', 'UPHELD', 'REFUNDED'] as const;
const appealId = new ParseUUIDPipe({ exceptionFactory: SupportErrors.appealNotFound });

/** Support console: appeals of missed mornings, and the decision (uphold the miss, or refund) with a note the user sees. */
@SupportConsole('support/appeals', 'generic')
export class SupportAppealsController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Appeals, oldest first (status=OPEN for the ones waiting; default all)' })
  async list(@Query('status') status?: unknown) {
    if (status !== undefined && !STATUSES.includes(status as never)) throw SupportErrors.invalid(`status must be one of ${STATUSES.join(', ')}`);
    const appeals = await this.queryBus.execute(new ListAppealsQuery((status as (typeof STATUSES)[number]) ?? null));
    // who filed it, so staff can tell the rows apart (one read for all of them)
    const users = await this.queryBus.execute(new GetUsersQuery(appeals.map((a) => a.userId)));
    return {
      success: true,
      data: {
        appeals: appeals.map((a) => ({
          ...a,
          user: users.has(a.userId) ? { email: users.get(a.userId)!.email, fullName: users.get(a.userId)!.fullName } : null,
          challenge: a.challenge && {
            ...a.challenge,
            forfeitAmount: toRupees(a.challenge.stake),
            stake: undefined,
            checkInTime: a.challenge.checkInTime?.toISOString() ?? null,
          },
        })),
      },
    };
  }

  @Post(':id/decision')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Decide an appeal: UPHELD (the miss stands, its forfeit settles now) or REFUNDED (stake or forfeit back); the note goes to the user',
  })
  async decide(@CurrentUser() actor: AuthUser, @Param('id', appealId) id: string, @Body() body: DecideAppealDto) {
    return { success: true, data: await this.commandBus.execute(new DecideAppealCommand(id, body.decision, body.note.trim(), actor.id)) };
  }

  @Get(':id/photo')
  @RecordsOwnAccess()
  @ApiOperation({ summary: 'The photo sent with an appeal (content type from its bytes); the look is recorded' })
  @ApiProduces('image/jpeg', 'image/png')
  @Header('Cache-Control', 'private, no-store')
  async photo(@CurrentUser() actor: AuthUser, @Param('id', appealId) id: string): Promise<StreamableFile> {
    const { bytes, contentType } = await this.queryBus.execute(new ViewAppealPhotoQuery(actor, id));
    return new StreamableFile(bytes, { type: contentType, length: bytes.length });
  }
}
