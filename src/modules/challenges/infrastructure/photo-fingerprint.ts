import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** A photo's two fingerprints: the exact bytes (SHA-256) and the picture (a 64-bit difference hash). */
export interface PhotoFingerprint {
  sha256: string;
  /** dHash: 64 bits as a signed bigint (PostgreSQL bigint) */
  dhash: bigint;
}

const W = 9;
const H = 8;

/**
 * dHash: the picture shrunk to 9×8 grey pixels (rotation from EXIF applied first), one bit per pair of horizontal
 * neighbours (left brighter than right). Re-encoding, resizing and light crops move few bits; another picture about
 * half of them (docs/decisions.md, "Proof of wake", has the measured distances).
 */
export async function dHash(bytes: Buffer): Promise<bigint> {
  const px = await sharp(bytes, { failOn: 'none' }).rotate().greyscale().resize(W, H, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
  let h = 0n;
  for (let y = 0; y < H; y++) for (let x = 0; x < W - 1; x++) h = (h << 1n) | (px[y * W + x] > px[y * W + x + 1] ? 1n : 0n);
  return BigInt.asIntN(64, h);
}

export async function fingerprintOf(bytes: Buffer): Promise<PhotoFingerprint> {
  return { sha256: createHash('sha256').update(bytes).digest('hex'), dhash: await dHash(bytes) };
}

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

/** The photo as stored: rotation applied, every metadata block (EXIF, GPS, XMP, ICC) dropped, same format. */
export async function withoutMetadata(bytes: Buffer, format: 'jpeg' | 'png'): Promise<Buffer> {
  const img = sharp(bytes, { failOn: 'none' }).rotate();
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 90 }).toBuffer();
}
