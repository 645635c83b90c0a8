// Check-in photos for the benchmarks: distinct camera-like JPEGs (a smooth random scene with sensor noise, the size and
// quality the app's camera flow sends), each far enough from every other by the server's own dHash that none is
// refused as "used before", and the multipart form the app's verifyChallenge sends them in.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { dist } from './lib.mjs';
import { rng } from './seed.mjs';

/**
 * `count` distinct JPEGs of `width`×`height` (quality 80, as client/src/lib/photo.ts encodes), deterministic from
 * `seed`. A picture whose dHash is within `minDistance` bits of one already made is drawn again.
 */
export async function distinctPhotos(count, { width = 640, height = 480, seed = 33, minDistance } = {}) {
  const { dHash } = await dist('modules/challenges/proof/infrastructure/photo-fingerprint.js');
  const { hammingDistance, PHOTO_MATCH_MAX_DISTANCE } = await dist('modules/challenges/shared/domain/same-picture.js');
  const keepAway = minDistance ?? PHOTO_MATCH_MAX_DISTANCE + 4;
  const random = rng(seed);
  const photos = [];
  const hashes = [];
  while (photos.length < count) {
    const bytes = await cameraLike(random, width, height);
    const h = await dHash(bytes);
    if (hashes.some((o) => hammingDistance(o, h) <= keepAway)) continue;
    photos.push(bytes);
    hashes.push(h);
  }
  return photos;
}

/**
 * `count` fingerprints of earlier mornings' photos (photo_fingerprints rows of other users, days ago), none of them the
 * same picture as any of `photos` (dHashes more than PHOTO_MATCH_MAX_DISTANCE + 4 bits from each): the table as a
 * live service holds it, up to the purge's 90 days. Inserted in chunks; returns the count.
 */
export async function seedFingerprintHistory(ds, count, photos) {
  if (count <= 0) return 0;
  const { dHash } = await dist('modules/challenges/proof/infrastructure/photo-fingerprint.js');
  const { hammingDistance, PHOTO_MATCH_MAX_DISTANCE } = await dist('modules/challenges/shared/domain/same-picture.js');
  const keepAway = PHOTO_MATCH_MAX_DISTANCE + 4;
  const taken = await Promise.all(photos.map((p) => dHash(p)));
  const random = rng(91);
  const word = () => BigInt(Math.floor(random() * 2 ** 32));
  const chunk = 20_000;
  for (let done = 0; done < count; ) {
    const hashes = [];
    while (hashes.length < Math.min(chunk, count - done)) {
      const h = BigInt.asIntN(64, (word() << 32n) | word());
      if (!taken.some((t) => hammingDistance(t, h) <= keepAway)) hashes.push(h.toString());
    }
    await ds.query(
      `INSERT INTO photo_fingerprints (id, user_id, challenge_id, source, photo_path, sha256, dhash, created_at)
       SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'CHECK_IN', 'challenges/history-' || g.i || '.jpg',
              encode(sha256(convert_to('history ' || $2::int + g.i, 'UTF8')), 'hex'), g.h, now() - interval '1 day' * (1 + g.i % 89)
         FROM unnest($1::bigint[]) WITH ORDINALITY AS g(h, i)`,
      [hashes, done],
    );
    done += hashes.length;
  }
  return count;
}

/** A 16×12 grid of random colours blown up smoothly (a scene's large shapes and light), then ±12 of sensor noise. */
async function cameraLike(random, width, height) {
  const gw = 16;
  const gh = 12;
  const grid = Buffer.alloc(gw * gh * 3);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(random() * 256);
  const px = await sharp(grid, { raw: { width: gw, height: gh, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i] + Math.floor(random() * 25) - 12));
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** POST /challenges/verify as the app sends a PHOTO check-in: multipart, the fields, then `photo` (a camera JPEG). */
export function photoCheckInForm(challengeId, photo) {
  const boundary = `----benchform${randomUUID().replace(/-/g, '')}`;
  const field = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('challengeId', challengeId) + field('verificationMethod', 'PHOTO')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo-${Date.now()}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
