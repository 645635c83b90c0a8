import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

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

/** A picture nobody has sent before: random coloured blocks on a gradient (so its dHash is new), as PNG. */
export async function uniquePicture(width = 640, height = 480): Promise<Buffer> {
  const blocks = Array.from({ length: 12 }, () => {
    const [x, yy, w, h] = [Math.random() * width * 0.8, Math.random() * height * 0.8, 40 + Math.random() * 200, 40 + Math.random() * 200].map(Math.round);
    const colour = `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;
    return `<rect x="${x}" y="${yy}" width="${w}" height="${h}" fill="${colour}"/>`;
  }).join('');
  const a = Math.floor(Math.random() * 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" gradientTransform="rotate(${a})"><stop offset="0" stop-color="#${Math.floor(
    Math.random() * 0xffffff,
  )
    .toString(16)
    .padStart(6, '0')}"/><stop offset="1" stop-color="#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${blocks}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
