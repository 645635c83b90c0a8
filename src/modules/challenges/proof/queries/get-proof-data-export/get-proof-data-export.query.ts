import { Query } from '@nestjs/cqrs';

export interface ProofDataExport {
  /** every stored photo's fingerprints (SHA-256 and the 64-bit dHash, as decimal text), kept to refuse a photo used twice */
  photoFingerprints: { challengeId: string; source: 'CHECK_IN' | 'APPEAL'; sha256: string; dhash: string; createdAt: string }[];
  /** verdicts given on the user's proof photos (reviewers not named) */
  verdictsOnMyPhotos: Record<string, unknown>[];
  /** verdicts the user gave (as a referee or a peer) */
  verdictsGiven: Record<string, unknown>[];
}

/** Proof of wake's data about a user, for the data export. */
export class GetProofDataExportQuery extends Query<ProofDataExport> {
  constructor(readonly userId: string) {
    super();
  }
}
