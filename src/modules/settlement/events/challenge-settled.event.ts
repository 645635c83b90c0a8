/** A challenge's money has been settled (paise). */
export class ChallengeSettled {
  constructor(
    readonly challengeId: string,
    readonly userId: string,
    readonly date: string,
    readonly isSuccessful: boolean,
    readonly stake: bigint,
    readonly refunded: bigint,
    readonly winnings: bigint,
  ) {}
}
