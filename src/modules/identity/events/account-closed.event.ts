/**
 * A user closed their account (published after the closure committed): personal data is erased, sessions ended.
 * Modules holding more about the user (push subscriptions, calendar feeds, plans) listen to drop it.
 */
export class AccountClosed {
  constructor(
    readonly userId: string,
    readonly closedAt: Date,
  ) {}
}
