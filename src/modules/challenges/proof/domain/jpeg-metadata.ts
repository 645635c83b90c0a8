/**
 * A JPEG's metadata blocks removed by cutting them out of the file, the picture's bytes untouched (no decode, no
 * re-encode: the 6 AM rush's photos are stored for microseconds instead of milliseconds). Removed: APP1 (EXIF with its
 * GPS block, XMP), APP3–APP13 and APP15 (IPTC, maker data) and comments, wherever they stand (also between the scans of
 * a progressive JPEG). Kept: APP0 (JFIF) and APP14 (Adobe colour transform), which say how to decode the picture and
 * nothing about the person. Pure.
 *
 * Null when cutting cannot give the picture as the person saw it, and the caller must re-encode: an EXIF orientation
 * other than "upright" (the rotation lives in the block being removed), an embedded colour profile (APP2: the colours
 * change without it), or a file this reader does not follow to its end.
 */
export function jpegWithoutMetadata(bytes: Buffer): Buffer | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let from = 2; // start of the run of bytes still to keep
  let i = 2;
  let inScan = false;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) {
      if (!inScan) return null; // outside a scan, a marker must follow a marker
      i++;
      continue;
    }
    const marker = bytes[i + 1];
    if (marker === undefined) return null;
    // inside entropy-coded data: a stuffed 0xFF00, a restart marker, or fill bytes are data, not segments
    if (marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      if (!inScan) return null;
      i += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0x01) {
      i += 2; // TEM: a marker without a length
      continue;
    }
    if (marker === 0xd9) {
      kept.push(bytes.subarray(from, i + 2));
      return Buffer.concat(kept);
    }
    if (i + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(i + 2);
    const end = i + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xe2) return null; // an ICC profile: the colours need it
    if (marker === 0xe1 && orientation(bytes.subarray(i + 4, end)) > 1) return null;
    if (isMetadata(marker)) {
      kept.push(bytes.subarray(from, i));
      from = end;
    }
    inScan = marker === 0xda; // a scan's header: its entropy-coded data follows
    i = end;
  }
  return null; // no end-of-image marker
}

/** APP1, APP3–APP13, APP15 and COM. */
function isMetadata(marker: number): boolean {
  return marker === 0xfe || (marker >= 0xe1 && marker <= 0xef && marker !== 0xe2 && marker !== 0xee);
}

/** The EXIF orientation (1–8) of an APP1 payload, 1 when it has none or is not EXIF, 0 when it cannot be read. */
function orientation(app1: Buffer): number {
  if (app1.length < 14 || app1.toString('latin1', 0, 6) !== 'Exif\0\0') return 1;
  const tiff = app1.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 0;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 0;
  const entries = u16(ifd);
  for (let k = 0; k < entries; k++) {
    const at = ifd + 2 + k * 12;
    if (at + 12 > tiff.length) return 0;
    if (u16(at) === 0x0112) return u16(at + 8);
  }
  return 1;
}
