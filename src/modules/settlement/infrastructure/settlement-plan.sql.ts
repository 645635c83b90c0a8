import type { EntityManager } from 'typeorm';
import { buildPledgeReceipt, type StoredReceipt } from '../domain/receipt.js';
import { REFUND_PERCENT, type PledgeSplitResult } from '../domain/split.js';
import { RUN_COLUMNS, type Row, type StagedChallenge } from './settlement-rows.js';

/** A challenge of the batch already sits in another batch's plan: the plan's transaction rolls back. */
class PlanConflict extends Error {}

/** A plan's transaction, answering 'CONFLICT' when it rolled back on a line another batch already planned. */
export function orConflict<T>(plan: Promise<T>): Promise<T | 'CONFLICT'> {
  return plan.catch((e: unknown) => {
    if (e instanceof PlanConflict) return 'CONFLICT' as const;
    throw e;
  });
}

/**
 * The pool-mode split's arithmetic as SQL over settle_stage rows (id, user_id, stake, ok, created_at, forgiven_by),
 * generated from the domain's rule (domain/split.ts) so the percentage is written once: a miss gets
 * refundOf(stake) = stake × REFUND_PERCENT / 100 (bigint division of positive numbers: the floor, as in TypeScript), a
 * forgiven miss its whole stake (missRefund), the rest funds the pool; winners get floor(pool × stake / Σ winner stakes)
 * and the remaining paise one each to the largest remainders, ties to the smaller line number (created_at, then id:
 * computeSplit's byCreatedThenId). test/e2e/split-property.e2e-spec.ts runs this SQL against computeSplit on random
 * pools on every test run; `refundPercent` other than the domain's is for that test's proof that a rule changed on one
 * side only is caught.
 */
export interface PoolSplitSql {
  /** one row: n, wins, distinct_ids, forgiven, money_in, refunds, forgiven_total, pool, winner_stakes */
  totals: string;
  /** one row: floors = Σ floor(pool × stake / Σ winner stakes) over the winners ($1 pool, $2 Σ winner stakes) */
  floors: string;
  /**
   * every line with its line_no, refund, pooled and winnings ($1 pool, $2 Σ winner stakes, $3 the paise left after the
   * floors), plus id, user_id, stake, ok, forgiven_by, forgiven_note
   */
  lines: string;
}

export function poolSplitSql(refundPercent: bigint = REFUND_PERCENT): PoolSplitSql {
  if (typeof refundPercent !== 'bigint' || refundPercent < 0n || refundPercent > 100n)
    throw new Error(`poolSplitSql: refund percent ${refundPercent} is not 0–100`);
  const refundOf = `(stake * ${refundPercent} / 100)`;
  const forfeit = `(stake - ${refundOf})`;
  return {
    totals: `SELECT count(*)::int AS n, count(*) FILTER (WHERE ok)::int AS wins, count(DISTINCT id)::int AS distinct_ids,
            count(*) FILTER (WHERE forgiven_by IS NOT NULL)::int AS forgiven,
            coalesce(sum(stake), 0)::text AS money_in,
            coalesce(sum(CASE WHEN forgiven_by IS NULL THEN ${refundOf} ELSE stake END) FILTER (WHERE NOT ok), 0)::text AS refunds,
            coalesce(sum(stake) FILTER (WHERE forgiven_by IS NOT NULL), 0)::text AS forgiven_total,
            coalesce(sum(${forfeit}) FILTER (WHERE NOT ok AND forgiven_by IS NULL), 0)::text AS pool,
            coalesce(sum(stake) FILTER (WHERE ok), 0)::text AS winner_stakes
       FROM settle_stage`,
    floors: `SELECT coalesce(sum(div($1::numeric * stake, $2::numeric)), 0)::text AS floors FROM settle_stage WHERE ok`,
    lines: `SELECT id, user_id, stake, ok, forgiven_by, forgiven_note, line_no, refund, pooled,
              CASE WHEN ok THEN fl + CASE WHEN rr <= $3::bigint THEN 1 ELSE 0 END ELSE 0 END AS winnings
         FROM (SELECT b.*, row_number() OVER (PARTITION BY ok ORDER BY rem DESC, line_no) AS rr
                 FROM (SELECT id, user_id, stake, ok, forgiven_by, forgiven_note,
                              row_number() OVER (ORDER BY created_at, id) AS line_no,
                              CASE WHEN ok THEN 0 WHEN forgiven_by IS NOT NULL THEN stake ELSE ${refundOf} END AS refund,
                              CASE WHEN ok OR forgiven_by IS NOT NULL THEN 0 ELSE ${forfeit} END AS pooled,
                              CASE WHEN ok THEN div($1::numeric * stake, nullif($2::numeric, 0)) ELSE 0 END AS fl,
                              CASE WHEN ok THEN mod($1::numeric * stake, nullif($2::numeric, 0)) ELSE 0 END AS rem
                         FROM settle_stage) b) x`,
  };
}

/** The production rule: the domain's. */
const POOL_SPLIT_SQL = poolSplitSql();

/**
 * The pool-mode plan in SQL, inside the caller's transaction (see SettlementRepository.createPlanStreamed): stage the
 * pages, total them, insert the run, then every line with ONE INSERT … SELECT. Answers the run's row, or null when
 * nothing was staged; throws PlanConflict when a line was already planned.
 */
export async function writePoolPlan(
  m: EntityManager,
  date: string,
  pages: AsyncIterable<StagedChallenge[]>,
  rule: string,
  now: Date,
  test: boolean,
  split: PoolSplitSql = POOL_SPLIT_SQL,
  proof: 'NONE' | 'PHOTO' = 'NONE',
  /** filled while staging: a miss's reason its owner reads (a rejected proof photo) */
  missNotes: Map<string, string> = new Map(),
): Promise<Row | null> {
  // forgiven_by: a miss forgiven for an outage (domain/forgiveness.ts): refund = stake, pooled = 0, not a loss
  await m.query(
    `CREATE TEMP TABLE settle_stage (id uuid NOT NULL, user_id uuid NOT NULL, stake bigint NOT NULL, ok boolean NOT NULL, created_at timestamptz NOT NULL, forgiven_by uuid, forgiven_note varchar(300)) ON COMMIT DROP`,
  );
  for await (const page of pages) {
    if (page.length === 0) continue;
    for (const c of page) {
      if (c.stake <= 0n) throw new Error(`settlement plan: stake of ${c.id} must be positive`);
      if (!c.isSuccessful && c.missNote) missNotes.set(c.id, c.missNote);
    }
    const forgiven = page.map((c) => (c.isSuccessful ? null : (c.forgivenBy ?? null)));
    await m.query(
      `INSERT INTO settle_stage (id, user_id, stake, ok, created_at, forgiven_by, forgiven_note)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::boolean[], $5::timestamptz[], $6::uuid[], $7::varchar[])`,
      [
        page.map((c) => c.id),
        page.map((c) => c.userId),
        page.map((c) => String(c.stake)),
        page.map((c) => c.isSuccessful),
        page.map((c) => c.createdAt.toISOString()),
        forgiven,
        page.map((c, i) => (forgiven[i] ? (c.forgivenNote ?? null) : null)),
      ],
    );
  }
  const [t] = await m.query(split.totals);
  const participants = Number(t.n);
  if (participants === 0) return null;
  if (Number(t.distinct_ids) !== participants) throw new Error(`settlement plan ${date}: duplicate challenge in the settleable set`);
  const successes = Number(t.wins);
  const forgiven = Number(t.forgiven);
  const failures = participants - successes - forgiven;
  const moneyIn = BigInt(t.money_in);
  const refunds = BigInt(t.refunds);
  const pool = BigInt(t.pool);
  const winnerStakes = BigInt(t.winner_stakes);
  let floors = 0n;
  if (successes > 0) {
    const [f] = await m.query(split.floors, [String(pool), String(winnerStakes)]);
    floors = BigInt(f.floors);
  }
  const sharesTotal = successes > 0 ? pool : 0n;
  const remainder = successes > 0 ? pool - floors : 0n;
  const platformRevenue = successes > 0 ? 0n : pool;
  const moneyOut = refunds + winnerStakes + sharesTotal + platformRevenue;
  if (moneyOut !== moneyIn) throw new Error(`settlement plan ${date}: money out differs from money in`);

  const [{ next }] = await m.query(`SELECT COALESCE(MAX(batch_no), 0) + 1 AS next FROM settlement_runs WHERE settlement_date = $1`, [date]);
  const batchNo = Number(next);
  const receipt: StoredReceipt = {
    date,
    batch: batchNo,
    participants,
    successes,
    failures,
    forgiven,
    forgivenTotal: String(t.forgiven_total),
    moneyIn: String(moneyIn),
    refundsTotal: String(refunds),
    stakesReturned: String(winnerStakes),
    pool: String(pool),
    sharesTotal: String(sharesTotal),
    roundingRemainder: String(remainder),
    platformRevenue: String(platformRevenue),
    moneyOut: String(moneyOut),
    rule,
    lines: [],
    ...(test ? { test: true } : {}),
    ...(proof === 'PHOTO' ? { proof: 'PHOTO' as const } : {}),
  };
  const [run] = await m.query(
    `INSERT INTO settlement_runs (settlement_date, batch_no, status, participants, successes, failures, pool, shares_total,
       rounding_remainder, platform_revenue, money_in, money_out, receipt, attempts, started_at, updated_at)
     VALUES ($1, $2, 'RUNNING', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13, $13)
     RETURNING ${RUN_COLUMNS}`,
    [
      date,
      batchNo,
      participants,
      successes,
      failures,
      String(pool),
      String(sharesTotal),
      String(remainder),
      String(platformRevenue),
      String(moneyIn),
      String(moneyOut),
      JSON.stringify(receipt),
      now,
    ],
  );
  const runId = run.id as string;
  const [ins] = await m.query(
    `WITH ins AS (
       INSERT INTO settlement_lines (challenge_id, run_id, settlement_date, line_no, user_id, stake, is_successful, refund, pooled, winnings, forgiven_by, forgiven_note)
       SELECT id, $4::uuid, $5::date, line_no, user_id, stake, ok, refund, pooled, winnings, forgiven_by, forgiven_note
         FROM (${split.lines}) l
       ON CONFLICT (challenge_id) DO NOTHING
       RETURNING winnings)
     SELECT count(*)::int AS n, coalesce(sum(winnings), 0)::text AS shares FROM ins`,
    [String(pool), String(winnerStakes), String(remainder), runId, date],
  );
  if (Number(ins.n) !== participants) throw new PlanConflict();
  await writeMissNotes(m, missNotes);
  if (BigInt(ins.shares) !== sharesTotal) throw new Error(`settlement plan ${date}: shares ${ins.shares} differ from the pool ${sharesTotal}`);
  return run;
}

/** A miss's reason beside its line, in the plan's transaction (a rejected proof photo's owner reads why). */
async function writeMissNotes(m: EntityManager, notes: ReadonlyMap<string, string>): Promise<void> {
  if (notes.size === 0) return;
  await m.query(`UPDATE settlement_lines l SET miss_note = x.note FROM unnest($1::uuid[], $2::varchar[]) AS x(id, note) WHERE l.challenge_id = x.id`, [
    [...notes.keys()],
    [...notes.values()].map((n) => n.slice(0, 300)),
  ]);
}

/** The pledge-mode plan (split computed in memory), inside the caller's transaction: the run, then every line. */
export async function writePledgePlan(
  m: EntityManager,
  date: string,
  split: PledgeSplitResult,
  now: Date,
  test: boolean,
  notes?: ReadonlyMap<string, string>,
  proof: 'NONE' | 'PHOTO' = 'NONE',
  missNotes?: ReadonlyMap<string, string>,
): Promise<Row> {
  const t = split.totals;
  const [{ next }] = await m.query(`SELECT COALESCE(MAX(batch_no), 0) + 1 AS next FROM settlement_runs WHERE settlement_date = $1`, [date]);
  const batchNo = Number(next);
  const receipt = { ...buildPledgeReceipt(date, batchNo, split, test), ...(proof === 'PHOTO' ? { proof: 'PHOTO' as const } : {}) };
  const [run] = await m.query(
    `INSERT INTO settlement_runs (settlement_date, batch_no, status, participants, successes, failures, pool, shares_total,
       rounding_remainder, platform_revenue, money_in, money_out, receipt, attempts, started_at, updated_at)
     VALUES ($1, $2, 'RUNNING', $3, $4, $5, 0, 0, 0, $6, $7, $8, $9, 1, $10, $10)
     RETURNING ${RUN_COLUMNS}`,
    [date, batchNo, t.participants, t.successes, t.failures, String(t.platformRevenue), String(t.moneyIn), String(t.moneyOut), JSON.stringify(receipt), now],
  );
  const L = split.lines;
  const [ins] = await m.query(
    `WITH ins AS (
       INSERT INTO settlement_lines (challenge_id, run_id, settlement_date, line_no, user_id, stake, is_successful, refund, pooled, winnings, charity_id, forgiven_by, forgiven_note)
       SELECT c, $1, $2, n, u, s, ok, rf, pl, 0, ch, fb, fn
         FROM unnest($3::uuid[], $4::int[], $5::uuid[], $6::bigint[], $7::boolean[], $8::bigint[], $9::bigint[], $10::text[], $11::uuid[], $12::varchar[]) AS x(c, n, u, s, ok, rf, pl, ch, fb, fn)
       ON CONFLICT (challenge_id) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [
      run.id,
      date,
      L.map((l) => l.challengeId),
      L.map((l) => l.lineNo),
      L.map((l) => l.userId),
      L.map((l) => String(l.stake)),
      L.map((l) => l.isSuccessful),
      L.map((l) => String(l.refund)),
      L.map((l) => String(l.pooled)),
      L.map((l) => l.charityId),
      L.map((l) => l.forgivenBy),
      L.map((l) => (l.forgivenBy ? (notes?.get(l.challengeId) ?? null) : null)),
    ],
  );
  if (Number(ins.n) !== L.length) throw new PlanConflict();
  if (missNotes) await writeMissNotes(m, missNotes);
  return run;
}
