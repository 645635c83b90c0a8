import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { AuthUser, CurrentUser } from '../../../common/auth/auth.decorators.js';
import { DomainError } from '../../../common/errors/domain-error.js';
import { fingerprintOf, IdempotencyStore, IdempotentAnswer } from '../../../common/idempotency.js';
import { parseRupees, toRupees } from '../../../common/money.js';
import { createValidationPipe } from '../../../common/validation.js';
import { ChallengeErrors } from '../challenges.errors.js';
import { CancelChallengeCommand } from './commands/cancel-challenge/cancel-challenge.command.js';
import { CheckInChallengeCommand, Photo } from './commands/check-in-challenge/check-in-challenge.command.js';
import { CreateChallengeCommand } from './commands/create-challenge/create-challenge.command.js';
import { CHALLENGE_STATUS_FILTERS, MAX_FORFEIT_RUPEES, MIN_FORFEIT_RUPEES } from '../shared/domain/challenge-rules.js';
import { LATE_CHECK_IN } from '../shared/domain/check-in-rule.js';
import { CanCreateQueryDto, CreateChallengeDto, PageQueryDto, VerifyChallengeDto } from './dto/challenge.dto.js';
import { GetChallengeStatsQuery } from '../record/queries/get-challenge-stats/get-challenge-stats.query.js';
import { ListMyChallengesQuery } from './queries/list-my-challenges/list-my-challenges.query.js';
import { GetMyChallengesOfDateQuery } from './queries/get-my-challenges-of-date/get-my-challenges-of-date.query.js';
import { GetMyChallengeQuery } from './queries/get-my-challenge/get-my-challenge.query.js';
import { CanCreateChallengeQuery } from './queries/can-create-challenge/can-create-challenge.query.js';
import { ListBookableDatesQuery } from './queries/list-bookable-dates/list-bookable-dates.query.js';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Clock } from '../../../common/clock.js';
import { isValidDate, zonedParts } from '../../../common/time.js';
import { AppConfig } from '../../../config/app-config.js';
import { GetPoolPreviewQuery } from '../../settlement/queries/get-pool-preview/get-pool-preview.query.js';
import { PROOF_LEVELS, PROOF_MESSAGE, parseProof } from '../shared/domain/proof-rules.js';

export function pageOf(q: PageQueryDto): { page: number; size: number } {
  return { page: q.page === undefined ? 0 : Number(q.page), size: q.size === undefined ? 10 : Number(q.size) };
}

const verifyPipe = createValidationPipe();

@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('challenges')
export class ChallengesController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(IdempotencyStore) private readonly idempotency: IdempotencyStore,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Post()
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateChallengeDto) {
    const challenge = await this.commandBus.execute(new CreateChallengeCommand(user.id, body));
    return { success: true, message: 'Challenge created', challenge };
  }

  @Get()
  async list(@CurrentUser() user: AuthUser, @Query() q: PageQueryDto) {
    const { page, size } = pageOf(q);
    return { success: true, ...(await this.queryBus.execute(new ListMyChallengesQuery(user.id, page, size))) };
  }

  @Get('stats')
  async stats(@CurrentUser() user: AuthUser) {
    const s = await this.queryBus.execute(new GetChallengeStatsQuery(user.id));
    // the contract's eight fields (pledge-mode donations are inside totalLosses; the support console shows them apart)
    const { totalDonated: _donated, ...rest } = s;
    return { ...rest, totalEarnings: toRupees(s.totalEarnings), totalLosses: toRupees(s.totalLosses) };
  }

  /** Before staking and on the Today card: how many play a date and the pool so far. */
  @Get('pool')
  @ApiOperation({ summary: "A date's players, total at stake and pool so far (rupees; default today); with stake, a win's estimated share" })
  @ApiQuery({ name: 'date', required: false, description: 'YYYY-MM-DD: the morning being staked (default today)' })
  @ApiQuery({
    name: 'stake',
    required: false,
    description: 'rupees (₹10 to ₹100): answer estimatedShare, what a win with this stake would get of that morning’s pool so far',
  })
  @ApiQuery({
    name: 'proof',
    required: false,
    enum: [...PROOF_LEVELS],
    description: 'the pool of this proof level (pools are per date and proof; default NONE)',
  })
  async pool(@Query('date') date?: unknown, @Query('stake') stake?: unknown, @Query('proof') proofParam?: unknown) {
    const proof = parseProof(proofParam);
    if (!proof) throw ChallengeErrors.invalid(PROOF_MESSAGE);
    const day = date === undefined || date === '' ? zonedParts(this.clock.now(), this.config.appTimezone).date : date;
    if (typeof day !== 'string' || !isValidDate(day)) throw ChallengeErrors.invalid('date must be a date in the form YYYY-MM-DD');
    const paise = stake === undefined || stake === '' ? undefined : previewStake(stake);
    const p = await this.queryBus.execute(new GetPoolPreviewQuery(day, paise, proof));
    const { estimatedShare, ...rest } = p;
    // pledge mode: nobody wins anyone's money, so there is no share to estimate
    const share =
      estimatedShare === undefined ? {} : { stake: toRupees(paise!), estimatedShare: this.config.poolMode === 'pledge' ? 0 : toRupees(estimatedShare) };
    return { success: true, data: { ...rest, totalStaked: toRupees(p.totalStaked), pool: toRupees(p.pool), ...share } };
  }

  @Get('can-create')
  canCreate(@CurrentUser() user: AuthUser, @Query() q: CanCreateQueryDto) {
    return this.queryBus.execute(new CanCreateChallengeQuery(user.id, q.date));
  }

  /** Today and the next 7 dates, each bookable or not (with the reason) and its open wake-up slots. */
  @Get('bookable-dates')
  async bookableDates(@CurrentUser() user: AuthUser) {
    return { success: true, data: await this.queryBus.execute(new ListBookableDatesQuery(user.id)) };
  }

  @Get('date/:date')
  async byDate(@CurrentUser() user: AuthUser, @Param('date') date: string) {
    return { success: true, ...(await this.queryBus.execute(new GetMyChallengesOfDateQuery(user.id, date))) };
  }

  @Get('status/:status')
  async byStatus(@CurrentUser() user: AuthUser, @Param('status') status: string, @Query() q: PageQueryDto) {
    const s = Object.hasOwn(CHALLENGE_STATUS_FILTERS, status.toUpperCase()) ? CHALLENGE_STATUS_FILTERS[status.toUpperCase()] : undefined;
    if (!s) throw ChallengeErrors.invalid(`status must be one of ${Object.keys(CHALLENGE_STATUS_FILTERS).join(', ')}`);
    const { page, size } = pageOf(q);
    return { success: true, ...(await this.queryBus.execute(new ListMyChallengesQuery(user.id, page, size, s))) };
  }

  /**
   * JSON, or multipart/form-data with the same fields and a `photo` file (JPEG or PNG, up to 5 MB). With an
   * `Idempotency-Key` header, every retry with that key gets the first request's answer (status and body) and one
   * check-in is recorded (common/idempotency.ts).
   */
  @Post('verify')
  @HttpCode(200)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'One key per check-in attempt (a UUID), reused on its retries: one check-in, the same answer (kept 24 h)',
  })
  async verify(@CurrentUser() user: AuthUser, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = IdempotencyStore.keyFrom(req.headers['idempotency-key']);
    const { fields, photo } = await readVerifyRequest(req);
    const checkIn = () => this.checkIn(user, fields, photo);
    const answer = key === undefined ? await checkIn() : await this.idempotency.run('check-in', user.id, key, fingerprintOf(fields, photo?.bytes), checkIn);
    void reply.status(answer.status).send(answer.body);
  }

  private async checkIn(user: AuthUser, fields: Record<string, unknown>, photo: Photo | null): Promise<IdempotentAnswer> {
    const input = (await verifyPipe.transform(fields, { type: 'body', metatype: VerifyChallengeDto })) as VerifyChallengeDto;
    const { challenge, isSuccessful } = await this.commandBus.execute(new CheckInChallengeCommand(user.id, input, photo));
    return {
      status: 200,
      body: {
        success: true,
        message: isSuccessful ? 'Challenge completed! You woke up on time.' : LATE_CHECK_IN,
        challenge,
        data: { isSuccessful, winningsAmount: challenge.winningsAmount },
      },
    };
  }

  @Get(':id')
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return { success: true, challenge: await this.queryBus.execute(new GetMyChallengeQuery(user.id, id)) };
  }

  @Delete(':id')
  async cancel(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const { challenge, refundedAmount } = await this.commandBus.execute(new CancelChallengeCommand(user.id, id));
    return { success: true, message: `Challenge cancelled: ₹${refundedAmount} returned to your wallet`, challenge, refundedAmount };
  }
}

async function readVerifyRequest(req: FastifyRequest): Promise<{ fields: Record<string, unknown>; photo: Photo | null }> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw ChallengeErrors.invalid('Send the check-in as a JSON object or a multipart form');
    return { fields: body as Record<string, unknown>, photo: null };
  }
  const fields: Record<string, unknown> = {};
  let photo: Photo | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') throw ChallengeErrors.invalid(`Unknown file field: ${part.fieldname} (send the selfie as "photo")`);
        photo = { bytes: await part.toBuffer() };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (e) {
    const err = e as { code?: string; statusCode?: number };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw ChallengeErrors.photoTooLarge();
    if (err.code === 'FST_FILES_LIMIT') throw ChallengeErrors.invalid('photo: send one photo only');
    if (e instanceof DomainError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) throw e;
    // A truncated or malformed form (busboy's "Unexpected end of form", a bad boundary) is the sender's fault.
    throw ChallengeErrors.invalid('The check-in form could not be read: send a complete multipart form or JSON');
  }
  // An empty file input counts as no photo.
  if (photo && photo.bytes.length === 0) photo = null;
  return { fields, photo };
}

/** A stake to estimate for: whole rupees in the stake range, else a 400 naming the rule. */
function previewStake(value: unknown): bigint {
  const paise = typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value) ? parseRupees(Number(value)) : null;
  if (paise === null || paise % 100n !== 0n || paise < BigInt(MIN_FORFEIT_RUPEES) * 100n || paise > BigInt(MAX_FORFEIT_RUPEES) * 100n) {
    throw ChallengeErrors.invalid(`stake must be a whole number of rupees from ₹${MIN_FORFEIT_RUPEES} to ₹${MAX_FORFEIT_RUPEES}`);
  }
  return paise;
}
