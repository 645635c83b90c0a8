import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { PhotoFingerprint } from '../../shared/domain/same-picture.js';
import { jpegWithoutMetadata } from '../domain/jpeg-metadata.js';

/** The fingerprints and, read off the same thumbnail, how much the picture varies at all (the blank-frame flag). */
export interface PhotoReading extends PhotoFingerprint {
  /** standard deviation of the 9×8 grey thumbnail's levels (0-255): near 0 for a covered lens or a flat wall */
  greySpread: number;
}

const W = 9;
const H = 8;

/**
 * dHash: the picture shrunk to 9×8 grey pixels (rotation from EXIF applied first), one bit per pair of horizontal
 * neighbours (left brighter than right). Re-encoding, resizing and light crops move few bits; another picture about
 * half of them (docs/decisions.md, "Proof of wake", has the measured distances).
 */
export async function dHash(bytes: Buffer): Promise<bigint> {
  return dHashOf(await thumbnail(bytes));
}

/** The 9×8 grey thumbnail both readings use: one decode (JPEG shrink-on-load), EXIF rotation applied. */
function thumbnail(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { failOn: 'none' }).rotate().greyscale().resize(W, H, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
}

function dHashOf(px: Buffer): bigint {
  let h = 0n;
  for (let y = 0; y < H; y++) for (let x = 0; x < W - 1; x++) h = (h << 1n) | (px[y * W + x] > px[y * W + x + 1] ? 1n : 0n);
  return BigInt.asIntN(64, h);
}

/** Standard deviation of the thumbnail's grey levels: no extra decode, no model (docs/decisions.md, "blank frame"). */
function greySpreadOf(px: Buffer): number {
  const n = W * H;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += px[i];
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (px[i] - mean) ** 2;
  return Math.sqrt(sq / n);
}

export async function fingerprintOf(bytes: Buffer): Promise<PhotoReading> {
  const px = await thumbnail(bytes);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), dhash: dHashOf(px), greySpread: greySpreadOf(px) };
}

/**
 * The photo as stored: rotation applied, every metadata block (EXIF, GPS, XMP, ICC) dropped, same format. A JPEG that is
 * upright and has no colour profile (the app's camera flow sends these) has its blocks cut out, the picture's bytes
 * untouched; any other is re-encoded.
 */
export async function withoutMetadata(bytes: Buffer, format: 'jpeg' | 'png'): Promise<Buffer> {
  const cut = format === 'jpeg' ? jpegWithoutMetadata(bytes) : null;
  if (cut) return cut;
  const img = sharp(bytes, { failOn: 'none' }).rotate();
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 90 }).toBuffer();
}
