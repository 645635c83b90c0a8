import sharp from 'sharp';
import { photoLikeJpeg, withGps } from '../../../../../test/factories/photos.js';
import { jpegWithoutMetadata } from './jpeg-metadata.js';

/** A segment `marker` with `payload`, as it stands in a file. */
function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** `jpeg` with `segments` inserted right after its start-of-image marker. */
const withSegments = (jpeg: Buffer, ...segments: Buffer[]): Buffer => Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);

const pixels = (b: Buffer) => sharp(b).raw().toBuffer();

describe('a JPEG without its metadata, cut out (jpegWithoutMetadata)', () => {
  jest.setTimeout(30_000);

  it('removes EXIF with its GPS block, the picture decoding to the very same pixels (baseline and progressive)', async () => {
    for (const progressive of [false, true]) {
      const original = await sharp(await withGps(await photoLikeJpeg(5)))
        .keepExif()
        .jpeg({ quality: 90, progressive })
        .toBuffer();
      expect((await sharp(original).metadata()).exif).toBeDefined();
      expect(original.includes(Buffer.from('TestPhone'))).toBe(true);
      const cut = jpegWithoutMetadata(original)!;
      expect(cut).not.toBeNull();
      expect(cut.length).toBeLessThan(original.length);
      expect((await sharp(cut).metadata()).exif).toBeUndefined();
      expect(cut.includes(Buffer.from('TestPhone'))).toBe(false);
      expect((await pixels(cut)).equals(await pixels(original))).toBe(true);
    }
  });

  it('removes XMP, IPTC and comments and keeps JFIF; a clean file comes back byte for byte', async () => {
    const clean = await photoLikeJpeg(7);
    expect(jpegWithoutMetadata(clean)!.equals(clean)).toBe(true);
    const tagged = withSegments(
      clean,
      segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>home address</x:xmpmeta>')),
      segment(0xed, Buffer.from('Photoshop 3.0\0city: Bengaluru')),
      segment(0xfe, Buffer.from('taken at 6:02 in the kitchen')),
    );
    const cut = jpegWithoutMetadata(tagged)!;
    expect(cut.equals(clean)).toBe(true);
    for (const secret of ['home address', 'Bengaluru', 'kitchen']) expect(cut.includes(Buffer.from(secret))).toBe(false);
  });

  it('leaves to a re-encode what cutting would change: a rotated photo, a colour profile', async () => {
    const base = await photoLikeJpeg(9);
    const rotated = await sharp(base).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    expect(jpegWithoutMetadata(rotated)).toBeNull();
    const upright = await sharp(base).withMetadata({ orientation: 1 }).jpeg().toBuffer();
    expect((await sharp(upright).metadata()).icc).toBeDefined();
    expect(jpegWithoutMetadata(upright)).toBeNull(); // withMetadata embeds an sRGB profile
  });

  it('answers null for what it cannot follow: not a JPEG, cut short, a bad segment length', async () => {
    const clean = await photoLikeJpeg(11);
    expect(jpegWithoutMetadata(Buffer.from('not a picture'))).toBeNull();
    expect(jpegWithoutMetadata(clean.subarray(0, clean.length - 200))).toBeNull();
    const broken = Buffer.from(clean);
    broken.writeUInt16BE(0xffff, 4); // the first segment claims to run past the end
    expect(jpegWithoutMetadata(broken)).toBeNull();
  });
});
