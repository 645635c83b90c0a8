/** The contract's settlement schemas: the day's receipt, a user's settlement, the support console's run and the pool preview. */
import { arr, bool, dateTime, dateTimeOrNull, int, obj, ref, rupees, str, strOrNull } from './schema-kit.js';
/** src/modules/settlement/dto/settlement.view.ts */
export const receiptSchema = obj(
  {
    date: { type: 'string', format: 'date' },
    batch: int,
    participants: int,
    successes: int,
    failures: { ...int, description: 'misses that lost money (forgiven misses are counted apart)' },
    forgiven: { ...int, description: 'misses forgiven because their check-in window overlapped an outage of ours: the whole stake back' },
    forgivenTotal: { ...rupees(), description: 'stakes returned whole to forgiven misses (inside refundsTotal)' },
    moneyIn: rupees(),
    refundsTotal: rupees(),
    stakesReturned: rupees(),
    pool: rupees(),
    sharesTotal: rupees(),
    roundingRemainder: rupees(),
    platformRevenue: rupees(),
    moneyOut: rupees(),
    rule: str,
    lines: arr(
      obj(
        {
          line: int,
          stake: rupees(),
          outcome: { type: 'string', enum: ['SUCCESS', 'FAILED', 'FORGIVEN'] },
          refund: rupees(),
          winnings: rupees(),
          donated: rupees(),
        },
        ['line', 'stake', 'outcome', 'refund', 'winnings'],
      ),
    ),
    mode: { type: 'string', enum: ['pool', 'pledge'] },
    proof: {
      type: 'string',
      enum: ['NONE', 'PHOTO'],
      description: 'the proof level of the batch: pools are per date and proof (a PHOTO batch pays through pool:{date}:photo)',
    },
    donated: { ...rupees(), description: 'pledge: rupees donated to charities (the platform’s part is platformRevenue)' },
    donations: arr(obj({ charityId: str, name: str, challenges: int, amount: rupees() })),
  },
  [
    'date',
    'batch',
    'participants',
    'successes',
    'failures',
    'moneyIn',
    'refundsTotal',
    'stakesReturned',
    'pool',
    'sharesTotal',
    'roundingRemainder',
    'platformRevenue',
    'moneyOut',
    'rule',
    'mode',
  ],
);
/** src/modules/settlement/queries/get-user-settlement/get-user-settlement.query.ts */
export const userSettlementSchema = obj({
  date: { type: 'string', format: 'date' },
  status: { type: 'string', enum: ['RUNNING', 'SETTLED', 'FAILED'] },
  batch: int,
  receipt: { $ref: '#/components/schemas/SettlementReceipt' },
  yourLines: arr(
    obj(
      {
        challengeId: str,
        lineNo: int,
        stake: rupees(),
        isSuccessful: bool,
        refund: rupees(),
        winnings: rupees(),
        payout: rupees(),
        paid: bool,
        donated: rupees(),
        charityId: strOrNull,
        outcome: { type: 'string', enum: ['SUCCESS', 'FAILED', 'FORGIVEN'] },
        forgiven: {
          ...obj({ reason: str, outageId: str, kind: strOrNull, startedAt: dateTimeOrNull, endedAt: dateTimeOrNull }),
          description: 'a miss forgiven because its check-in window overlapped an outage of ours: why, and the outage',
        },
      },
      ['challengeId', 'lineNo', 'stake', 'isSuccessful', 'refund', 'winnings', 'payout', 'paid', 'outcome'],
    ),
  ),
});
/** src/modules/settlement/dto/settlement.view.ts runView and alertView (support console). */
export const settlementRunSchema = obj({
  id: str,
  date: { type: 'string', format: 'date' },
  batch: int,
  status: { type: 'string', enum: ['RUNNING', 'SETTLED', 'FAILED'] },
  attempts: int,
  lastError: strOrNull,
  startedAt: dateTime,
  finishedAt: dateTimeOrNull,
  receipt: { allOf: [{ $ref: '#/components/schemas/SettlementReceipt' }], description: 'lines only on a date’s page' },
});
/** GET /challenges/pool (pool-preview.controller.ts). */
export const poolPreviewSchema = obj(
  {
    date: { type: 'string', format: 'date' },
    proof: { type: 'string', enum: ['NONE', 'PHOTO'], description: 'the proof level whose pool this is (?proof=, default NONE): pools are per date and proof' },
    players: { ...int, description: 'challenges booked for the date (not cancelled)' },
    totalStaked: rupees(),
    checkedIn: int,
    missed: int,
    pool: { ...rupees(), description: 'what the misses so far leave: the winners’ pool, or in pledge mode what goes to charity' },
    settled: bool,
    stake: { ...rupees(25), description: 'with ?stake=: the stake the share is estimated for' },
    estimatedShare: {
      ...rupees(2.5),
      description:
        'with ?stake=: what a win with that stake would get of the pool so far (every booked player not missed yet counted as a winner: the low end); 0 in pledge mode',
    },
  },
  ['date', 'players', 'totalStaked', 'checkedIn', 'missed', 'pool', 'settled'],
);
