// The Create Challenge form's schema (SPEC.md section 5): the picked date, the wake-up time (minutes after midnight, as
// the slider moves) and the forfeit as typed, cleaned into the POST /challenges body. The stake rules stay in
// checkCreateForm (challenge-rules.ts, from lib/stake-rules.ts); this says them in the form's words.
import { hhmmOf } from '@/lib/stake-rules';
import { z, type Fills } from '@/lib/forms/schema';
import type { ApiBody } from '@/types/api';
import { FALLBACK_RULES, type Rules } from '@/lib/rules';
import { checkCreateForm } from '../utils/challenge-rules';

export const createMessages = {
  noDate: 'No date can be booked',
  aboveBalance: 'Forfeit amount exceeds available balance!',
  outOfRange: (maxForfeit: number, minForfeit: number = FALLBACK_RULES.stake.min) => `Forfeit must be a whole number from ₹${minForfeit} to ₹${maxForfeit}`,
} as const;

/** The forfeit field's text as a number (blank is not a number). */
export const forfeitOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The form against the balance the wallet shows now. */
export function createChallengeSchema(balance: number, rules: Rules = FALLBACK_RULES) {
  return z.pipe(
    z.object({
      challengeDate: z.string().check(z.minLength(1, createMessages.noDate)),
      wakeMinutes: z.number(),
      forfeit: z.string().check(
        z.superRefine((text, ctx) => {
          const check = checkCreateForm({ balance, forfeit: forfeitOf(text), rules });
          if (check.forfeitAboveBalance) ctx.addIssue({ code: 'custom', message: createMessages.aboveBalance, input: text });
          else if (check.forfeitOutOfRange)
            ctx.addIssue({ code: 'custom', message: createMessages.outOfRange(check.maxForfeit, rules.stake.min), input: text });
        }),
      ),
    }),
    z.transform(({ challengeDate, wakeMinutes, forfeit }) => ({ challengeDate, wakeUpTime: hhmmOf(wakeMinutes), forfeitAmount: forfeitOf(forfeit) })),
  ) satisfies Fills<Omit<ApiBody<'/challenges', 'post'>, 'charityId'>>;
}

export type CreateChallengeFields = z.input<ReturnType<typeof createChallengeSchema>>;
export type CreateChallengeValues = z.output<ReturnType<typeof createChallengeSchema>>;
