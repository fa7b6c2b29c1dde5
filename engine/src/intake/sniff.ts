import type { MediaType } from './document.js';

/**
 * What the bytes of a document are. `mediaType` is set for the formats the kit reads; `detected`
 * names what was recognised either way (a MIME type, or `application/octet-stream` when nothing
 * was), for messages and logs only.
 */
export interface SniffResult {
  mediaType: MediaType | undefined;
  detected: string;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Brands of HEVC-coded HEIF (HEIC). */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
/** Brands of AV1-coded HEIF (AVIF), refused by the spec. */
const AV1_BRANDS = new Set(['avif', 'avis']);
/** Codec-neutral HEIF brands (image and sequence). */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1', 'mif2', 'mif3']);

/** How far into a file a reader looks for `%PDF-`; Acrobat and pdf.js accept junk before it. */
const PDF_HEADER_WINDOW = 1024;

/**
 * Decides the media type by magic bytes only; name and declared type play no part.
 *
 * - JPEG `FF D8 FF`; PNG by its signature, or by an `IHDR` chunk at offset 12 when the signature
 *   itself is mangled (a damaged PNG is still a PNG: it is then refused as `unreadable_image`,
 *   not as an unsupported format); WebP `RIFF....WEBP`; TIFF `II*\0`, `MM\0*` and BigTIFF.
 * - ISO BMFF (`ftyp`): when the `meta` box names the primary item's codec, the codec decides
 *   (`hvc1`/`hev1` => HEIC, `av01` => AVIF, whatever the brands claim); otherwise the brands do:
 *   any AV1 brand (`avif`, `avis`) => AVIF even with `mif1` beside it, then HEVC brands => HEIC,
 *   then codec-neutral `mif1`/`msf1` => HEIF. Other `ftyp` files (MP4, QuickTime, CR3, JPEG XL
 *   container) are unsupported.
 * - PDF: `%PDF-` within the first 1024 bytes, as readers accept. A file without that header is
 *   not taken for a PDF even when a lenient parser could repair it.
 */
export function sniffMediaType(bytes: Uint8Array): SniffResult {
  const supported = (mediaType: MediaType): SniffResult => ({ mediaType, detected: mediaType });
  const other = (detected: string): SniffResult => ({ mediaType: undefined, detected });

  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return supported('image/jpeg');
  if (startsWith(bytes, PNG_SIGNATURE) || ascii(bytes, 12, 4) === 'IHDR') return supported('image/png');
  if (ascii(bytes, 0, 4) === 'RIFF') {
    return ascii(bytes, 8, 4) === 'WEBP' ? supported('image/webp') : other('application/x-riff');
  }
  if (isTiff(bytes)) return supported('image/tiff');
  if (ascii(bytes, 4, 4) === 'ftyp') return sniffIsoBmff(bytes);
  if (indexOfAscii(bytes, '%PDF-', PDF_HEADER_WINDOW) >= 0) return supported('application/pdf');

  const head6 = ascii(bytes, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return other('image/gif');
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 26) return other('image/bmp');
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) || startsWith(bytes, [0x00, 0x00, 0x02, 0x00])) return other('image/x-icon');
  if (startsWith(bytes, [0xff, 0x0a])) return other('image/jxl');
  if (startsWith(bytes, [0xff, 0x4f, 0xff, 0x51]) || (ascii(bytes, 4, 4) === 'jP  ')) return other('image/jp2');
  if (ascii(bytes, 0, 4) === '8BPS') return other('image/vnd.adobe.photoshop');
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return other('application/zip');
  return other('application/octet-stream');
}

function isTiff(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]) ||
    startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || // BigTIFF
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])
  );
}

function sniffIsoBmff(bytes: Uint8Array): SniffResult {
  const brands = ftypBrands(bytes);
  const codec = heifPrimaryCodec(bytes);
  if (codec === 'av1') return { mediaType: undefined, detected: 'image/avif' };
  if (codec === 'hevc') return { mediaType: 'image/heic', detected: 'image/heic' };
  if (brands.some((b) => AV1_BRANDS.has(b))) return { mediaType: undefined, detected: 'image/avif' };
  if (brands.some((b) => HEVC_BRANDS.has(b))) return { mediaType: 'image/heic', detected: 'image/heic' };
  if (brands.some((b) => GENERIC_HEIF_BRANDS.has(b))) return { mediaType: 'image/heif', detected: 'image/heif' };
  return { mediaType: undefined, detected: 'video/mp4' };
}

/** Major brand first, then the compatible brands of the `ftyp` box at offset 0. */
export function ftypBrands(bytes: Uint8Array): string[] {
  if (ascii(bytes, 4, 4) !== 'ftyp' || bytes.length < 16) return [];
  const size = Math.min(readU32(bytes, 0), bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, 4));
  return brands;
}

export type HeifCodec = 'hevc' | 'av1' | 'other';

/**
 * Codec of the primary image of a HEIF file, read from the `meta` box (`pitm` and `iinf`/`infe`
 * item types); for a derived primary image (`grid`, `iovl`, `iden`) the coded items decide.
 * Undefined when the boxes are missing or cannot be parsed: then the brands decide.
 */
export function heifPrimaryCodec(bytes: Uint8Array): HeifCodec | undefined {
  try {
    const meta = findBox(bytes, 0, bytes.length, 'meta');
    if (!meta) return undefined;
    // `meta` is a full box: 4 bytes of version and flags before its children.
    const childrenStart = meta.start + 4;
    let primaryId: number | undefined;
    const pitm = findBox(bytes, childrenStart, meta.end, 'pitm');
    if (pitm) primaryId = bytes[pitm.start] === 0 ? readU16(bytes, pitm.start + 4) : readU32(bytes, pitm.start + 4);
    const iinf = findBox(bytes, childrenStart, meta.end, 'iinf');
    if (!iinf) return undefined;
    const entriesStart = iinf.start + 4 + (bytes[iinf.start] === 0 ? 2 : 4);
    const types = new Map<number, string>();
    for (const infe of boxes(bytes, entriesStart, iinf.end)) {
      if (infe.type !== 'infe') continue;
      const version = bytes[infe.start];
      if (version < 2) continue;
      const id = version === 2 ? readU16(bytes, infe.start + 4) : readU32(bytes, infe.start + 4);
      const typeAt = infe.start + 4 + (version === 2 ? 2 : 4) + 2;
      if (typeAt + 4 > infe.end) continue;
      types.set(id, ascii(bytes, typeAt, 4));
    }
    if (types.size === 0) return undefined;
    const classify = (type: string | undefined): HeifCodec | undefined => {
      if (type === 'hvc1' || type === 'hev1') return 'hevc';
      if (type === 'av01') return 'av1';
      if (type === 'grid' || type === 'iovl' || type === 'iden' || type === undefined) return undefined;
      return 'other';
    };
    const primary = primaryId === undefined ? undefined : classify(types.get(primaryId));
    if (primary) return primary;
    const coded = [...types.values()].map(classify);
    if (coded.includes('hevc')) return 'hevc';
    if (coded.includes('av1')) return 'av1';
    return coded.includes('other') ? 'other' : undefined;
  } catch {
    return undefined;
  }
}

interface Box {
  type: string;
  /** First byte of the payload (after size and type, and the 64-bit size where present). */
  start: number;
  end: number;
}

function* boxes(bytes: Uint8Array, from: number, to: number): Generator<Box> {
  let at = from;
  let count = 0;
  while (at + 8 <= to && count++ < 10_000) {
    let size = readU32(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const high = readU32(bytes, at + 8);
      if (high !== 0) return; // over 4 GB: nothing a 20 MB file can hold
      size = readU32(bytes, at + 12);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function findBox(bytes: Uint8Array, from: number, to: number, type: string): Box | undefined {
  for (const box of boxes(bytes, from, to)) if (box.type === type) return box;
  return undefined;
}

const MEDIA_TYPE_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/jpe': 'image/jpeg',
  'image/x-png': 'image/png',
  'image/apng': 'image/png',
  'image/tif': 'image/tiff',
  'image/x-tiff': 'image/tiff',
  'image/x-tif': 'image/tiff',
  'image/x-webp': 'image/webp',
  'image/heic': 'image/heif',
  'image/heic-sequence': 'image/heif',
  'image/heif-sequence': 'image/heif',
  'image/x-heic': 'image/heif',
  'image/x-heif': 'image/heif',
  'application/x-pdf': 'application/pdf',
  'application/acrobat': 'application/pdf',
  'application/vnd.pdf': 'application/pdf',
  'text/pdf': 'application/pdf',
};

/** Declared types that say nothing about the content. */
const UNDECLARED = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown', 'application/binary']);

/** Lower-case MIME type without parameters, aliases folded (HEIC and HEIF count as one). */
export function normaliseMediaType(type: string): string {
  const bare = type.split(';')[0].trim().toLowerCase();
  return MEDIA_TYPE_ALIASES[bare] ?? bare;
}

/**
 * True when the sender declared a content type and it is not the type the bytes show. Aliases
 * (`image/jpg`, `image/pjpeg`, HEIC ~ HEIF, ...) and parameters (`; charset=...`) are ignored;
 * an absent or empty type, or `application/octet-stream`, declares nothing.
 */
export function declaredTypeMismatch(declared: string | undefined, actual: MediaType): boolean {
  if (declared === undefined) return false;
  const normalised = normaliseMediaType(declared);
  if (UNDECLARED.has(normalised)) return false;
  return normalised !== normaliseMediaType(actual);
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  if (at + length > bytes.length) return '';
  let text = '';
  for (let i = at; i < at + length; i++) text += String.fromCharCode(bytes[i]);
  return text;
}

function indexOfAscii(bytes: Uint8Array, needle: string, window: number): number {
  // The needle may start anywhere in the window (and run past it).
  const end = Math.min(bytes.length - needle.length, window - 1);
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

function readU32(bytes: Uint8Array, at: number): number {
  if (at + 4 > bytes.length) throw new RangeError('out of bounds');
  return ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
}

function readU16(bytes: Uint8Array, at: number): number {
  if (at + 2 > bytes.length) throw new RangeError('out of bounds');
  return (bytes[at] << 8) + bytes[at + 1];
}
