import { formatInr, toRupees } from '../../../common/money.js';
import { formatDay, formatWakeTime } from '../../../common/time.js';
import type { NotificationInput } from '../commands/create-notifications/create-notifications.command.js';
import type { DepositCredited } from '../../wallet/events/deposit-credited.event.js';
import type { SettledWithdrawal } from '../../wallet/events/withdrawal-settled.events.js';
import { MISS_REFUND_PERCENT, type SettledLine } from '../../settlement/events/challenges-settled.event.js';
import type {
  AppealDecided,
  ChallengeCancelled,
  ChallengeCheckedIn,
  ChallengeCreated,
  ChallengeExcused,
  ChallengeMissed,
  PlannedDaySkipped,
  StillAwakeMissed,
} from '../../challenges/events/challenge-events.js';
import { escapeHtml } from '../../../common/html.js';

/**
 * What a user reads about each event: the notice's type, words, data and dedupe key (one notice per fact, however often
 * the event is replayed). Pure; the handlers in events/ store them.
 */

type Notice = NotificationInput;

/** "85%" and "15%": a miss's refund and what it leaves, from settlement's one rule. */
const REFUND_PCT = `${MISS_REFUND_PERCENT}%`;
const FORFEIT_PCT = `${100 - MISS_REFUND_PERCENT}%`;

// ---------- money in and out ----------

export function depositNotice({ deposit: d }: DepositCredited): Notice {
  return {
    userId: d.userId,
    type: 'DEPOSIT_CREDITED',
    title: 'Money added',
    message: `${formatInr(d.amount)} was added to your wallet.`,
    data: { orderId: d.orderId, paymentId: d.paymentId, amount: toRupees(d.amount), transactionId: d.id },
    dedupeKey: `deposit:${d.orderId}:credited`,
  };
}

export type WithdrawalOutcome = 'paid' | 'reversed' | 'returned';

/** " (₹100 withdrawn, ₹2 fee)" when a fee was taken; nothing when the whole amount was sent. */
const feeWords = (w: SettledWithdrawal) => (w.amount > w.netAmount ? ` (${formatInr(w.amount)} withdrawn, ${formatInr(w.amount - w.netAmount)} fee)` : '');

export function withdrawalNotice(w: SettledWithdrawal, outcome: WithdrawalOutcome): Notice {
  const words = {
    paid: ['Withdrawal paid', `${formatInr(w.netAmount)} was sent to your ${w.method === 'UPI' ? 'UPI id' : 'bank account'}${feeWords(w)}.`],
    reversed: ['Withdrawal failed', `Your withdrawal of ${formatInr(w.amount)} could not be paid and was returned to your wallet.`],
    returned: ['Withdrawal returned', `Your bank returned the withdrawal of ${formatInr(w.amount)}: the whole amount is back in your wallet.`],
  }[outcome];
  return {
    userId: w.userId,
    type: outcome === 'paid' ? 'WITHDRAWAL_PAID' : 'WITHDRAWAL_REVERSED',
    title: words[0],
    message: words[1],
    data: { withdrawalId: w.id, amount: toRupees(w.amount), netAmount: toRupees(w.netAmount), processingFee: toRupees(w.amount - w.netAmount) },
    dedupeKey: `withdrawal:${w.id}:${outcome}`,
  };
}

// ---------- settlement ----------

/**
 * A settled line's notice in the one money vocabulary: "Stake back ₹25 · winnings ₹9", "₹21.25 back · ₹3.75 to
 * the pool", forgiven, or the pledge-mode words; never "You won" for a share of ₹0. `data.netResult` is the morning's net.
 */
export function settlementNotice(date: string, mode: 'pool' | 'pledge', l: SettledLine, charityName: (id: string | null) => string): Notice {
  const words = l.forgivenBy ? forgivenWords(date, l) : mode === 'pledge' ? pledgeWords(date, l, charityName(l.charityId)) : poolWords(date, l);
  // A miss with a reason (a rejected proof photo) says why first
  const why = !l.isSuccessful && !l.forgivenBy && l.missNote ? { message: `${l.missNote}. ${words.message}`, data: { ...words.data, reason: l.missNote } } : {};
  return { ...words, ...why, userId: l.userId, dedupeKey: `settlement:${l.challengeId}` };
}

type Words = Pick<Notice, 'type' | 'title' | 'message' | 'data'>;

/** A miss forgiven for an outage of ours (either mode): the whole stake back, and why. */
function forgivenWords(date: string, l: SettledLine): Words {
  const why = l.forgivenNote ?? 'Forgiven: our service was down during your window';
  return {
    type: 'SETTLEMENT_FORGIVEN',
    title: `Forgiven: your ${formatInr(l.stake)} stake is back`,
    message: `${why}. Nothing is forfeited for your missed wake-up on ${formatDay(date)}: your whole ${formatInr(l.stake)} stake is back in your wallet.`,
    data: {
      date,
      challengeId: l.challengeId,
      stake: Number(l.stake) / 100,
      refund: Number(l.refund) / 100,
      netResult: 0,
      forgiven: true,
      outageId: l.forgivenBy,
      reason: why,
      receipt: `/settlements/${date}`,
    },
  };
}

/** Pledge mode: no "winnings" anywhere; a miss names where its forfeit was donated. */
function pledgeWords(date: string, l: SettledLine, destination: string): Words {
  const data = {
    date,
    challengeId: l.challengeId,
    mode: 'pledge',
    stake: Number(l.stake) / 100,
    refund: Number(l.refund) / 100,
    donated: Number(l.pooled) / 100,
    donatedTo: destination,
    charityId: l.charityId,
    netResult: l.isSuccessful ? 0 : -Number(l.pooled) / 100,
    receipt: `/settlements/${date}`,
  };
  if (!l.isSuccessful) {
    const to = l.charityId ? `donated to ${destination}` : `to ${destination}`;
    return {
      type: 'SETTLEMENT_REFUNDED',
      title: `${formatInr(l.refund)} back · ${formatInr(l.pooled)} ${to}`,
      message: `You missed your wake-up on ${formatDay(date)}: ${formatInr(l.refund)} (${REFUND_PCT} of your ${formatInr(l.stake)} stake) is back in your wallet and ${formatInr(l.pooled)} ${l.charityId ? to : `went to ${destination}`}.`,
      data,
    };
  }
  return {
    type: 'SETTLEMENT_RETURNED',
    title: `Stake back ${formatInr(l.stake)}`,
    message: `You woke up on time on ${formatDay(date)}: your full ${formatInr(l.stake)} stake is back in your wallet.`,
    data,
  };
}

function poolWords(date: string, l: SettledLine): Words {
  const net = l.isSuccessful ? Number(l.winnings) / 100 : -Number(l.pooled) / 100;
  const data = {
    date,
    challengeId: l.challengeId,
    stake: Number(l.stake) / 100,
    refund: Number(l.refund) / 100,
    winnings: Number(l.winnings) / 100,
    netResult: net === 0 ? 0 : net,
    receipt: `/settlements/${date}`,
  };
  const day = formatDay(date);
  if (!l.isSuccessful) {
    return {
      type: 'SETTLEMENT_REFUNDED',
      title: `${formatInr(l.refund)} back · ${formatInr(l.pooled)} to the pool`,
      message: `You missed your wake-up on ${day}: ${formatInr(l.refund)} (${REFUND_PCT} of your ${formatInr(l.stake)} stake) is back in your wallet and ${formatInr(l.pooled)} went to the pool.`,
      data,
    };
  }
  const title = `Stake back ${formatInr(l.stake)} · winnings ${formatInr(l.winnings)}`;
  if (l.winnings > 0n) {
    return {
      type: 'SETTLEMENT_WON',
      title,
      message: `You woke up on time on ${day}: your ${formatInr(l.stake)} stake is back and you won ${formatInr(l.winnings)} from the pool, ${formatInr(l.stake + l.winnings)} in your wallet.`,
      data,
    };
  }
  return {
    type: 'SETTLEMENT_WON',
    title,
    message: `You woke up on time on ${day}: your ${formatInr(l.stake)} stake is back. Nobody missed, so there were no winnings to share.`,
    data,
  };
}

/** The settlement receipt mail: the notice's words and a link to the app. */
export function receiptMail(appUrl: string, n: Pick<Notice, 'title' | 'message'>): { subject: string; text: string; html: string } {
  const link = `${appUrl}/wallet/transactions`;
  return {
    subject: `WakeStake: ${n.title}`,
    text: ['Hi,', '', n.message, '', `Your wallet: ${link}`, '', 'WakeStake'].join('\n'),
    html: `<p>Hi,</p><p>${escapeHtml(n.message)}</p><p><a href="${escapeHtml(link)}">Your wallet</a></p><p>WakeStake</p>`,
  };
}

// ---------- appeals ----------

/** The answer to an appeal: the notice and the mail (the same words). */
export function appealAnswer({ appeal: a }: AppealDecided, appUrl: string): { notice: Notice; mail: { subject: string; text: string; html: string } } {
  const accepted = a.decision === 'REFUNDED';
  const title = accepted ? 'Your appeal was accepted' : 'Your appeal was not accepted';
  const outcome = !a.refunded
    ? 'the miss stands'
    : a.refunded.what === 'forfeit'
      ? `${formatInr(a.refunded.amount)} forfeit refunded`
      : `the whole ${formatInr(a.refunded.amount)} stake refunded`;
  const appeal = `Your appeal of ${formatWakeTime(a.wakeUpTime)} on ${formatDay(a.date)}`;
  return {
    notice: {
      userId: a.userId,
      type: accepted ? 'APPEAL_REFUNDED' : 'APPEAL_UPHELD',
      title,
      message: `${appeal}: ${outcome}. ${a.note}`,
      data: { challengeId: a.challengeId, appealId: a.id },
      dedupeKey: `appeal:${a.id}:decided`,
    },
    mail: {
      subject: `WakeStake: ${title.toLowerCase()}`,
      text: `${appeal}: ${outcome}.\n\nSupport's note: ${a.note}\n\n${appUrl}/dashboard`,
      html: `<p>${escapeHtml(title)}.</p><p>${escapeHtml(appeal)}: ${escapeHtml(outcome)}.</p><p>Support's note: ${escapeHtml(a.note)}</p>`,
    },
  };
}

// ---------- a challenge's day ----------

export type ChallengeEvent = ChallengeCreated | ChallengeCancelled | ChallengeCheckedIn | ChallengeMissed | StillAwakeMissed | ChallengeExcused;

/** One notice per challenge and type (`challenge:{id}:{type}`). */
function challengeNotice(c: { id: string; userId: string }, type: Notice['type'], title: string, message: string, data: Record<string, unknown>): Notice {
  return { userId: c.userId, type, title, message, data: { challengeId: c.id, ...data }, dedupeKey: `challenge:${c.id}:${type}` };
}

export function createdNotice({ challenge: c }: ChallengeCreated): Notice {
  const pledge = c.donationTo !== null ? ` On time, it all comes back; missed, ${FORFEIT_PCT} is donated to ${c.donationTo}.` : '';
  return challengeNotice(
    c,
    'CHALLENGE_CREATED',
    'Challenge created',
    `Wake up by ${formatWakeTime(c.wakeUpTime)} on ${formatDay(c.date)}: ${formatInr(c.stake)} staked.${pledge}`,
    {
      challengeDate: c.date,
      wakeUpTime: c.wakeUpTime,
      forfeitAmount: toRupees(c.stake),
    },
  );
}

export function cancelledNotice({ challenge: c }: ChallengeCancelled): Notice {
  return challengeNotice(
    c,
    'CHALLENGE_CANCELLED',
    'Challenge cancelled',
    `Your challenge for ${formatDay(c.date)} was cancelled and ${formatInr(c.stake)} returned to your wallet.`,
    {
      refundedAmount: toRupees(c.stake),
    },
  );
}

export function checkedInNotice({ challenge: c }: ChallengeCheckedIn): Notice {
  const message = c.onTime
    ? c.donationTo !== null
      ? `You woke up on time on ${formatDay(c.date)}. Your full stake comes back at settlement.`
      : `You woke up on time on ${formatDay(c.date)}. Your stake comes back at settlement, with a share of the pool if anyone missed.`
    : `You checked in after the window closed on ${formatDay(c.date)}; ${REFUND_PCT} of your stake is refunded at settlement${c.donationTo !== null ? ` and the rest is donated to ${c.donationTo}` : ''}.`;
  return challengeNotice(c, 'CHALLENGE_CHECKED_IN', c.onTime ? 'Checked in on time' : 'Checked in late', message, { isSuccessful: c.onTime });
}

export function missedNotice({ challenge: c }: ChallengeMissed): Notice {
  return challengeNotice(
    c,
    'CHALLENGE_MISSED',
    'Check-in missed',
    `You did not check in for ${formatWakeTime(c.wakeUpTime)} on ${formatDay(c.date)}; ${REFUND_PCT} of your stake is refunded at settlement.`,
    { challengeDate: c.date },
  );
}

export function stillAwakeMissedNotice({ challenge: c }: StillAwakeMissed): Notice {
  return challengeNotice(
    c,
    'STILL_AWAKE_MISSED',
    'Still-awake check missed',
    `You did not answer the still-awake check on ${formatDay(c.date)}, so that morning counts as missed; ${REFUND_PCT} of your stake is refunded at settlement.`,
    { challengeDate: c.date },
  );
}

export function excusedNotice({ challenge: c }: ChallengeExcused): Notice {
  return c.kind === 'LEAVE'
    ? challengeNotice(
        c,
        'CHALLENGE_EXCUSED',
        'On leave',
        `You are on leave on ${formatDay(c.date)}: your challenge is excused and ${formatInr(c.refunded)} is back in your wallet.`,
        { kind: 'LEAVE' },
      )
    : challengeNotice(
        c,
        'CHALLENGE_EXCUSED',
        'Wake shield used',
        `A wake shield excused your morning of ${formatDay(c.date)}: ${formatInr(c.refunded)} is back in your wallet and your streak is kept.`,
        { kind: 'SHIELD' },
      );
}

export function planSkippedNotice({ plan: p }: PlannedDaySkipped): Notice {
  return {
    userId: p.userId,
    type: 'PLAN_SKIPPED',
    title: 'A planned morning was not booked',
    message: `Your plan did not book ${formatWakeTime(p.wakeUpTime)} on ${formatDay(p.date)} (${formatInr(p.stake)}): ${p.reason}`,
    data: { planId: p.id, date: p.date },
    dedupeKey: `plan:${p.id}:${p.date}:skipped`,
  };
}
