import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { fingerprintOf } from '../../src/modules/challenges/proof/infrastructure/photo-fingerprint.js';
import type { PhotoFingerprint } from '../../src/modules/challenges/shared/domain/same-picture.js';

// Chromium's fake camera can show a file instead of its test pattern (--use-file-for-fake-video-capture=file.y4m).
// These write such a file from any picture: a y4m (YUV4MPEG2, 4:2:0) whose frames all show it.

/** Writes `frames` frames of the picture (any format sharp reads), `width`×`height` (even), to `path`. */
export async function writeY4m(path: string, picture: Buffer, width = 640, height = 480, frames = 4): Promise<void> {
  const { data } = await sharp(picture)
    .resize(width, height, { fit: 'contain', background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      y[row * width + col] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const j = (row / 2) * (width / 2) + col / 2;
        u[j] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[j] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]));
}

/**
 * A picture that `seenBefore` (the server's own question, ProofRepository.seenBefore, on the run's shared database) calls
 * new: a 9×8 grid of random colours, drawn again until it is. A grid makes each bit of the dHash a coin toss, where
 * photo-like pictures share the bits of their gradients (two of those fell within the match distance about once in
 * 10,000 pairs); Chromium's camera path moved a grid's dHash 0 bits. As PNG.
 */
export async function uniquePicture(seenBefore: (fp: PhotoFingerprint) => Promise<boolean> = async () => false, width = 640, height = 480): Promise<Buffer> {
  for (let tries = 0; tries < 200; tries++) {
    const grid = Buffer.from(Array.from({ length: 9 * 8 * 3 }, () => Math.floor(Math.random() * 256)));
    const picture = await sharp(grid, { raw: { width: 9, height: 8, channels: 3 } })
      .resize(width, height, { fit: 'fill', kernel: 'nearest' })
      .png()
      .toBuffer();
    if (!(await seenBefore(await fingerprintOf(picture)))) return picture;
  }
  throw new Error('no picture unlike every stored photo in 200 tries');
}
