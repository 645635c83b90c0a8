export class ChallengeCreated {
  constructor(readonly challengeId: string, readonly userId: string, readonly challengeDate: string, readonly stake: bigint) {}
}
export class ChallengeCheckedIn {
  constructor(readonly challengeId: string, readonly userId: string, readonly isSuccessful: boolean) {}
}
export class ChallengeMissed {
  constructor(readonly challengeId: string, readonly userId: string, readonly challengeDate: string) {}
}
export class ChallengeCancelled {
  constructor(readonly challengeId: string, readonly userId: string, readonly refunded: bigint) {}
}
/** The photo store refused a check-in photo (the check-in answered 503 and changed nothing). */
export class CheckInPhotoUploadFailed {
  constructor(readonly challengeId: string, readonly userId: string) {}
}
