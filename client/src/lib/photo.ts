// A photo is made small on the phone before it is sent (a few hundred kB, not the camera's megabytes).

/** The longest side a photo is sent at (px). */
export const PHOTO_MAX_SIDE = 1280;
/** JPEG quality of a re-encoded photo. */
export const PHOTO_QUALITY = 0.8;
/** A picked file at most this big and this wide is sent as it is (re-encoding a small photo only loses detail). */
export const PHOTO_KEEP_BYTES = 500 * 1024;

/** The size a `width`×`height` picture is drawn at so its longest side is at most `maxSide` (never enlarged). */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  if (!(width > 0 && height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a picked photo must be re-encoded before upload: too many bytes, or not JPEG/PNG (a HEIC, a WebP). */
export function needsShrinking(file: { size: number; type: string }): boolean {
  return file.size > PHOTO_KEEP_BYTES || !/^image\/(jpeg|png)$/.test(file.type);
}

/** A file name ending in .jpg (the re-encoded photo's), from the picked one's. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./]*$/, '') || 'photo';
  return `${base}.jpg`;
}

/** Draws `source` (a video frame or a decoded image) at most `maxSide` px on its longest side and encodes it as JPEG. */
export function drawToJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  { maxSide = PHOTO_MAX_SIDE, quality = PHOTO_QUALITY }: { maxSide?: number; quality?: number } = {},
): Promise<Blob> {
  const size = fitWithin(width, height, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx || size.width === 0) return Promise.reject(new Error('This browser cannot prepare the photo.'));
  ctx.drawImage(source, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot prepare the photo.'))), 'image/jpeg', quality),
  );
}

/**
 * A picked file made ready for upload: a small JPEG/PNG is kept as it is; a big or odd one is decoded, scaled to
 * `PHOTO_MAX_SIDE` and re-encoded as JPEG. A file the browser cannot decode is returned unchanged (the server answers it).
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!needsShrinking(file) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const blob = await drawToJpeg(bitmap, bitmap.width, bitmap.height);
    return new File([blob], jpegName(file.name), { type: 'image/jpeg' });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

/** A size for people: "340 kB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
