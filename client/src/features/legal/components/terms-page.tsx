import { paths } from '@/config/paths';
import { LegalPage, P, PageLink, Points, Section } from './legal-page';

export function TermsPage() {
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
          WakeStake is a commitment tool for waking up on time. You stake a small amount of your own money on waking by a time you choose, and
          prove it by checking in. Whether you get your stake back depends only on your own check-in. In pool mode, the size of any extra share
          depends on how many others with a challenge on the same date missed theirs.
        </P>
      </Section>
      <Section title="3. Challenges">
        <Points
          items={[
            'A challenge is a date (today, while its window has not opened, up to 7 days ahead), a wake-up time from 04:00 to 07:00 IST in 30-minute steps, and a stake from ₹10 to ₹100 in whole rupees. One challenge per date.',
            'You need a wallet balance above ₹50 to create a challenge. The stake leaves your wallet when the challenge is created.',
            'The check-in window opens 15 minutes before your wake-up time and closes 10 minutes after it. Our server’s clock in India Standard Time decides, never your device’s.',
            'You may cancel a challenge until 23:59:59 IST on the night before its date; your whole stake comes back to your wallet at once. On the day itself a challenge cannot be cancelled.',
          ]}
        />
      </Section>
      <Section title="4. Outcomes and settlement">
        <Points
          items={[
            'Checked in inside the window: you get your whole stake back. In pool mode you also get a share of that date’s pool, in proportion to your stake.',
            'Checked in late, or not at all: you get 85% of your stake back. The other 15% goes to that date’s pool (pool mode) or is donated to the charity you chose, or kept by WakeStake where no charity is listed (pledge mode).',
            'If nobody on a date checks in on time, that date’s pool goes to WakeStake as revenue.',
            'Settlement runs every day from 09:00 IST for the mornings whose windows have closed; winnings and refunds are in your wallet by 15:00 IST. Amounts are worked out in paise and always add up exactly.',
            'The mode (pool or pledge) is shown when you create a challenge and stays fixed for that challenge.',
          ]}
        />
        <P>
          The <PageLink to={paths.help}>How it works</PageLink> page explains this with an example.
        </P>
      </Section>
      <Section title="5. Your wallet">
        <Points
          items={[
            'You add money by UPI, card or net banking through Razorpay, from ₹10 to ₹1,00,000 at a time. The wallet holds rupees for challenges; it pays no interest and is not a bank account.',
            'You may withdraw from ₹100 to ₹25,000 at a time, in whole rupees, up to your balance, once your email is verified. The fee is ₹2 by UPI and ₹5 by bank transfer (24 to 48 hours); you receive the amount minus the fee. A payout that fails comes back to your wallet in full.',
          ]}
        />
      </Section>
      <Section title="6. Limits you set yourself">
        <P>
          In Settings you can cap what you stake in a calendar month and pause new stakes for 7 or 30 days. A lower cap or a new pause applies at
          once; a higher cap, removing the cap, or ending a pause early applies only 24 hours after you ask. We honour these limits on every
          challenge, including those a plan books for you.
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
          You may close your account in Settings once your wallet is empty and no challenge or withdrawal is still open. We then erase your profile
          as the <PageLink to={paths.privacy}>Privacy policy</PageLink> describes, keeping only the money records the law requires.
        </P>
      </Section>
      <Section title="9. Our responsibility">
        <P>
          We keep your money on a double-entry ledger and never let a wallet go below zero. We do our best to keep the service running, but we
          cannot promise it will never be unavailable; if you believe an outage on our side cost you a check-in, appeal it and support will review it. Nothing in
          these terms limits rights you have under Indian consumer law.
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
