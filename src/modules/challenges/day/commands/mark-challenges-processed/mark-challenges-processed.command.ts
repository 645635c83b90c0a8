import { Command } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';

export interface ProcessedChallenge {
  challengeId: string;
  /** paise credited beyond the stake (winners), 0 for losers */
  winningsAmount: bigint;
  /** paise kept by the pool (losers: 15% of the stake), 0 for winners */
  actualForfeitAmount: bigint;
  /** a miss forgiven for an outage of ours: why, as its owner reads it (the whole stake came back) */
  forgivenReason?: string | null;
}

/** Marks settled challenges PROCESSED with their amounts (idempotent: already PROCESSED rows are left alone). */
export class MarkChallengesProcessedCommand extends Command<{ updated: number }> {
  constructor(
    readonly items: ProcessedChallenge[],
    readonly manager?: EntityManager,
  ) {
    super();
  }
}
