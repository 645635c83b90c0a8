/**
 * When two photos are the same picture, the one place it is written: the same bytes (SHA-256), or difference hashes at
 * most PHOTO_MATCH_MAX_DISTANCE bits apart (re-encoded, resized, lightly cropped). "Seen before?" decides with
 * isSamePicture itself, over the stored rows that FingerprintIndex proposes and the same bytes found by the SHA-256
 * index (ProofRepository.storedMatches); test/e2e/same-picture-property.e2e-spec.ts runs random photos through it on
 * PostgreSQL and asserts the answer is isSamePicture's over every stored row. Pure: no Nest, no ORM.
 */

/** A photo's two fingerprints: the exact bytes (SHA-256) and the picture (a 64-bit difference hash). */
export interface PhotoFingerprint {
  sha256: string;
  /** dHash: 64 bits as a signed bigint (PostgreSQL bigint) */
  dhash: bigint;
}

/**
 * Two photos whose 64-bit dHashes differ in at most this many bits are the same picture. Measured: docs/decisions.md,
 * "Proof of wake"; photo-fingerprint.spec.ts repeats the measurement.
 */
export const PHOTO_MATCH_MAX_DISTANCE = 12;

/** Bits that differ between two 64-bit hashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

export function isSamePicture(a: PhotoFingerprint, b: PhotoFingerprint): boolean {
  return a.sha256 === b.sha256 || hammingDistance(a.dhash, b.dhash) <= PHOTO_MATCH_MAX_DISTANCE;
}
