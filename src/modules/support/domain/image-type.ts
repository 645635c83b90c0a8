/** The content type of an image from its first bytes (magic numbers); null when it is none we store. */
export function imageContentType(b: Uint8Array): string | null {
  const at = (i: number, ...xs: number[]) => xs.every((x, j) => b[i + j] === x);
  if (b.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (b.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (b.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  if (b.length >= 6 && at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (b.length >= 12 && at(4, 0x66, 0x74, 0x79, 0x70)) {
    const brand = String.fromCharCode(...b.slice(8, 12));
    if (['heic', 'heix', 'hevc', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
    if (brand === 'avif') return 'image/avif';
  }
  return null;
}

/** A stored photo as the console serves it: its bytes and the content type they show. */
export interface SupportPhoto {
  bytes: Buffer;
  contentType: string;
}

export const supportPhoto = (bytes: Buffer): SupportPhoto => ({ bytes, contentType: imageContentType(bytes) ?? 'application/octet-stream' });
