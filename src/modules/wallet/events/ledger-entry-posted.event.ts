/** A journal entry was committed (published after commit; never for a duplicate). Amounts in paise. */
export class LedgerEntryPosted {
  constructor(
    readonly entryId: string,
    readonly idempotencyKey: string,
    readonly reason: string,
    readonly correlation: { type: string; id: string },
    readonly postings: { account: string; amount: bigint }[],
  ) {}
}
