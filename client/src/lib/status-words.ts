// Plain words for every status a person reads. The server's statuses (PENDING, PROCESSED, SUCCESS…) are codes
// for programs; a screen shows these words instead, from this one table.

/** A challenge's status, in words ("Waiting for check-in", "Settled"…). */
export function challengeStatusWord(c: { status: string; isSuccessful?: boolean | null; forgivenReason?: string | null }): string {
  switch (String(c.status).toUpperCase()) {
    case 'PENDING':
      return 'Waiting for check-in';
    case 'COMPLETED':
      return c.isSuccessful ? 'Woke up · settling' : 'Missed · settling';
    case 'PROCESSED':
      return 'Settled';
    case 'CANCELLED':
      return 'Cancelled';
    default:
      return statusWord(c.status);
  }
}

/** A history row's outcome, in words. */
export function outcomeWord(label: 'COMPLETED' | 'FAILED' | 'FORGIVEN'): string {
  return label === 'COMPLETED' ? 'Woke up' : label === 'FORGIVEN' ? 'Forgiven' : 'Missed';
}

const WORDS: Record<string, string> = {
  // wallet lines, withdrawals, payouts
  PENDING: 'Processing',
  PROCESSING: 'Processing',
  QUEUED: 'Processing',
  SUCCESS: 'Done',
  COMPLETED: 'Done',
  PAID: 'Paid out',
  FAILED: 'Failed',
  REVERSED: 'Returned to wallet',
  RETURNED: 'Returned to wallet',
  CANCELLED: 'Cancelled',
  // settlements
  PROCESSED: 'Settled',
  SETTLED: 'Settled',
  RUNNING: 'Settling',
  // appeals, proofs, plans
  OPEN: 'Open',
  UPHELD: 'Miss upheld',
  REFUNDED: 'Refunded',
  PENDING_REVIEW: 'Waiting for review',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  ENDED: 'Ended',
};

/** Any other status a person reads (a transaction, a withdrawal, a settlement run, a plan…), in words. */
export function statusWord(status: string | null | undefined): string {
  const key = String(status ?? '').toUpperCase();
  if (WORDS[key]) return WORDS[key];
  if (!key) return '';
  const plain = key.toLowerCase().replace(/_/g, ' ');
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

// Proof of wake, in words.
export type ProofLevel = 'NONE' | 'PHOTO';

/** The proof level chosen when staking ("No proof", "Photo proof"); an absent proof is NONE. */
export function proofWord(proof: string | null | undefined): string {
  return String(proof ?? 'NONE').toUpperCase() === 'PHOTO' ? 'Photo proof' : 'No proof';
}

/** The choices offered when staking, each with what it means. */
export const proofChoices: readonly { value: ProofLevel; title: string; detail: string }[] = [
  { value: 'NONE', title: 'No proof', detail: 'just check in' },
  { value: 'PHOTO', title: 'Photo proof', detail: 'a new photo, reviewed by people with nothing to gain' },
];

/** A PHOTO check-in's review, in words; null when there is nothing to say (no photo proof, or not checked in). */
export function proofStatusWord(c: { proofStatus?: string | null; failureReason?: string | null }): string | null {
  switch (String(c.proofStatus ?? '').toUpperCase()) {
    case 'PENDING_REVIEW':
      return 'Photo waiting for review';
    case 'ACCEPTED':
      return 'Photo accepted';
    case 'REJECTED': {
      // the server's reason: "Photo proof rejected by support: blurry" or "… by peers (not a real morning)"
      const m = /^photo proof rejected(?: by ([^:(]+?))?\s*(?::\s*(.+)|\((.+)\))?\s*$/i.exec((c.failureReason ?? '').trim());
      const why = (m?.[2] ?? m?.[3] ?? '').trim() || (m ? 'not a real morning' : (c.failureReason ?? '').trim());
      const by = m?.[1] ? ` (${m[1].trim()})` : '';
      return why ? `Photo rejected: ${why}${by}` : 'Photo rejected';
    }
    default:
      return null;
  }
}

/** The server's refusal of a photo seen before (any user's earlier check-in, appeal or referee photo). */
export function isUsedPhotoRefusal(message: string | null | undefined): boolean {
  return /used before/i.test(message ?? '');
}

/** The duplicate refusal in plain words (the button under it says "Take a new photo"). */
export const usedPhotoWords = 'This photo was used before, so it can’t prove this morning. Take a new photo now and check in with it.';
