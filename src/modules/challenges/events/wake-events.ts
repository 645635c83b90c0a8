/** A challenge's morning was excused before its window opened (a wake shield, or declared leave): its whole stake returned. */
export class ChallengeExcused {
  constructor(readonly challengeId: string, readonly userId: string, readonly challengeDate: string, readonly kind: 'SHIELD' | 'LEAVE', readonly refunded: bigint) {}
}
/** A still-awake check went unanswered: the morning now counts as missed. */
export class StillAwakeMissed {
  constructor(readonly challengeId: string, readonly userId: string, readonly challengeDate: string) {}
}
