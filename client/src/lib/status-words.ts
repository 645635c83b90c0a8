// Issue 29: plain words for every status a person reads. The server's statuses (PENDING, PROCESSED, SUCCESS…) are codes
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
