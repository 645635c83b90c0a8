import { paths } from '@/config/paths';
import { useRules } from '@/features/config';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { minBalanceSentence, moneyRuleLines } from '@/lib/rules';
import { hhmmOf } from '@/lib/stake-rules';
import { LegalPage, P, PageLink, Points, Section } from './legal-page';

export function HelpPage() {
  // Issue 29: the numbers are the server's (GET /config), in the same words as the form and the landing page
  const rules = useRules();
  const pct = rules.missRefundPercent;
  return (
    <LegalPage title="How it works" versioned={false} lead="The rules of the game in plain words.">
      <Section title="1. Pick a morning and a stake">
        <P>
          Choose a date (up to 7 days ahead), a wake-up time between {formatWakeUpTime(rules.wakeUp.earliest)} and{' '}
          {formatWakeUpTime(rules.wakeUp.latest)} IST, and a stake from {formatINR(rules.stake.min)} to {formatINR(rules.stake.max)}. The stake leaves
          your wallet straight away. {minBalanceSentence(rules)} You can have one challenge per date.
        </P>
      </Section>
      <Section title="2. Check in inside the window">
        <P>
          The window opens {rules.checkIn.minutesBefore} minutes before your wake-up time and closes {rules.checkIn.minutesAfter} minutes after it. For
          6:00 AM that is {formatWakeUpTime(hhmmOf(360 - rules.checkIn.minutesBefore))} to{' '}
          {formatWakeUpTime(hhmmOf(360 + rules.checkIn.minutesAfter))} IST. Open WakeStake and
          press Check in; our server’s clock decides, not your phone’s.
        </P>
      </Section>
      <Section title="3. What you get back">
        <Points
          items={[
            'On time: all of your stake back, plus a share of the day’s pool.',
            `Late or missed: ${pct}% of your stake back. The other ${100 - pct}% goes into the day’s pool.`,
            'The pool is shared among everyone who woke up on time that day, in proportion to their stakes.',
            'If everyone wakes up on time, nobody wins extra: everyone gets their stake back.',
            'If nobody wakes up on time, the pool goes to WakeStake.',
          ]}
        />
      </Section>
      <Section title="An example" id="example">
        <P>
          On one morning Asha stakes ₹100 and Ravi ₹50, and both check in on time. Meera stakes ₹100 and sleeps through. Meera gets ₹85 back and ₹15
          goes into the pool. Asha staked two thirds of the winning stakes, so she gets ₹10 of the pool and Ravi ₹5: Asha receives ₹110 and Ravi ₹55.
          (Shares are worked out in paise; any leftover paisa goes to the largest remainder, so the parts always add up exactly.)
        </P>
      </Section>
      <Section title="Pledge mode">
        <P>
          WakeStake may instead run in pledge mode, shown when you create a challenge. Then on time you get your whole stake back (there is no pool),
          and a miss returns {pct}% while the other {100 - pct}% is donated to the charity you picked.
        </P>
      </Section>
      <Section title="Your money in and out" id="money-rules">
        <Points items={moneyRuleLines(rules)} />
      </Section>
      <Section title="4. When the money arrives">
        <P>Settlement starts at 09:00 IST every day. Your stake, refund or winnings are in your wallet by 15:00 IST.</P>
      </Section>
      <Section title="Changed your mind?">
        <Points
          items={[
            'Cancel a challenge until 23:59 IST the night before and get all of the stake back.',
            'Missed because of a problem on our side? Appeal within 48 hours of the window closing.',
            'Want to stake less? Settings → Limits lets you cap a month’s stakes or pause for 7 or 30 days.',
          ]}
        />
        <P>
          The full rules are in the <PageLink to={paths.terms}>Terms of use</PageLink>; money back is explained in{' '}
          <PageLink to={paths.refunds}>Refunds and cancellation</PageLink>.
        </P>
      </Section>
    </LegalPage>
  );
}
