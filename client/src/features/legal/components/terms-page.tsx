import { paths } from '@/config/paths';
import { useServerRules } from '@/lib/config';
import { formatWakeUpTime } from '@/lib/format';
import { formatINR } from '@/lib/money';
import { minBalanceSentence, type Rules } from '@/lib/rules';
import { LegalPage, P, PageLink, Points, RulesPending, Section } from './legal-page';

/** Section 3's points: the date, time, stake, balance and window rules, from the server's figures. */
function challengePoints(r: Rules): string[] {
  return [
    `A challenge is a date (today, while its window has not opened, up to 7 days ahead), a wake-up time from ${formatWakeUpTime(r.wakeUp.earliest)} to ${formatWakeUpTime(r.wakeUp.latest)} IST in ${r.wakeUp.stepMinutes}-minute steps, and a stake from ${formatINR(r.stake.min)} to ${formatINR(r.stake.max)} in whole rupees. One challenge per date.`,
    `${minBalanceSentence(r)} The stake leaves your wallet when the challenge is created.`,
    `The check-in window opens ${r.checkIn.minutesBefore} minutes before your wake-up time and closes ${r.checkIn.minutesAfter} minutes after it. Our server’s clock in India Standard Time decides, never your device’s.`,
    'You may cancel a challenge until 11:59:59 PM IST on the night before its date; your whole stake comes back to your wallet at once. On the day itself a challenge cannot be cancelled.',
  ];
}

/** Section 4's points: what a morning returns, the refund and pool percentages from the server's. */
function outcomePoints(r: Rules): string[] {
  const pct = r.missRefundPercent;
  return [
    'Checked in inside the window: you get your whole stake back. In pool mode you also get a share of that date’s pool, in proportion to your stake.',
    `Checked in late, or not at all: you get ${pct}% of your stake back. The other ${100 - pct}% goes to that date’s pool (pool mode) or is donated to the charity you chose, or kept by WakeStake where no charity is listed (pledge mode).`,
    'If nobody on a date checks in on time, that date’s pool goes to WakeStake as revenue.',
    'Settlement runs every day from 9:00 AM IST for the mornings whose windows have closed; winnings and refunds are in your wallet by 3:00 PM IST. Amounts are worked out in paise and always add up exactly.',
    'The mode (pool or pledge) is shown when you create a challenge and stays fixed for that challenge.',
  ];
}

/** Section 5's points: deposits, partial and whole-balance withdrawals and their fees, from the server's figures. */
function walletPoints(r: Rules): string[] {
  const w = r.withdrawal;
  const upTo = w.maximum !== undefined ? ` to ${formatINR(w.maximum)}` : '';
  return [
    `You add money by UPI, card or net banking through Razorpay, from ${formatINR(r.deposit.min)} to ${formatINR(r.deposit.max)} at a time. The wallet holds rupees for challenges; it pays no interest and is not a bank account.`,
    `You may withdraw part of your balance from ${formatINR(w.minimum)}${upTo} at a time, in whole rupees, once your email is verified. The fee is ${formatINR(w.fees.UPI)} by UPI and ${formatINR(w.fees.BANK_TRANSFER)} by bank transfer (24 to 48 hours); you receive the amount minus the fee.`,
    ...(w.wholeBalanceAnyAmount
      ? [
          `You may always withdraw your whole balance, whatever the amount, paise included; a whole balance below ${formatINR(w.feeFreeBelow)} is sent with no fee.`,
        ]
      : []),
    'A payout that fails comes back to your wallet in full.',
  ];
}

export function TermsPage() {
  // Every rule's number is the server's (GET /config); until it answers, those points are drawn as their shape
  const rules = useServerRules();
  return (
    <LegalPage
      title="Terms of use"
      lead="These terms are the agreement between you and WakeStake. Please read them: you accept them when you create an account, and again when a new version is in force."
    >
      <Section title="1. Who may use WakeStake">
        <Points
          items={[
            'You must be 18 or older and live in India. Before you add money or stake, we ask your date of birth and refuse anyone under 18.',
            'One account per person, in your own name, with an email address you control. You keep your password to yourself; what happens under your account is your responsibility.',
          ]}
        />
      </Section>
      <Section title="2. What WakeStake is">
        <P>
          WakeStake is a commitment tool for waking up on time. You stake a small amount of your own money on waking by a time you choose, and prove it by
          checking in. Whether you get your stake back depends only on your own check-in. In pool mode, the size of any extra share depends on how many others
          with a challenge on the same date missed theirs.
        </P>
      </Section>
      <Section title="3. Challenges">{rules ? <Points items={challengePoints(rules)} /> : <RulesPending lines={4} />}</Section>
      <Section title="4. Outcomes and settlement">
        {rules ? <Points items={outcomePoints(rules)} /> : <RulesPending lines={4} />}
        <P>
          The <PageLink to={paths.help}>How it works</PageLink> page explains this with an example.
        </P>
      </Section>
      <Section title="5. Your wallet">{rules ? <Points items={walletPoints(rules)} /> : <RulesPending lines={3} />}</Section>
      <Section title="6. Limits you set yourself">
        <P>
          In Settings you can cap what you stake in a calendar month and pause new stakes for 7 or 30 days. A lower cap or a new pause applies at once; a higher
          cap, removing the cap, or ending a pause early applies only 24 hours after you ask. We honour these limits on every challenge, including those a plan
          books for you.
        </P>
      </Section>
      <Section title="7. Fair play">
        <Points
          items={[
            'Check in yourself, in person, at the time you claim. Automated or faked check-ins, shared accounts and using several accounts are not allowed.',
            'Where we find abuse or fraud we may void the challenges concerned, hold money while we look into it, and close the account. You can always reach the grievance officer about such a decision.',
            'If you think a missed check-in was our fault (an outage, a wrong clock), appeal it from the challenge within 48 hours of its window closing.',
          ]}
        />
      </Section>
      <Section title="8. Closing your account">
        <P>
          You may close your account in Settings once no challenge or withdrawal is still open. If your wallet still holds money, closing first withdraws all of
          it to you, whatever the amount, and the account closes once that payout is done. We then erase your profile as the{' '}
          <PageLink to={paths.privacy}>Privacy policy</PageLink> describes, keeping only the money records the law requires.
        </P>
      </Section>
      <Section title="9. Our responsibility">
        <P>
          We keep your money on a double-entry ledger and never let a wallet go below zero. We do our best to keep the service running, but we cannot promise it
          will never be unavailable; if you believe an outage on our side cost you a check-in, appeal it and support will review it. Nothing in these terms
          limits rights you have under Indian consumer law.
        </P>
      </Section>
      <Section title="10. Changes, law and complaints">
        <Points
          items={[
            'When these terms change we publish a new version here and ask you to accept it the next time you use WakeStake. Changes never apply to a challenge already created.',
            'These terms are governed by the laws of India.',
            <>
              Complaints go to our grievance officer: see <PageLink to={paths.grievance}>Grievances</PageLink>.
            </>,
          ]}
        />
      </Section>
    </LegalPage>
  );
}
