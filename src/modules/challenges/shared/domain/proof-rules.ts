/**
 * Proof of wake: a challenge's proof level and its photo's review (when two photos are the same picture: same-picture.ts).
 * Pure: no Nest, no ORM.
 */
export const PROOF_LEVELS = ['NONE', 'PHOTO'] as const;
export type Proof = (typeof PROOF_LEVELS)[number];
export const PROOF_MESSAGE = 'proof must be NONE or PHOTO';

export const PROOF_STATUSES = ['PENDING_REVIEW', 'ACCEPTED', 'REJECTED'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

export const PROOF_VERDICTS = ['ACCEPTED', 'REJECTED'] as const;
export type ProofVerdict = (typeof PROOF_VERDICTS)[number];

/**
 * A PHOTO check-in's automatic flag (no model: a reading of the dHash thumbnail). BLANK_FRAME: the 9×8 grey thumbnail's
 * levels spread less than BLANK_FRAME_MAX_SPREAD (of 255), a covered lens, a black or white frame, a flat wall.
 * It puts the photo first in the peer review queue and shows it to support; it rejects nothing by itself.
 * Measured: photo-fingerprint.spec.ts (MEASURE=1) and docs/decisions.md, "blank frame".
 */
export const PROOF_FLAGS = ['BLANK_FRAME'] as const;
export type ProofFlag = (typeof PROOF_FLAGS)[number];
export const BLANK_FRAME_MAX_SPREAD = 5;

export function proofFlagOf(greySpread: number): ProofFlag | null {
  return greySpread < BLANK_FRAME_MAX_SPREAD ? 'BLANK_FRAME' : null;
}

/** A proof level from a request: absent is NONE; anything else than the two words is refused by the caller. */
/** Wake missions: a task before the check-in unlocks, for getting out of bed (not proof). */
export const MISSIONS = ['NONE', 'MATH', 'TYPING', 'WAKE_TAG'] as const;
export type Mission = (typeof MISSIONS)[number];
export const MISSION_MESSAGE = 'mission must be NONE, MATH, TYPING or WAKE_TAG';

/** Absent is NONE; any other word is null (a 400). */
export function parseMission(value: unknown): Mission | null {
  if (value === undefined || value === null || value === '') return 'NONE';
  return typeof value === 'string' && (MISSIONS as readonly string[]).includes(value.toUpperCase()) ? (value.toUpperCase() as Mission) : null;
}

export function parseProof(value: unknown): Proof | null {
  if (value === undefined || value === null || value === '') return 'NONE';
  return typeof value === 'string' && (PROOF_LEVELS as readonly string[]).includes(value.toUpperCase()) ? (value.toUpperCase() as Proof) : null;
}

/** Peer review: this many "not a real morning" answers reject a photo (one from support or the referee does). */
export const PEER_REJECTIONS_TO_REJECT = 2;

/**
 * A photo's review status from its verdicts (in the order given): support's latest verdict stands over everything, then
 * the referee's; else PEER_REJECTIONS_TO_REJECT peer rejections reject it; else it waits (settlement accepts it).
 */
export function proofStatusOf(verdicts: readonly { reviewerRole: 'SUPPORT' | 'REFEREE' | 'PEER'; verdict: ProofVerdict; note: string | null }[]): {
  status: ProofStatus;
  by: 'SUPPORT' | 'REFEREE' | 'PEER' | null;
  note: string | null;
} {
  for (const role of ['SUPPORT', 'REFEREE'] as const) {
    const last = verdicts.filter((v) => v.reviewerRole === role).at(-1);
    if (last) return { status: last.verdict, by: role, note: last.note };
  }
  const rejections = verdicts.filter((v) => v.reviewerRole === 'PEER' && v.verdict === 'REJECTED');
  if (rejections.length >= PEER_REJECTIONS_TO_REJECT) return { status: 'REJECTED', by: 'PEER', note: null };
  return { status: 'PENDING_REVIEW', by: null, note: null };
}

/** What a rejected morning's owner reads as its failure reason (at most 200 characters, the column's width). */
export function rejectionReason(by: 'SUPPORT' | 'REFEREE' | 'PEER' | null, note: string | null): string {
  const who = by === 'SUPPORT' ? 'support' : by === 'REFEREE' ? 'your referee' : 'peer review';
  const text = `Photo proof rejected by ${who}${note ? `: ${note}` : ' (not a real morning)'}`;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** The wake tag's QR code text: the app prefix and the person's secret (the scanner compares it with GET /me/wake-tag). */
export const WAKE_TAG_PREFIX = 'wakestake-tag:';
