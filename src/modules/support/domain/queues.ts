/** The app's BullMQ queues (names owned by settlement, challenges and wallet; strings here so support imports none of their jobs/). */
export const KNOWN_QUEUES = ['settlement', 'challenges', 'payouts', 'mail', 'notifications', 'challenge-plans'] as const;
export const JOB_STATES = ['failed', 'waiting', 'delayed', 'active', 'completed'] as const;
export type JobListState = (typeof JOB_STATES)[number];

export interface QueueSummary {
  name: string;
  isPaused: boolean;
  counts: Record<JobListState, number>;
}

/** A job as the console shows it (its data without secrets). */
export interface QueueJobView {
  id: string | null;
  name: string;
  data: unknown;
  failedReason: string | null;
  attemptsMade: number;
  timestamp: string | null;
  processedOn: string | null;
  finishedOn: string | null;
  delay: number;
}
