/** The photo store refused a check-in photo (the check-in answered 503 and changed nothing). */
export class CheckInPhotoUploadFailed {
  constructor(readonly challengeId: string, readonly userId: string) {}
}
