import sharp from 'sharp';
import { cropped, photoLikeJpeg, photoLikeRaw, reencode, resized, withGps } from '../../../../../test/factories/photos.js';
import { BLANK_FRAME_MAX_SPREAD, proofFlagOf } from '../../shared/domain/proof-rules.js';
import { hammingDistance, PHOTO_MATCH_MAX_DISTANCE } from '../../shared/domain/same-picture.js';
import { dHash, fingerprintOf, withoutMetadata } from './photo-fingerprint.js';

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

  it('flags blank frames (covered lens, black, white, flat wall) and no photo-like picture, even a dim one', async () => {
    const w = 640;
    const h = 480;
    /** a flat colour with ±`noise` sensor noise and a `vignette` (levels lost towards the corners) */
    const frame = (rgb: number[], noise: number, vignette = 0, seed = 1): Promise<Buffer> => {
      let s = seed;
      const r = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
      const data = Buffer.alloc(w * h * 3);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const edge = Math.hypot((x - w / 2) / (w / 2), (y - h / 2) / (h / 2)) / Math.SQRT2;
          for (let k = 0; k < 3; k++) data[(y * w + x) * 3 + k] = Math.max(0, Math.min(255, Math.round(rgb[k] - vignette * edge + (r() - 0.5) * 2 * noise)));
        }
      }
      return sharp(data, { raw: { width: w, height: h, channels: 3 } })
        .jpeg({ quality: 80 })
        .toBuffer();
    };
    const dim = async (seed: number, factor: number) => {
      const p = photoLikeRaw(seed);
      const data = Buffer.from(p.data.map((v) => Math.round(v * factor)));
      return sharp(data, { raw: { width: p.width, height: p.height, channels: 3 } })
        .jpeg({ quality: 80 })
        .toBuffer();
    };
    const blank: Record<string, Promise<Buffer>> = {
      'black, noise ±12': frame([8, 8, 8], 12),
      'covered lens (dark red), noise ±20': frame([40, 10, 8], 20),
      'white, noise ±12': frame([245, 245, 245], 12),
      'grey wall, soft vignette 15': frame([150, 140, 130], 10, 15),
      'night, vignette 12': frame([20, 20, 30], 15, 12),
    };
    const spread = async (b: Promise<Buffer>) => (await fingerprintOf(await b)).greySpread;
    const blankSpreads = Object.fromEntries(await Promise.all(Object.entries(blank).map(async ([k, b]) => [k, await spread(b)] as const)));
    const photoSpreads = await Promise.all(SEEDS.map((s) => spread(photoLikeJpeg(s))));
    // a dim room: the same pictures at 25% of their light (measured, not asserted: at 12% some fall under the threshold)
    const dimSpreads = await Promise.all(SEEDS.map((s) => spread(dim(s, 0.25))));
    if (process.env.MEASURE)
      console.log(JSON.stringify({ blankSpreads, photoSpreads, dimSpreads, darkSpreads: await Promise.all(SEEDS.map((s) => spread(dim(s, 0.12)))) }));
    for (const v of Object.values(blankSpreads)) expect(proofFlagOf(v)).toBe('BLANK_FRAME');
    for (const v of [...photoSpreads, ...dimSpreads]) expect(proofFlagOf(v)).toBeNull();
    // margins: every blank frame under 60% of the threshold, every photo-like picture (even at 25% light) 1.5× above it
    for (const v of Object.values(blankSpreads)) expect(v).toBeLessThan(BLANK_FRAME_MAX_SPREAD * 0.6);
    for (const v of [...photoSpreads, ...dimSpreads]) expect(v).toBeGreaterThan(BLANK_FRAME_MAX_SPREAD * 1.5);
  }, 180_000);

  it('hashes a phone-sized photo quickly enough for the request path', async () => {
    const big = await sharp((await photoLikeJpeg(9)) as Buffer)
      .resize(3000, 4000, { fit: 'fill' })
      .jpeg({ quality: 90 })
      .toBuffer();
    await fingerprintOf(big);
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 5; i++) await fingerprintOf(big);
    const ms = Number(process.hrtime.bigint() - t0) / 5e6;
    if (process.env.MEASURE) console.log(`fingerprint of a 3000×4000 JPEG: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(500);
  });
});
