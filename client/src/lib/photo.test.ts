import { describe, expect, it } from 'vitest';
import { fitWithin, formatBytes, jpegName, needsShrinking, PHOTO_KEEP_BYTES, PHOTO_MAX_SIDE, shrinkPhoto } from './photo';

describe('photo sizing before upload', () => {
  it('scales a camera-sized picture so its longest side is 1280 px, keeping its shape', () => {
    expect(PHOTO_MAX_SIDE).toBe(1280);
    expect(fitWithin(4032, 3024)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin(1920, 1080)).toEqual({ width: 1280, height: 720 });
  });
  it('never enlarges a small picture, and never draws a side of 0 px', () => {
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(1280, 1280)).toEqual({ width: 1280, height: 1280 });
    expect(fitWithin(10000, 1)).toEqual({ width: 1280, height: 1 });
    expect(fitWithin(0, 480)).toEqual({ width: 0, height: 0 });
  });
  it('re-encodes a picked file only when it is big or not JPEG/PNG', () => {
    expect(needsShrinking({ size: 200 * 1024, type: 'image/jpeg' })).toBe(false);
    expect(needsShrinking({ size: 70, type: 'image/png' })).toBe(false);
    expect(needsShrinking({ size: PHOTO_KEEP_BYTES + 1, type: 'image/jpeg' })).toBe(true);
    expect(needsShrinking({ size: 4 * 1024 * 1024, type: 'image/png' })).toBe(true);
    expect(needsShrinking({ size: 100, type: 'image/heic' })).toBe(true);
  });
  it('keeps a small picked file as it is (the same bytes are sent)', async () => {
    const file = new File([new Uint8Array(70)], 'me.png', { type: 'image/png' });
    expect(await shrinkPhoto(file)).toBe(file);
  });
  it('names a re-encoded photo .jpg and says sizes in kB or MB', () => {
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
    expect(formatBytes(340 * 1024)).toBe('340 kB');
    expect(formatBytes(10)).toBe('1 kB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
