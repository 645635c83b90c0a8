import { Controller, Get, Inject, Param, ParseUUIDPipe, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { IsOptional, IsString } from 'class-validator';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { ChallengeErrors } from '../challenges.errors.js';
import { FileAppealCommand } from './commands/file-appeal/file-appeal.command.js';
import { GetAppealQuery } from './queries/get-appeal/get-appeal.query.js';

export class FileAppealDto {
  // Optional here so a missing reason on someone else's challenge is a 404 like any other id of theirs: the handler
  // checks the challenge is yours first, then the reason (required, 10–1000 characters).
  @IsOptional()
  @IsString({ message: 'reason must say what happened' })
  reason?: string;
}

const challengeId = new ParseUUIDPipe({ exceptionFactory: ChallengeErrors.notFound });

/** A fair hearing for a miss: dispute it within 48 hours; its forfeit waits for support's answer. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('challenges')
export class AppealsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Post(':id/appeal')
  @ApiOperation({
    summary:
      'Dispute a missed morning within 48 h: { reason } → { status: OPEN | UPHELD | REFUNDED, decisionNote? }; multipart with an optional `photo` (JPEG or PNG, up to 5 MB)',
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: FileAppealDto })
  async file(@CurrentUser() user: AuthUser, @Param('id', challengeId) id: string, @Req() req: FastifyRequest) {
    const { reason, photo } = await readAppealRequest(req);
    return { success: true, ...(await this.commandBus.execute(new FileAppealCommand(user.id, id, reason, photo))) };
  }

  @Get(':id/appeal')
  @ApiOperation({ summary: "The state of my appeal of this morning, with support's note once decided" })
  async get(@CurrentUser() user: AuthUser, @Param('id', challengeId) id: string) {
    const appeal = await this.queryBus.execute(new GetAppealQuery(user.id, id));
    if (!appeal) throw ChallengeErrors.appealNotFound();
    return { success: true, ...appeal };
  }
}

/** JSON `{ reason }`, or a multipart form with a `reason` field and an optional `photo` file (an empty file is none). */
async function readAppealRequest(req: FastifyRequest): Promise<{ reason: unknown; photo: Buffer | null }> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw ChallengeErrors.invalid('reason must say what happened');
    return { reason: (body as { reason?: unknown }).reason, photo: null };
  }
  let reason: unknown;
  let photo: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') throw ChallengeErrors.invalid(`Unknown file field: ${part.fieldname} (send the photo as "photo")`);
        photo = await part.toBuffer();
      } else if (part.fieldname === 'reason') {
        reason = part.value;
      }
    }
  } catch (e) {
    const err = e as { code?: string; statusCode?: number };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw ChallengeErrors.photoTooLarge();
    if (err.code === 'FST_FILES_LIMIT') throw ChallengeErrors.invalid('photo: send one photo only');
    if (e instanceof DomainError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) throw e;
    throw ChallengeErrors.invalid('The appeal form could not be read: send a complete multipart form or JSON');
  }
  return { reason, photo: photo && photo.length > 0 ? photo : null };
}
