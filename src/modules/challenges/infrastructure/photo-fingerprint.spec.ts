import sharp from 'sharp';
import { cropped, photoLikeJpeg, reencode, resized, withGps } from '../../../../test/factories/photos.js';
import { PHOTO_MATCH_MAX_DISTANCE } from '../domain/proof-rules.js';
import { dHash, fingerprintOf, hammingDistance, withoutMetadata } from './photo-fingerprint.js';

const SEEDS = [11, 23, 37, 41, 59, 67, 73, 89, 97, 101, 103, 107];

/**
 * The threshold's measurement (docs/decisions.md, "Proof of wake"): every variation of a picture within
 * PHOTO_MATCH_MAX_DISTANCE bits of it, every other picture beyond it. MEASURE=1 prints the distances.
 */
describe('photo fingerprints', () => {
  jest.setTimeout(60_000);

  it('finds re-encoded, resized and lightly cropped copies within the threshold and no other picture', async () => {
    const variations: Record<string, (b: Buffer) => Promise<Buffer>> = {
      'jpeg q60': (b) => reencode(b, 60),
      'jpeg q80': (b) => reencode(b, 80),
      'resize 50%': (b) => resized(b, 0.5),
      'resize 75%': (b) => resized(b, 0.75),
      'crop 3%': (b) => cropped(b, 0.03),
      'crop 5%': (b) => cropped(b, 0.05),
      'crop 3% one side': (b) => cropped(b, 0.03, true),
      png: (b) => sharp(b).png().toBuffer(),
    };
    // measured, not promised: a 5% crop all from one side moves up to 14 bits (most copies are still caught)
    const beyond: Record<string, (b: Buffer) => Promise<Buffer>> = { 'crop 5% one side': (b) => cropped(b, 0.05, true) };
    const originals = await Promise.all(SEEDS.map((s) => photoLikeJpeg(s)));
    const hashes = await Promise.all(originals.map((b) => dHash(b)));
    const same: Record<string, number[]> = {};
    for (const [name, vary] of Object.entries(variations)) {
      same[name] = await Promise.all(originals.map(async (b, i) => hammingDistance(hashes[i], await dHash(await vary(b)))));
    }
    const measured: Record<string, number[]> = {};
    for (const [name, vary] of Object.entries(beyond)) {
      measured[name] = await Promise.all(originals.map(async (b, i) => hammingDistance(hashes[i], await dHash(await vary(b)))));
    }
    const other: number[] = [];
    for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) other.push(hammingDistance(hashes[i], hashes[j]));
    if (process.env.MEASURE) console.log(JSON.stringify({ same, measured, other: other.sort((a, b) => a - b) }));
    for (const d of Object.values(same).flat()) expect(d).toBeLessThanOrEqual(PHOTO_MATCH_MAX_DISTANCE);
    // a margin of 8 bits from the nearest distinct picture
    for (const d of other) expect(d).toBeGreaterThan(PHOTO_MATCH_MAX_DISTANCE + 8);
  });

  it('stores a photo without its EXIF block and location, the picture unchanged', async () => {
    const original = await withGps(await photoLikeJpeg(5));
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const stored = await withoutMetadata(original, 'jpeg');
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('TestPhone'))).toBe(false);
    expect(hammingDistance(await dHash(stored), await dHash(original))).toBeLessThanOrEqual(PHOTO_MATCH_MAX_DISTANCE);
  });

  it('hashes a phone-sized photo quickly enough for the request path', async () => {
    const big = await sharp((await photoLikeJpeg(9)) as Buffer).resize(3000, 4000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
    await fingerprintOf(big);
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 5; i++) await fingerprintOf(big);
    const ms = Number(process.hrtime.bigint() - t0) / 5e6;
    if (process.env.MEASURE) console.log(`fingerprint of a 3000×4000 JPEG: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(500);
  });
});
