import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Clock } from '../../../common/clock.js';
import { parseRupees, toRupees } from '../../../common/money.js';
import { isValidDate, zonedParts } from '../../../common/time.js';
import { AppConfig } from '../../../config/app-config.js';
import { GetPoolPreviewQuery } from '../../settlement/queries/get-pool-preview/get-pool-preview.query.js';
import { ChallengeErrors } from '../challenges.errors.js';
import { parseProof } from '../shared/domain/proof-rules.js';
import { MAX_FORFEIT_RUPEES, MIN_FORFEIT_RUPEES } from '../shared/domain/challenge-rules.js';

/** Before staking and on the Today card: how many play a date and the pool so far. */
@ApiTags('challenges')
@ApiBearerAuth('bearer')
@Controller('challenges')
export class PoolPreviewController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

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
    enum: ['NONE', 'PHOTO'],
    description: 'the pool of this proof level (pools are per date and proof; default NONE)',
  })
  async pool(@Query('date') date?: unknown, @Query('stake') stake?: unknown, @Query('proof') proofParam?: unknown) {
    const proof = parseProof(proofParam);
    if (!proof) throw ChallengeErrors.invalid('proof must be NONE or PHOTO');
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
}

/** A stake to estimate for: whole rupees in the stake range, else a 400 naming the rule. */
function previewStake(value: unknown): bigint {
  const paise = typeof value === 'string' && /^\d+(\.\d{1,2})?$/.test(value) ? parseRupees(Number(value)) : null;
  if (paise === null || paise % 100n !== 0n || paise < BigInt(MIN_FORFEIT_RUPEES) * 100n || paise > BigInt(MAX_FORFEIT_RUPEES) * 100n) {
    throw ChallengeErrors.invalid(`stake must be a whole number of rupees from ₹${MIN_FORFEIT_RUPEES} to ₹${MAX_FORFEIT_RUPEES}`);
  }
  return paise;
}
