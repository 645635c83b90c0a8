import type { EntityManager } from 'typeorm';
import { AppealDecided, ChallengeCheckedIn, ChallengeCreated, ChallengeMissed, PlannedDaySkipped } from '../../challenges/events/challenge-events.js';
import { appealAnswer, checkedInNotice, createdNotice, missedNotice, planSkippedNotice, settlementNotice, withdrawalNotice } from './notices.js';

const manager = {} as EntityManager;
const appeal = (decision: 'REFUNDED' | 'UPHELD', refunded: { what: 'forfeit' | 'stake'; amount: bigint } | null, note = 'Checked the logs') =>
  new AppealDecided({ id: 'a1', userId: 'u1', challengeId: 'c1', date: '2026-03-02', wakeUpTime: '06:00', decision, refunded, note }, manager);

describe('notices', () => {
  it('words an appeal answer by what was refunded, the same in the notice and the mail, escaped in HTML', () => {
    expect(appealAnswer(appeal('REFUNDED', { what: 'forfeit', amount: 1500n }), 'https://app').notice).toMatchObject({
      type: 'APPEAL_REFUNDED',
      title: 'Your appeal was accepted',
      message: 'Your appeal of 6:00 AM IST on 2 Mar 2026: ₹15 forfeit refunded. Checked the logs',
      dedupeKey: 'appeal:a1:decided',
    });
    expect(appealAnswer(appeal('REFUNDED', { what: 'stake', amount: 10050n }), 'https://app').notice.message).toContain('the whole ₹100.50 stake refunded');
    const upheld = appealAnswer(appeal('UPHELD', null, 'No <b>proof</b> & no photo'), 'https://app');
    expect(upheld.notice).toMatchObject({
      type: 'APPEAL_UPHELD',
      message: 'Your appeal of 6:00 AM IST on 2 Mar 2026: the miss stands. No <b>proof</b> & no photo',
    });
    expect(upheld.mail.subject).toBe('WakeStake: your appeal was not accepted');
    expect(upheld.mail.text).toBe(
      "Your appeal of 6:00 AM IST on 2 Mar 2026: the miss stands.\n\nSupport's note: No <b>proof</b> & no photo\n\nhttps://app/dashboard",
    );
    expect(upheld.mail.html).toContain('No &lt;b&gt;proof&lt;/b&gt; &amp; no photo');
  });

  it('keys each withdrawal outcome apart, so a failed and a later returned payout are two notices', () => {
    const w = { id: 'w1', userId: 'u1', amount: 50000n, netAmount: 49000n, method: 'UPI' as const };
    expect(withdrawalNotice(w, 'paid')).toMatchObject({
      type: 'WITHDRAWAL_PAID',
      message: '₹490 was sent to your UPI id (₹500 withdrawn, ₹10 fee).',
      dedupeKey: 'withdrawal:w1:paid',
    });
    expect(withdrawalNotice(w, 'reversed')).toMatchObject({ type: 'WITHDRAWAL_REVERSED', title: 'Withdrawal failed', dedupeKey: 'withdrawal:w1:reversed' });
    expect(withdrawalNotice(w, 'returned')).toMatchObject({ type: 'WITHDRAWAL_REVERSED', title: 'Withdrawal returned', dedupeKey: 'withdrawal:w1:returned' });
  });

  it('names the charity of a pledge-mode miss and never says "won" in pledge mode', () => {
    const line = {
      userId: 'u1',
      challengeId: 'c1',
      stake: 10000n,
      isSuccessful: false,
      refund: 8500n,
      pooled: 1500n,
      winnings: 0n,
      charityId: 'gd',
      forgivenBy: null,
      forgivenNote: null,
    };
    const names = (id: string | null) => (id === 'gd' ? 'GiveDirectly' : 'nobody');
    expect(settlementNotice('2026-03-02', 'pledge', line, names)).toMatchObject({
      type: 'SETTLEMENT_REFUNDED',
      title: '₹85 back · ₹15 donated to GiveDirectly',
      dedupeKey: 'settlement:c1',
    });
    expect(settlementNotice('2026-03-02', 'pledge', { ...line, isSuccessful: true, refund: 0n, pooled: 0n }, names).title).toBe('Stake back ₹100');
    expect(settlementNotice('2026-03-02', 'pool', { ...line, isSuccessful: true, refund: 0n, pooled: 0n, winnings: 250n }, names).title).toBe(
      'Stake back ₹100 · winnings ₹2.50',
    );
  });

  it('says stake back and winnings in one vocabulary, never "You won" for a ₹0 share, and dates in en-IN words', () => {
    const names = () => 'nobody';
    const win = {
      userId: 'u1',
      challengeId: 'c1',
      stake: 2500n,
      isSuccessful: true,
      refund: 0n,
      pooled: 0n,
      winnings: 0n,
      charityId: null,
      forgivenBy: null,
      forgivenNote: null,
    };
    const none = settlementNotice('2026-11-28', 'pool', win, names);
    expect(none).toMatchObject({ type: 'SETTLEMENT_WON', title: 'Stake back ₹25 · winnings ₹0', data: { netResult: 0 } });
    expect(none.message).toBe('You woke up on time on 28 Nov 2026: your ₹25 stake is back. Nobody missed, so there were no winnings to share.');
    expect(`${none.title} ${none.message}`).not.toMatch(/won/i);
    expect(settlementNotice('2026-11-28', 'pool', { ...win, winnings: 900n }, names)).toMatchObject({
      title: 'Stake back ₹25 · winnings ₹9',
      data: { netResult: 9 },
    });
    const miss = settlementNotice('2026-11-28', 'pool', { ...win, isSuccessful: false, refund: 2550n, pooled: 450n, stake: 3000n }, names);
    expect(miss).toMatchObject({ type: 'SETTLEMENT_REFUNDED', title: '₹25.50 back · ₹4.50 to the pool', data: { netResult: -4.5 } });
    expect(miss.message).toContain('on 28 Nov 2026');
    const forgiven = settlementNotice('2026-11-28', 'pool', { ...win, isSuccessful: false, refund: 2500n, forgivenBy: 'o1' }, names);
    expect(forgiven.data).toMatchObject({ netResult: 0, forgiven: true });
    expect(withdrawalNotice({ id: 'w2', userId: 'u1', amount: 3050n, netAmount: 3050n, method: 'UPI' }, 'paid').message).toBe(
      '₹30.50 was sent to your UPI id.',
    );
  });

  it('says where a late pledge-mode check-in’s forfeit goes, and nothing of the kind in pool mode', () => {
    const late = (donationTo: string | null) =>
      checkedInNotice(new ChallengeCheckedIn({ id: 'c1', userId: 'u1', date: '2026-03-02', onTime: false, donationTo })).message;
    expect(late('GiveDirectly')).toBe(
      'You checked in after the window closed on 2 Mar 2026; 85% of your stake is refunded at settlement and the rest is donated to GiveDirectly.',
    );
    expect(late(null)).toBe('You checked in after the window closed on 2 Mar 2026; 85% of your stake is refunded at settlement.');
  });

  it('says every wake-up time in the one clock format, "6:00 AM IST", never "06:00"', () => {
    const created = createdNotice(new ChallengeCreated({ id: 'c1', userId: 'u1', date: '2026-03-02', wakeUpTime: '06:00', stake: 3000n, donationTo: null }));
    expect(created.message).toBe('Wake up by 6:00 AM IST on 2 Mar 2026: ₹30 staked.');
    expect(created.data).toMatchObject({ wakeUpTime: '06:00' }); // data keeps the machine form
    const pledge = createdNotice(
      new ChallengeCreated({ id: 'c1', userId: 'u1', date: '2026-03-02', wakeUpTime: '04:30', stake: 3000n, donationTo: 'GiveDirectly' }),
    );
    expect(pledge.message).toBe('Wake up by 4:30 AM IST on 2 Mar 2026: ₹30 staked. On time, it all comes back; missed, 15% is donated to GiveDirectly.');
    const missed = missedNotice(new ChallengeMissed({ id: 'c1', userId: 'u1', date: '2026-03-02', wakeUpTime: '07:00' }));
    expect(missed.message).toBe('You did not check in for 7:00 AM IST on 2 Mar 2026; 85% of your stake is refunded at settlement.');
    const skipped = planSkippedNotice(
      new PlannedDaySkipped({ id: 'p1', userId: 'u1', date: '2026-05-14', wakeUpTime: '06:00', stake: 2000n, reason: 'Insufficient balance' }),
    );
    expect(skipped.message).toBe('Your plan did not book 6:00 AM IST on 14 May 2026 (₹20): Insufficient balance');
    const texts = [created, pledge, missed, skipped, appealAnswer(appeal('UPHELD', null), 'https://app').notice]
      .map((n) => `${n.title} ${n.message}`)
      .join('\n');
    expect(texts).not.toMatch(/\b0\d:\d\d\b/);
    expect(texts).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
