import { Command } from '@nestjs/cqrs';
import type { ShieldSummary } from '../../domain/shield-rules.js';

export interface SpendShieldResult {
  challengeId: string;
  challengeDate: string;
  /** paise returned to the wallet (the whole stake) */
  refunded: bigint;
  shields: ShieldSummary;
}

/** Spends one of the user's wake shields on a pending challenge before its window opens: the morning is excused. */
export class SpendShieldCommand extends Command<SpendShieldResult> {
  constructor(
    readonly userId: string,
    readonly challengeId: string,
  ) {
    super();
  }
}
