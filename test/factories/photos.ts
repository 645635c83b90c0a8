import sharp from 'sharp';

/** Photo-like test pictures (gradients, shapes, sensor noise) and the variations a cheater would try on one. */

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

const drawn = new Map<string, Buffer>();

/**
 * A 640×480 RGB picture drawn from `seed`: a two-way gradient, a dozen filled rectangles and circles, noise. Drawn once
 * per seed and size in a test file (a fresh copy each call): the pixel loop is the slow part of the photo tests.
 */
export function photoLikeRaw(seed: number, width = 640, height = 480): { data: Buffer; width: number; height: number } {
  const key = `${seed}:${width}x${height}`;
  let data = drawn.get(key);
  if (!data) {
    data = draw(seed, width, height);
    drawn.set(key, data);
  }
  return { data: Buffer.from(data), width, height };
}

function draw(seed: number, width: number, height: number): Buffer {
  const r = rng(seed);
  const data = Buffer.alloc(width * height * 3);
  const base = [r() * 255, r() * 255, r() * 255];
  const gx = [r() - 0.5, r() - 0.5, r() - 0.5].map((v) => v * 200);
  const gy = [r() - 0.5, r() - 0.5, r() - 0.5].map((v) => v * 200);
  const shapes = Array.from({ length: 12 }, () => ({
    circle: r() < 0.5,
    x: r() * width,
    y: r() * height,
    w: 40 + r() * 200,
    h: 40 + r() * 160,
    c: [r() * 255, r() * 255, r() * 255],
  }));
  const c = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // the last shape the pixel is inside paints it; elsewhere the gradient
      let painted: number[] | null = null;
      for (const s of shapes) {
        const inside = s.circle ? ((x - s.x) / s.w) ** 2 + ((y - s.y) / s.h) ** 2 <= 1 : x >= s.x && x < s.x + s.w && y >= s.y && y < s.y + s.h;
        if (inside) painted = s.c;
      }
      for (let k = 0; k < 3; k++) c[k] = painted ? painted[k] : base[k] + (gx[k] * x) / width + (gy[k] * y) / height;
      for (let k = 0; k < 3; k++) data[(y * width + x) * 3 + k] = Math.max(0, Math.min(255, Math.round(c[k] + (r() - 0.5) * 24)));
    }
  }
  return data;
}

export function photoLikeJpeg(seed: number, quality = 92): Promise<Buffer> {
  const { data, width, height } = photoLikeRaw(seed);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export function photoLikePng(seed: number): Promise<Buffer> {
  const { data, width, height } = photoLikeRaw(seed);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export const reencode = (b: Buffer, quality: number): Promise<Buffer> => sharp(b).jpeg({ quality }).toBuffer();

export async function resized(b: Buffer, factor: number): Promise<Buffer> {
  const m = await sharp(b).metadata();
  return sharp(b)
    .resize(Math.round(m.width! * factor))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** `fraction` of the width and of the height cut off: split between the two edges, or all from the left and top with `oneSide`. */
export async function cropped(b: Buffer, fraction: number, oneSide = false): Promise<Buffer> {
  const m = await sharp(b).metadata();
  const cx = Math.round(m.width! * fraction);
  const cy = Math.round(m.height! * fraction);
  const left = oneSide ? cx : Math.round(cx / 2);
  const top = oneSide ? cy : Math.round(cy / 2);
  return sharp(b)
    .extract({ left, top, width: m.width! - cx, height: m.height! - cy })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The same JPEG with an EXIF block carrying a camera make and GPS coordinates. */
export function withGps(b: Buffer): Promise<Buffer> {
  return sharp(b)
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'WakeCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
}
