import { paths } from '@/config/paths';
import { LegalPage, P, PageLink, Points, Section } from './legal-page';

export function RefundsPage() {
  return (
    <LegalPage title="Refunds and cancellation" lead="When money comes back to you, how much, and how fast.">
      <Section title="Cancelling a challenge">
        <Points
          items={[
            'Until 23:59:59 IST on the night before the challenge date: cancel it from the dashboard and 100% of the stake returns to your wallet at once.',
            'On the challenge date itself a challenge cannot be cancelled.',
          ]}
        />
      </Section>
      <Section title="After the morning">
        <Points
          items={[
            'Checked in on time: your whole stake comes back at settlement (with a pool share in pool mode).',
            'Late or missed: 85% of your stake comes back at settlement. The other 15% is the rule of the game (it funds that date’s pool, or a donation in pledge mode), not a fee, and is not refundable.',
            'Settlement credits your wallet by 15:00 IST on the challenge date.',
            'If you think a miss was our fault, appeal it from the challenge within 48 hours of its window closing. When support upholds an appeal, the rest of the stake is credited to your wallet.',
          ]}
        />
      </Section>
      <Section title="Money in your wallet">
        <Points
          items={[
            'Money you add stays yours: withdraw it to your UPI id or bank account at any time, from ₹100 to ₹25,000 per withdrawal, minus a fee of ₹2 (UPI) or ₹5 (bank transfer, 24 to 48 hours).',
            'A withdrawal whose payout fails is reversed in full, fee included, back to your wallet.',
            'If money left your bank but did not reach your wallet within an hour, write to the grievance officer with the order or payment id: we either credit it or have Razorpay refund it to where it came from (usually 5 to 7 working days).',
            'Before closing your account, withdraw your balance; an account holding money cannot be closed.',
          ]}
        />
      </Section>
      <Section title="Questions">
        <P>
          See <PageLink to={paths.help}>How it works</PageLink>, or contact the <PageLink to={paths.grievance}>grievance officer</PageLink>.
        </P>
      </Section>
    </LegalPage>
  );
}
