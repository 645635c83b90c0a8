import { paths } from '@/config/paths';
import { useServerRules } from '@/lib/config';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { minBalanceSentence, moneyRuleLines, type Rules } from '@/lib/rules';
import { hhmmOf } from '@/lib/stake-rules';
import { LegalPage, P, PageLink, Points, RulesPending, Section } from './legal-page';
import { workedExample } from './worked-example';

/** The example's wake-up time (6:00 AM): an illustration, not a rule. */
const EXAMPLE_WAKE_MINUTES = 6 * 60;

/** The worked example, its sums from the server's refund percentage (integer paise, exact). */
function Example({ rules }: { rules: Rules }) {
  const { missed, winners } = workedExample(rules);
  const [asha, ravi] = winners;
  return (
    <P>
      On one morning {asha.name} stakes {formatINR(asha.stake)} and {ravi.name} {formatINR(ravi.stake)}, and both check in on time. {missed.name} stakes{' '}
      {formatINR(missed.stake)} and sleeps through. {missed.name} gets {formatINR(missed.refund)} back and {formatINR(missed.pooled)} goes into the pool.{' '}
      {asha.name} staked two thirds of the winning stakes, so she gets {formatINR(asha.share)} of the pool and {ravi.name} {formatINR(ravi.share)}: {asha.name}{' '}
      receives {formatINR(asha.receives)} and {ravi.name} {formatINR(ravi.receives)}. (Shares are worked out in paise; any leftover paisa goes to the largest
      remainder, so the parts always add up exactly.)
    </P>
  );
}

export function HelpPage() {
  // Every number is the server's (GET /config), in the same words as the form and the landing page; until
  // /config answers, the parts that state a number are drawn as their shape
  const rules = useServerRules();
  const pct = rules?.missRefundPercent;
  return (
    <LegalPage title="How it works" versioned={false} lead="The rules of the game in plain words.">
      <Section title="1. Pick a morning and a stake">
        {rules ? (
          <P>
            Choose a date (up to 7 days ahead), a wake-up time between {formatWakeUpTime(rules.wakeUp.earliest)} and {formatWakeUpTime(rules.wakeUp.latest)}{' '}
            IST, and a stake from {formatINR(rules.stake.min)} to {formatINR(rules.stake.max)}. The stake leaves your wallet straight away.{' '}
            {minBalanceSentence(rules)} You can have one challenge per date.
          </P>
        ) : (
          <RulesPending />
        )}
      </Section>
      <Section title="2. Check in inside the window">
        {rules ? (
          <P>
            The window opens {rules.checkIn.minutesBefore} minutes before your wake-up time and closes {rules.checkIn.minutesAfter} minutes after it. For{' '}
            {formatWakeUpTime(hhmmOf(EXAMPLE_WAKE_MINUTES))} that is {formatWakeUpTime(hhmmOf(EXAMPLE_WAKE_MINUTES - rules.checkIn.minutesBefore))} to{' '}
            {formatWakeUpTime(hhmmOf(EXAMPLE_WAKE_MINUTES + rules.checkIn.minutesAfter))} IST. Open WakeStake and press Check in; our server’s clock decides,
            not your phone’s.
          </P>
        ) : (
          <RulesPending />
        )}
      </Section>
      <Section title="3. What you get back">
        {pct !== undefined ? (
          <Points
            items={[
              'On time: all of your stake back, plus a share of the day’s pool.',
              `Late or missed: ${pct}% of your stake back. The other ${100 - pct}% goes into the day’s pool.`,
              'The pool is shared among everyone who woke up on time that day, in proportion to their stakes.',
              'If everyone wakes up on time, nobody wins extra: everyone gets their stake back.',
              'If nobody wakes up on time, the pool goes to WakeStake.',
            ]}
          />
        ) : (
          <RulesPending lines={4} />
        )}
      </Section>
      <Section title="An example" id="example">
        {rules ? <Example rules={rules} /> : <RulesPending lines={3} />}
      </Section>
      <Section title="Pledge mode">
        {pct !== undefined ? (
          <P>
            WakeStake may instead run in pledge mode, shown when you create a challenge. Then on time you get your whole stake back (there is no pool), and a
            miss returns {pct}% while the other {100 - pct}% is donated to the charity you picked.
          </P>
        ) : (
          <RulesPending />
        )}
      </Section>
      <Section title="Your money in and out" id="money-rules">
        {rules ? <Points items={moneyRuleLines(rules)} /> : <RulesPending lines={4} />}
      </Section>
      <Section title="4. When the money arrives">
        <P>Settlement starts at 9:00 AM IST every day. Your stake, refund or winnings are in your wallet by 3:00 PM IST.</P>
      </Section>
      <Section title="Changed your mind?">
        <Points
          items={[
            'Cancel a challenge until 11:59 PM IST the night before and get all of the stake back.',
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
