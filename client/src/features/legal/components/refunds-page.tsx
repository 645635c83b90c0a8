import { paths } from '@/config/paths';
import { useServerRules } from '@/lib/config';
import { formatINR } from '@/lib/money';
import type { Rules } from '@/lib/rules';
import { LegalPage, P, PageLink, Points, RulesPending, Section } from './legal-page';

/** What a morning returns, the refund and pool percentages from the server's (GET /config). */
function afterTheMorning(r: Rules): string[] {
  const pct = r.missRefundPercent;
  return [
    'Checked in on time: your whole stake comes back at settlement (with a pool share in pool mode).',
    `Late or missed: ${pct}% of your stake comes back at settlement. The other ${100 - pct}% is the rule of the game (it funds that date’s pool, or a donation in pledge mode), not a fee, and is not refundable.`,
    'Settlement credits your wallet by 3:00 PM IST on the challenge date.',
    'If you think a miss was our fault, appeal it from the challenge within 48 hours of its window closing. When support upholds an appeal, the rest of the stake is credited to your wallet.',
  ];
}

/** Withdrawals, their limits and fees, from the server's figures. */
function moneyInWallet(r: Rules): string[] {
  const w = r.withdrawal;
  const upTo = w.maximum !== undefined ? ` to ${formatINR(w.maximum)}` : '';
  return [
    `Money you add stays yours: withdraw it to your UPI id or bank account at any time, from ${formatINR(w.minimum)}${upTo} per withdrawal, minus a fee of ${formatINR(w.fees.UPI)} (UPI) or ${formatINR(w.fees.BANK_TRANSFER)} (bank transfer, 24 to 48 hours).`,
    ...(w.wholeBalanceAnyAmount
      ? [`Your whole balance can always be withdrawn, whatever the amount, paise included; below ${formatINR(w.feeFreeBelow)} it is sent with no fee.`]
      : []),
    'A withdrawal whose payout fails is reversed in full, fee included, back to your wallet.',
    'If money left your bank but did not reach your wallet within an hour, write to the grievance officer with the order or payment id: we either credit it or have Razorpay refund it to where it came from (usually 5 to 7 working days).',
    'Closing your account withdraws your whole balance to you first; the account closes once that payout is done.',
  ];
}

export function RefundsPage() {
  // Every rule's number is the server's (GET /config); until it answers, those points are drawn as their shape
  const rules = useServerRules();
  return (
    <LegalPage title="Refunds and cancellation" lead="When money comes back to you, how much, and how fast.">
      <Section title="Cancelling a challenge">
        <Points
          items={[
            'Until 11:59:59 PM IST on the night before the challenge date: cancel it from the dashboard and the whole stake returns to your wallet at once.',
            'On the challenge date itself a challenge cannot be cancelled.',
          ]}
        />
      </Section>
      <Section title="After the morning">{rules ? <Points items={afterTheMorning(rules)} /> : <RulesPending lines={4} />}</Section>
      <Section title="Money in your wallet">{rules ? <Points items={moneyInWallet(rules)} /> : <RulesPending lines={4} />}</Section>
      <Section title="Questions">
        <P>
          See <PageLink to={paths.help}>How it works</PageLink>, or contact the <PageLink to={paths.grievance}>grievance officer</PageLink>.
        </P>
      </Section>
    </LegalPage>
  );
}
