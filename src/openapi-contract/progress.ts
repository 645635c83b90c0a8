import { type Schema, arr, int, obj, rupees, str } from './schema-kit.js';

/** GET /me/progress (src/modules/challenges/day/progress.controller.ts): the progress charts' numbers for one IST year. */
export const progressSchema: Schema = obj({
  year: { ...int, example: 2037 },
  mornings: arr(
    obj({
      date: { type: 'string', format: 'date' },
      status: { type: 'string', enum: ['SUCCESS', 'FAILED', 'EXCUSED', 'PENDING'] },
      wakeUpTime: { type: 'string', example: '06:00', description: 'the target, IST HH:MM' },
      checkInTime: { type: 'string', nullable: true, example: '05:52:10', description: 'IST HH:MM:SS; null when not checked in' },
    }),
  ),
  weeks: arr(
    obj({
      weekStart: { type: 'string', format: 'date', description: 'the Monday the week starts on' },
      targetMinutes: { ...int, description: 'mean wake-up target, minutes after midnight' },
      actualMinutes: { ...int, nullable: true, description: 'mean check-in, minutes after midnight of the challenge date; null without a check-in' },
    }),
  ),
  months: arr(
    obj({
      month: { ...str, example: '2037-02' },
      deposits: rupees(500),
      withdrawals: rupees(0),
      staked: rupees(60),
      returned: rupees(57),
      winnings: rupees(1.5),
      other: rupees(0),
      net: { ...rupees(498.5), description: 'rupees: every posting on the wallet that month, deposits − withdrawals − staked + returned + winnings + other' },
    }),
  ),
});
