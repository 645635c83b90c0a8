import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Clock } from '../../../../common/clock.js';
import { AppConfig } from '../../../../config/app-config.js';
import { DomainError } from '../../../../common/errors/domain-error.js';
import { isConcurrencyClash } from '../../../../common/pg-error.js';
import { retry, upTo } from '../../../../common/retry.js';
import { AfterCommit, TransactionalEvents } from '../../../../common/transactional-events.js';
import { addDays, isValidDate, zonedInstant } from '../../../../common/time.js';
import { DetectOutagesCommand } from '../../../availability/commands/detect-outages/detect-outages.command.js';
import { ListOutagesQuery } from '../../../availability/queries/list-outages/list-outages.query.js';
import { forgivenNote, forgivingOutage, OutageSpan } from '../../domain/forgiveness.js';
import { CloseMissedChallengesCommand } from '../../../challenges/day/commands/close-missed-challenges/close-missed-challenges.command.js';
import {
  MarkChallengesProcessedCommand,
  ProcessedChallenge,
} from '../../../challenges/day/commands/mark-challenges-processed/mark-challenges-processed.command.js';
import {
  GetSettleableChallengesQuery,
  SettleableChallenge,
} from '../../../challenges/day/queries/get-settleable-challenges/get-settleable-challenges.query.js';
import { PostStakeMovementsCommand, StakeMovement } from '../../../wallet/commands/post-stake-movements/post-stake-movements.command.js';
import { TakePlatformRevenueCommand } from '../../../wallet/commands/take-platform-revenue/take-platform-revenue.command.js';
import { RECEIPT_RULE } from '../../domain/receipt.js';
import { computePledgeSplit, PledgeSplitInput } from '../../domain/split.js';
import { SettlementRepository, SettlementLineRow, SettlementRun, StagedChallenge } from '../../infrastructure/settlement.repository.js';
import { PAGE_SIZE, settlementChunkSize } from '../../settlement.constants.js';
import { SettlementErrors } from '../../settlement.errors.js';
import { ChallengesSettled, SettledLine } from '../../events/challenges-settled.event.js';
import { SettleDateCommand, SettleDateResult, SettledBatchSummary } from './settle-date.command.js';

@CommandHandler(SettleDateCommand)
export class SettleDateHandler implements ICommandHandler<SettleDateCommand, SettleDateResult> {
  private readonly logger = new Logger('Settlement');

  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(SettlementRepository) private readonly repo: SettlementRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(TransactionalEvents) private readonly events: TransactionalEvents,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /**
   * The whole day in this process is the worker's parts run one after another under the date's lock: plan, the losers'
   * payments (they fund the pool), the winners', finish. The steps are the same code either way.
   */
  async execute({ date, step }: SettleDateCommand): Promise<SettleDateResult> {
    // a part is known by its run (the date rides along for the logs)
    if (step?.kind === 'pay') return { date, closed: 0, linesPaid: await this.payPart(step), batches: [] };
    if (!isValidDate(date)) throw SettlementErrors.invalidDate(date);
    if (step?.kind === 'finish') return this.finish(date, step.closed, step.paidByParts);
    const release = await this.repo.tryLockDate(date);
    if (!release) throw SettlementErrors.busy(date);
    try {
      const { closed, runIds } = await this.plan(date);
      if (step?.kind === 'plan') return { date, closed, linesPaid: 0, batches: [], runIds };
      let paid = 0;
      for (const winners of [false, true]) for (const runId of runIds) paid += await this.payPart({ runId, winners, from: null, to: null });
      return await this.finish(date, closed, paid);
    } finally {
      await release();
    }
  }

  /** Plan: close what is due and store the plan for what is not yet planned; pays nothing. Answers the unsettled runs. */
  private async plan(date: string): Promise<{ closed: number; runIds: string[] }> {
    const { closed } = await this.commandBus.execute(new CloseMissedChallengesCommand(date));
    // a stored plan (a crash or a failure left it) is paid as stored, never recomputed
    for (const run of await this.repo.runsOfDate(date)) if (run.status !== 'SETTLED') await this.repo.markRunning(run.id, this.clock.now());
    await this.planNewBatches(date);
    const runIds = (await this.repo.runsOfDate(date)).filter((r) => r.status !== 'SETTLED').map((r) => r.id);
    return { closed, runIds };
  }

  /** Pay: the pending lines of one outcome of one run whose user falls in [from, to) (null: no bound), chunk by chunk. */
  private async payPart({ runId, winners, from, to }: { runId: string; winners: boolean; from: string | null; to: string | null }): Promise<number> {
    const run = await this.repo.runById(runId);
    if (!run || run.status === 'SETTLED') return 0;
    try {
      return await this.payPending(run, winners, { from, to });
    } catch (e) {
      await this.repo.recordError(run.id, (e as Error).message ?? String(e), this.clock.now()).catch(() => undefined);
      throw e;
    }
  }

  /** Finish: revenue and SETTLED for every run of the date whose lines are all paid (any left are paid first). */
  private async finish(date: string, closed: number, paidByParts: number): Promise<SettleDateResult> {
    let linesPaid = paidByParts;
    for (const run of await this.repo.runsOfDate(date)) {
      if (run.status === 'SETTLED') continue;
      linesPaid += await this.payRun(run);
    }
    const batches = (await this.repo.runsOfDate(date)).map(summary);
    return { date, closed, linesPaid, batches };
  }

  /**
   * Stores the plan of a new batch over everything of the date closed and not yet planned (null: nothing to plan).
   * The settleable set streams page by page into the plan (the pool is computed over all of it, in SQL, not per page).
   */
  private async planNewBatch(date: string, test: boolean, proof: Proof, outages: OutageSpan[]): Promise<SettlementRun | null> {
    const run = await this.repo.createPlanStreamed(date, this.settleablePages(date, test, 'pool', proof, outages), RECEIPT_RULE, this.clock.now(), test, proof);
    if (run === 'CONFLICT') throw SettlementErrors.planConflict(date);
    if (run) {
      this.logger.log(
        `Settlement ${date} batch ${run.batchNo}${test ? ' (test challenges)' : ''}${proof === 'PHOTO' ? ' (photo proof)' : ''} planned: ${run.participants} challenges, pool ${run.pool} paise`,
      );
      await this.repo.refreshStatistics();
    }
    return run;
  }

  /**
   * TEST_MODE challenges never share a pool with real ones, nor pledge-mode challenges (POOL_MODE fixed at creation)
   * with pool-mode ones: each kind is planned as its own batch, so a date holding both modes keeps them apart.
   */
  private async planNewBatches(date: string): Promise<SettlementRun[]> {
    const outages = await this.outagesAround(date);
    const runs: SettlementRun[] = [];
    // Pools are per date and proof too; a NONE miss never pays a PHOTO winner, nor the other way round
    for (const test of [false, true]) {
      for (const proof of PROOFS) {
        for (const run of [await this.planNewBatch(date, test, proof, outages), await this.planPledgeBatch(date, test, proof, outages)])
          if (run) runs.push(run);
      }
    }
    return runs;
  }

  /**
   * The outages recorded around the date (its local day, an hour either side), after asking the availability module to
   * bring them up to date from its samples: a miss whose window overlapped one is forgiven in the plan, and the plan is
   * then paid as stored (an outage recorded later changes nothing; support has the appeal for that).
   */
  private async outagesAround(date: string): Promise<OutageSpan[]> {
    const tz = this.config.appTimezone;
    const from = new Date(zonedInstant(date, '00:00', tz).getTime() - 3_600_000);
    const to = new Date(zonedInstant(addDays(date, 1), '00:00', tz).getTime() + 3_600_000);
    await this.commandBus.execute(new DetectOutagesCommand(from, to));
    const found = await this.queryBus.execute(new ListOutagesQuery({ from, to }));
    return found.map((o) => ({ id: o.id, kind: o.kind, startedAt: new Date(o.startedAt), endedAt: o.endedAt ? new Date(o.endedAt) : null }));
  }

  /** A pledge-mode batch: the simple path (the day's pledge challenges in memory, computePledgeSplit), no pool, no SQL split. */
  private async planPledgeBatch(date: string, test: boolean, proof: Proof, outages: OutageSpan[]): Promise<SettlementRun | null> {
    const rows: PledgeSplitInput[] = [];
    const notes = new Map<string, string>();
    const missNotes = new Map<string, string>();
    for await (const page of this.settleablePages(date, test, 'pledge', proof, outages)) {
      for (const c of page) {
        rows.push({ ...c, charityId: c.charityId ?? null });
        if (c.forgivenBy && c.forgivenNote) notes.set(c.id, c.forgivenNote);
        if (!c.isSuccessful && c.missNote) missNotes.set(c.id, c.missNote);
      }
    }
    if (rows.length === 0) return null;
    const run = await this.repo.createPledgePlan(date, computePledgeSplit(rows), this.clock.now(), test, notes, proof, missNotes);
    if (run === 'CONFLICT') throw SettlementErrors.planConflict(date);
    if (run)
      this.logger.log(
        `Settlement ${date} batch ${run.batchNo} (pledge mode${test ? ', test challenges' : ''}) planned: ${run.participants} challenges, donated ${run.receipt.donated} paise`,
      );
    return run;
  }

  /** The date's settleable challenges in keyset pages, minus any already in a stored plan. */
  private async *settleablePages(
    date: string,
    test: boolean,
    poolMode: 'pool' | 'pledge',
    proof: Proof,
    outages: OutageSpan[],
  ): AsyncGenerator<StagedChallenge[]> {
    let afterId: string | null = null;
    for (;;) {
      const page: SettleableChallenge[] = await this.queryBus.execute(new GetSettleableChallengesQuery(date, afterId, PAGE_SIZE, test, poolMode, proof));
      if (page.length === 0) return;
      const planned = await this.repo.plannedAmong(page.map((c) => c.id));
      const rows: StagedChallenge[] = [];
      for (const c of page) {
        if (planned.has(c.id)) {
          this.logger.warn(`Challenge ${c.id} of ${date} is already in a settlement batch but not PROCESSED; left out of the new batch`);
          continue;
        }
        const forgiving = forgivingOutage({ isSuccessful: c.isSuccessful, opensAt: new Date(c.windowOpensAt), closesAt: new Date(c.windowClosesAt) }, outages);
        rows.push({
          id: c.id,
          userId: c.userId,
          stake: BigInt(c.stake),
          isSuccessful: c.isSuccessful,
          createdAt: new Date(c.createdAt),
          charityId: c.charityId,
          forgivenBy: forgiving?.id ?? null,
          forgivenNote: forgiving ? forgivenNote(forgiving, this.config.appTimezone) : null,
          missNote: c.missNote,
        });
      }
      yield rows;
      afterId = page[page.length - 1].id;
    }
  }

  /** Pays what is left of a stored plan (losers first, they fund the pool; then winners), then its revenue, and marks it SETTLED. */
  private async payRun(run: SettlementRun): Promise<number> {
    let paid = 0;
    try {
      // a line left behind a cursor (its claim by a concurrent payer rolled back) fails the count below; the job's
      // retry pays it
      for (const isSuccessful of [false, true]) paid += await this.payPending(run, isSuccessful, null);
      // a pledge batch has no pool: its platform-bound forfeits were posted line by line
      if (run.platformRevenue > 0n && !run.revenuePaid && run.receipt.mode !== 'pledge') {
        await this.repo.dataSource.transaction(async (manager) => {
          if (await this.repo.markRevenuePaid(manager, run.id)) {
            await this.commandBus.execute(
              new TakePlatformRevenueCommand({
                date: run.date,
                batchId: `batch-${run.batchNo}`,
                amount: run.platformRevenue,
                testPool: run.receipt.test === true,
                proof: run.receipt.proof ?? 'NONE',
                manager,
              }),
            );
          }
        });
      }
      const left = await this.repo.countPending(run.id);
      if (left.failed + left.winners > 0) throw new Error(`Settlement ${run.date} batch ${run.batchNo}: ${left.failed + left.winners} lines still unpaid`);
      await this.repo.markSettled(run.id, this.clock.now());
      this.logger.log(`Settlement ${run.date} batch ${run.batchNo} settled (${paid} lines paid now)`);
      return paid;
    } catch (e) {
      await this.repo.recordError(run.id, (e as Error).message ?? String(e), this.clock.now()).catch(() => undefined);
      throw e;
    }
  }

  /** Pays the pending lines of one outcome (of one user range), chunk by chunk from a cursor; answers how many. */
  private async payPending(run: SettlementRun, isSuccessful: boolean, users: { from: string | null; to: string | null } | null): Promise<number> {
    let paid = 0;
    for (let after = 0; ; ) {
      const lines = await this.repo.pendingLines(run.id, isSuccessful, after, settlementChunkSize(), users);
      if (lines.length === 0) return paid;
      paid += await this.payChunk(run, lines);
      after = lines[lines.length - 1].lineNo;
    }
  }

  /** A chunk that clashed with a concurrent writer (version conflict, deadlock) is retried whole: it committed nothing. */
  private payChunk(run: SettlementRun, lines: SettlementLineRow[]): Promise<number> {
    return retry(() => this.payChunkOnce(run, lines), {
      attempts: CHUNK_ATTEMPTS,
      retryable: isTransient,
      onRetry: (e) => this.logger.warn(`Settlement ${run.date} chunk retried after a transient clash: ${(e as Error).message}`),
      delay: (attempt) => 20 * attempt + upTo(50),
    });
  }

  /**
   * One transaction per chunk, a few multi-row statements whatever its size: claim the lines, publish ChallengesSettled
   * (the notifications module stores every notice in one insert, awaited, in this transaction), mark the challenges
   * processed, then post all the chunk's stake movements in one ledger batch (last, so the day's pool row stays locked
   * only briefly while another worker pays another chunk). Receipt mails staged by the handler are queued after the commit.
   */
  private async payChunkOnce(run: SettlementRun, lines: SettlementLineRow[]): Promise<number> {
    let paid = 0;
    let afterCommit: AfterCommit | undefined;
    await this.repo.dataSource.transaction(async (manager) => {
      await this.repo.useKeyedPlans(manager);
      const claimed = await this.repo.claimLines(
        manager,
        lines.map((l) => l.challengeId),
        this.clock.now(),
      );
      const items: ProcessedChallenge[] = [];
      const movements: StakeMovement[] = [];
      const settled: SettledLine[] = [];
      const testPool = run.receipt.test === true;
      const pledge = run.receipt.mode === 'pledge';
      const proof = run.receipt.proof ?? 'NONE';
      for (const l of lines) {
        if (!claimed.has(l.challengeId)) continue;
        const base = { userId: l.userId, challengeId: l.challengeId };
        if (l.forgivenBy) {
          // forgiven for an outage of ours: the whole stake back under its own journal reason, nothing forfeited
          movements.push({ type: 'RETURN_STAKE', ...base, amount: l.stake, reason: 'OUTAGE_FORGIVEN' });
          items.push({
            challengeId: l.challengeId,
            winningsAmount: 0n,
            actualForfeitAmount: 0n,
            forgivenReason: l.forgivenNote ?? 'Forgiven: our service was down during your window',
          });
        } else if (!l.isSuccessful) {
          if (l.refund > 0n) movements.push({ type: 'REFUND_STAKE', ...base, amount: l.refund });
          if (l.pooled > 0n) {
            movements.push(
              pledge
                ? { type: 'DONATE_FORFEIT', ...base, date: run.date, amount: l.pooled, charityId: l.charityId }
                : { type: 'MOVE_TO_POOL', ...base, date: run.date, amount: l.pooled, testPool, proof },
            );
          }
          items.push({ challengeId: l.challengeId, winningsAmount: 0n, actualForfeitAmount: l.pooled });
        } else {
          movements.push({ type: 'RETURN_STAKE', ...base, amount: l.stake, reason: 'SETTLED' });
          if (l.winnings > 0n) movements.push({ type: 'PAY_WINNINGS', ...base, date: run.date, amount: l.winnings, testPool, proof });
          items.push({ challengeId: l.challengeId, winningsAmount: l.winnings, actualForfeitAmount: 0n });
        }
        settled.push(l);
        paid++;
      }
      if (items.length === 0) return;
      // the chunk's notices (and receipt mails) are written by the notifications module, in this transaction
      afterCommit = await this.events.publish(new ChallengesSettled(run.date, pledge ? 'pledge' : 'pool', testPool, settled, manager));
      await this.commandBus.execute(new MarkChallengesProcessedCommand(items, manager));
      await this.commandBus.execute(new PostStakeMovementsCommand({ movements, manager }));
    });
    await afterCommit?.();
    return paid;
  }
}

type Proof = 'NONE' | 'PHOTO';
const PROOFS: readonly Proof[] = ['NONE', 'PHOTO'];

const CHUNK_ATTEMPTS = 5;
const TRANSIENT_LEDGER_CODES = new Set(['LEDGER.CONCURRENT_UPDATE', 'LEDGER.BUSY']);

function isTransient(e: unknown): boolean {
  return e instanceof DomainError ? TRANSIENT_LEDGER_CODES.has(e.code) : isConcurrencyClash(e);
}

function summary(r: SettlementRun): SettledBatchSummary {
  const rc = r.receipt;
  return {
    batch: r.batchNo,
    status: r.status,
    participants: r.participants,
    successes: r.successes,
    failures: r.failures,
    pool: r.pool,
    sharesTotal: BigInt(rc.sharesTotal),
    roundingRemainder: BigInt(rc.roundingRemainder),
    platformRevenue: r.platformRevenue,
    moneyIn: BigInt(rc.moneyIn),
    moneyOut: BigInt(rc.moneyOut),
    ...(rc.mode === 'pledge' ? { mode: 'pledge' as const, donated: BigInt(rc.donated ?? '0') } : {}),
  };
}
