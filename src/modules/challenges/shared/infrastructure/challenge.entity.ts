import { Column, Entity, PrimaryColumn, ValueTransformer } from 'typeorm';
import type { ChallengeStatus } from '../domain/challenge-rules.js';
import type { Mission, Proof, ProofFlag, ProofStatus } from '../domain/proof-rules.js';

/** bigint paise: PostgreSQL hands bigint back as a string. */
export const paiseTransformer: ValueTransformer = {
  to: (v: bigint | null | undefined) => (v === null || v === undefined ? v : v.toString()),
  from: (v: string | null) => (v === null || v === undefined ? v : BigInt(v)),
};

@Entity({ name: 'challenges' })
export class ChallengeEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Column('date', { name: 'challenge_date' })
  challengeDate!: string;

  @Column('varchar', { name: 'wake_up_time', length: 5 })
  wakeUpTime!: string;

  @Column('bigint', { transformer: paiseTransformer })
  stake!: bigint;

  @Column('varchar', { length: 16 })
  status!: ChallengeStatus;

  @Column('boolean', { name: 'is_successful', nullable: true })
  isSuccessful!: boolean | null;

  @Column('timestamptz', { name: 'window_opens_at' })
  windowOpensAt!: Date;

  @Column('timestamptz', { name: 'window_closes_at' })
  windowClosesAt!: Date;

  @Column('timestamptz', { name: 'check_in_time', nullable: true })
  checkInTime!: Date | null;

  @Column('varchar', { name: 'verification_method', length: 8, nullable: true })
  verificationMethod!: 'MANUAL' | 'PHOTO' | null;

  @Column('varchar', { name: 'check_in_location', length: 200, nullable: true })
  checkInLocation!: string | null;

  @Column('varchar', { length: 500, nullable: true })
  notes!: string | null;

  @Column('varchar', { name: 'photo_path', length: 300, nullable: true })
  photoPath!: string | null;

  @Column('varchar', { name: 'failure_reason', length: 200, nullable: true })
  failureReason!: string | null;

  /** a miss settled as forgiven for an outage of ours (the whole stake back): why, as its owner reads it */
  @Column('varchar', { name: 'forgiven_reason', length: 300, nullable: true })
  forgivenReason!: string | null;

  @Column('bigint', { name: 'winnings_amount', transformer: paiseTransformer, default: 0 })
  winningsAmount!: bigint;

  @Column('bigint', { name: 'actual_forfeit_amount', transformer: paiseTransformer, default: 0 })
  actualForfeitAmount!: bigint;

  @Column('bigint', { name: 'refunded_amount', transformer: paiseTransformer, default: 0 })
  refundedAmount!: bigint;

  @Column('boolean', { name: 'is_test', default: false })
  isTest!: boolean;

  /** POOL_MODE when the challenge was created: fixed for its life, so a later switch never changes a staked challenge */
  @Column('varchar', { name: 'pool_mode', length: 6, default: 'pool' })
  poolMode!: 'pool' | 'pledge';

  /** pledge mode: the charity a miss's forfeit goes to (null: the platform) */
  @Column('varchar', { name: 'charity_id', length: 40, nullable: true })
  charityId!: string | null;

  /** proof of wake, fixed at creation: PHOTO mornings need a new photo and settle in a pool of their own */
  @Column('varchar', { length: 5, default: 'NONE' })
  proof!: Proof;

  /** wake mission: a task before the check-in unlocks in the app (NONE by default) */
  @Column('varchar', { length: 8, default: 'NONE' })
  mission!: Mission;

  /** a PHOTO check-in's review: PENDING_REVIEW until a verdict (or settlement: ACCEPTED); null otherwise */
  @Column('varchar', { name: 'proof_status', length: 14, nullable: true })
  proofStatus!: ProofStatus | null;

  /** a PHOTO check-in's automatic flag (BLANK_FRAME: nearly one flat colour): first in peer review, shown to support */
  @Column('varchar', { name: 'proof_flag', length: 12, nullable: true })
  proofFlag!: ProofFlag | null;

  /** set from the injected Clock, not the database's now() */
  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'closed_at', nullable: true })
  closedAt!: Date | null;

  @Column('timestamptz', { name: 'processed_at', nullable: true })
  processedAt!: Date | null;

  @Column('timestamptz', { name: 'cancelled_at', nullable: true })
  cancelledAt!: Date | null;
}
