/**
 * When two photos are the same picture, the one place it is written: the same bytes (SHA-256), or difference hashes at
 * most PHOTO_MATCH_MAX_DISTANCE bits apart (re-encoded, resized, lightly cropped). The SQL forms ("seen before?" and the
 * rush's photo check-in, both over photo_fingerprints) are generated from samePictureSql below, and
 * test/e2e/same-picture-property.e2e-spec.ts runs random pairs through isSamePicture and through those statements on
 * PostgreSQL and asserts they agree. Pure: no Nest, no ORM.
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

/** SQL expressions (column names or casts, never user input) of a fingerprint's text SHA-256 and bigint dHash. */
export interface FingerprintSql {
  sha256: string;
  dhash: string;
}

/** isSamePicture as a SQL boolean. */
export function samePictureSql(a: FingerprintSql, b: FingerprintSql): string {
  return `(${a.sha256} = ${b.sha256} OR bit_count((${a.dhash} # ${b.dhash})::bit(64)) <= ${PHOTO_MATCH_MAX_DISTANCE})`;
}
