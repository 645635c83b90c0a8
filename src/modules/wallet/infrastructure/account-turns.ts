/**
 * Each account's turn in this process: a post outside a caller's transaction waits for the posts before it on the same
 * accounts, taken in account order so two posts cannot deadlock.
 */
export class AccountTurns {
  private readonly turns = new Map<string, Promise<void>>();

  /** Waits for the turns of these accounts; answers their release. */
  async of(accounts: string[]): Promise<() => void> {
    const releases: (() => void)[] = [];
    for (const account of [...new Set(accounts)].sort()) releases.push(await this.one(account));
    return () => releases.reverse().forEach((r) => r());
  }

  private one(account: string): Promise<() => void> {
    const before = this.turns.get(account) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    const mine = before.then(() => done);
    this.turns.set(account, mine);
    return before.then(() => () => {
      release();
      if (this.turns.get(account) === mine) this.turns.delete(account);
    });
  }
}
