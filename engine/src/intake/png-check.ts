/**
 * Checks the chunk CRCs of a PNG's critical chunks (IHDR, PLTE, IDAT, IEND). The PNG spec has a
 * decoder treat a CRC error in a critical chunk as an error; libspng, which sharp uses, lets a
 * damaged IDAT through (PngSuite `xcsn0g01`), so intake checks them itself before decoding.
 * Ancillary chunks are not checked (their CRC errors may be ignored). A chunk that runs past the
 * end of the file stops the check: truncation is left to the decoder, which refuses missing
 * image data but reads a file whose IEND alone is cut.
 *
 * Returns a short reason when the file is damaged, undefined when the check passes.
 */
export function findPngDamage(bytes: Uint8Array): string | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (let i = 0; i < signature.length; i++) if (bytes[i] !== signature[i]) return 'bad signature';
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = readU32(bytes, at);
    if (length > 0x7fffffff) return 'bad chunk length';
    const end = at + 12 + length;
    if (end > bytes.length) return undefined;
    const critical = (bytes[at + 4] & 0x20) === 0;
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    if (critical && crc32(bytes, at + 4, at + 8 + length) !== readU32(bytes, at + 8 + length)) return `bad ${type} CRC`;
    if (type === 'IEND') return undefined;
    at = end;
  }
  return undefined;
}

let table: Uint32Array | undefined;

function crc32(bytes: Uint8Array, from: number, to: number): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = from; i < to; i++) crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function readU32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
}

/** Width and height from a PNG's IHDR (bytes 16 to 24), undefined when there is no IHDR there. */
export function pngHeaderSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]) !== 'IHDR') return undefined;
  return { width: readU32(bytes, 16), height: readU32(bytes, 20) };
}
