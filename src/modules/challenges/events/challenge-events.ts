import type { EntityManager } from 'typeorm';
import type { InTransactionEvent } from '../../../common/transactional-events.js';

/** The photo store refused a check-in photo (the check-in answered 503 and changed nothing). */
export class CheckInPhotoUploadFailed {
  constructor(
    readonly challengeId: string,
    readonly userId: string,
  ) {}
}

// What happened to a challenge, published after its transaction committed (the notifications module tells the user;
// awaited, so the notice is there when the route answers). Amounts in paise.

/** A challenge was booked; `donationTo` names where a pledge-mode miss is donated (null in pool mode). */
export class ChallengeCreated {
  constructor(readonly challenge: { id: string; userId: string; date: string; wakeUpTime: string; stake: bigint; donationTo: string | null }) {}
}

/** A challenge was cancelled and its stake returned. */
export class ChallengeCancelled {
  constructor(readonly challenge: { id: string; userId: string; date: string; stake: bigint }) {}
}

/** A check-in was recorded, on time or after the window; `donationTo` as in ChallengeCreated. */
export class ChallengeCheckedIn {
  constructor(readonly challenge: { id: string; userId: string; date: string; onTime: boolean; donationTo: string | null }) {}
}

/** The window closed without a check-in. */
export class ChallengeMissed {
  constructor(readonly challenge: { id: string; userId: string; date: string; wakeUpTime: string }) {}
}

/** The still-awake check went unanswered: the morning counts as missed. */
export class StillAwakeMissed {
  constructor(readonly challenge: { id: string; userId: string; date: string }) {}
}

/** A morning was excused (a leave day or a wake shield) and `refunded` is back in the wallet. */
export class ChallengeExcused {
  constructor(readonly challenge: { id: string; userId: string; date: string; refunded: bigint; kind: 'LEAVE' | 'SHIELD' }) {}
}

/** Support decided an appeal; published in the decision's transaction (with any refund it moved). */
export class AppealDecided implements InTransactionEvent {
  constructor(
    readonly appeal: {
      id: string;
      userId: string;
      challengeId: string;
      date: string;
      wakeUpTime: string;
      decision: 'REFUNDED' | 'UPHELD';
      /** what the refund gave back: the forfeit of a settled day, or the whole stake of one not settled yet */
      refunded: { what: 'forfeit' | 'stake'; amount: bigint } | null;
      note: string;
    },
    readonly manager: EntityManager,
  ) {}
}

/** A plan's day could not be booked (a rule refused it: `reason` is the refusal's message). */
export class PlannedDaySkipped {
  constructor(readonly plan: { id: string; userId: string; date: string; wakeUpTime: string; stake: bigint; reason: string }) {}
}
