import { constants, createBrotliDecompress, createInflate, type BrotliDecompress, type Inflate } from 'node:zlib';
import type { PdfObjectIndex } from '../pdf-object-index.js';
import { isDict, isName, type PdfDict, type PdfValue } from '../pdf-syntax.js';

/**
 * A stream's data through its filters, never more than `maxBytes`: `tooLarge` as soon as a
 * filter's output passes it. `measured` is false where a filter cannot be applied here (an image
 * codec on what should be a content stream, or an encrypted stream): the bytes are then the
 * data as far as it could be decoded.
 */
export interface DecodedStream {
  bytes: Uint8Array;
  tooLarge: boolean;
  measured: boolean;
}

/** Filters whose output pdf.js decodes as pixels; they are not run here. */
const IMAGE_FILTERS = new Set(['DCT', 'DCTDecode', 'JPX', 'JPXDecode', 'CCF', 'CCITTFaxDecode', 'JBIG2Decode']);

/** Decodes with pdf.js's filters' names and their forgiveness: a damaged or truncated stream gives what it decoded before the damage. */
export async function decodePdfStream(index: PdfObjectIndex, dict: PdfDict, raw: Uint8Array, maxBytes: number): Promise<DecodedStream> {
  const filters = index.resolve(dict.entries.get('Filter')).flatMap((f) => (Array.isArray(f) ? f.flatMap((g) => index.resolve(g)) : [f]));
  const params = index.resolve(dict.entries.get('DecodeParms')).flatMap((p) => (Array.isArray(p) ? p.map((q) => index.resolve(q)[0] ?? null) : [p]));
  let bytes = raw;
  for (let i = 0; i < filters.length; i++) {
    const filter = filters[i];
    if (!isName(filter)) return { bytes, tooLarge: false, measured: false };
    const name = filter.name;
    let out: { bytes: Uint8Array; over: boolean };
    if (name === 'Fl' || name === 'FlateDecode') out = await decompress(bytes, maxBytes, () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }));
    else if (name === 'BrotliDecode') out = await decompress(bytes, maxBytes, () => createBrotliDecompress());
    else if (name === 'LZW' || name === 'LZWDecode') out = lzwDecode(bytes, earlyChange(params[i]), maxBytes);
    else if (name === 'A85' || name === 'ASCII85Decode') out = ascii85Decode(bytes, maxBytes);
    else if (name === 'AHx' || name === 'ASCIIHexDecode') out = asciiHexDecode(bytes, maxBytes);
    else if (name === 'RL' || name === 'RunLengthDecode') out = runLengthDecode(bytes, maxBytes);
    else if (IMAGE_FILTERS.has(name)) return { bytes, tooLarge: false, measured: false };
    else continue; // pdf.js passes the data through a filter it does not know
    if (out.over) return { bytes: new Uint8Array(0), tooLarge: true, measured: true };
    bytes = out.bytes;
  }
  return { bytes, tooLarge: bytes.length > maxBytes, measured: true };
}

function earlyChange(params: PdfValue | undefined): number {
  const value = isDict(params) ? params.entries.get('EarlyChange') : undefined;
  return value === 0 ? 0 : 1;
}

/** zlib's inflate (or Brotli) as a stream: output is counted as it comes and the work stops past `maxBytes`. */
function decompress(input: Uint8Array, maxBytes: number, make: () => Inflate | BrotliDecompress): Promise<{ bytes: Uint8Array; over: boolean }> {
  return new Promise((resolve) => {
    const stream = make();
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (over: boolean) => {
      if (done) return;
      done = true;
      stream.destroy();
      resolve({ bytes: over ? new Uint8Array(0) : Buffer.concat(chunks, size), over });
    };
    stream.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) finish(true);
      else chunks.push(chunk);
    });
    // A damaged stream keeps what came before the damage, as pdf.js does.
    stream.on('error', () => finish(false));
    stream.on('end', () => finish(false));
    stream.end(input);
  });
}

/** Output that grows up to `max` bytes; `over` once more was asked for. */
class CappedOutput {
  private data = new Uint8Array(4096);
  length = 0;
  over = false;

  constructor(private readonly max: number) {}

  push(byte: number): boolean {
    if (this.length >= this.max) {
      this.over = true;
      return false;
    }
    if (this.length === this.data.length) {
      const grown = new Uint8Array(Math.min(this.max, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = byte;
    return true;
  }

  result(): { bytes: Uint8Array; over: boolean } {
    return { bytes: this.data.subarray(0, this.length), over: this.over };
  }
}

/** LZWDecode (ISO 32000-1 §7.4.4): 9- to 12-bit codes, 256 clears the table, 257 ends. */
function lzwDecode(input: Uint8Array, early: number, max: number): { bytes: Uint8Array; over: boolean } {
  const out = new CappedOutput(max);
  const prefix = new Int16Array(4096);
  const last = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let i = 0; i < 256; i++) {
    last[i] = first[i] = i;
    lengths[i] = 1;
  }
  const entry = new Uint8Array(4096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let bits = 0;
  let held = 0;
  let pos = 0;
  for (;;) {
    while (held < width && pos < input.length) {
      bits = ((bits << 8) | input[pos++]) >>> 0;
      held += 8;
    }
    if (held < width) break;
    const code = (bits >>> (held - width)) & ((1 << width) - 1);
    held -= width;
    bits &= (1 << held) - 1;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    if (previous >= 0 && next < 4096 && (code < next || code === next)) {
      // The new entry is the previous string plus the first byte of this one (of itself, for code === next).
      prefix[next] = previous;
      last[next] = code === next ? first[previous] : first[code];
      first[next] = first[previous];
      lengths[next] = lengths[previous] + 1;
      next++;
      if (next + early >= 1 << width && width < 12) width++;
    } else if (code >= next) break;
    // The string of `code`, written from its end back along its prefixes.
    const length = lengths[code];
    for (let c = code, at = length - 1; at >= 0; at--, c = prefix[c]) entry[at] = last[c];
    for (let i = 0; i < length; i++) if (!out.push(entry[i])) return out.result();
    previous = code;
  }
  return out.result();
}

/** ASCII85Decode: groups of five characters from `!` to `u` give four bytes, `z` four zeros, `~>` ends. */
function ascii85Decode(input: Uint8Array, max: number): { bytes: Uint8Array; over: boolean } {
  const out = new CappedOutput(max);
  const group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(0x75);
    let value = 0;
    for (const c of group) value = value * 85 + (c - 0x21);
    for (let i = 0; i < count; i++) if (!out.push((value >>> (24 - 8 * i)) & 0xff)) return false;
    group.length = 0;
    return true;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === 0x7e /* ~ */) break;
    if (c === 0x7a /* z */ && group.length === 0) {
      for (let k = 0; k < 4; k++) if (!out.push(0)) return out.result();
    } else if (c >= 0x21 && c <= 0x75) {
      group.push(c);
      if (group.length === 5 && !flush(4)) return out.result();
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return out.result();
}

/** ASCIIHexDecode: pairs of hex digits, white space ignored, `>` ends; an odd last digit is followed by 0. */
function asciiHexDecode(input: Uint8Array, max: number): { bytes: Uint8Array; over: boolean } {
  const out = new CappedOutput(max);
  let high = -1;
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === 0x3e) break;
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (digit < 0) continue;
    if (high < 0) high = digit;
    else {
      if (!out.push((high << 4) | digit)) return out.result();
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return out.result();
}

/** RunLengthDecode: a length byte n, then n + 1 bytes (n < 128) or one byte repeated 257 - n times (n > 128); 128 ends. */
function runLengthDecode(input: Uint8Array, max: number): { bytes: Uint8Array; over: boolean } {
  const out = new CappedOutput(max);
  let pos = 0;
  while (pos < input.length) {
    const n = input[pos++];
    if (n === 128) break;
    if (n < 128) {
      for (let i = 0; i <= n && pos < input.length; i++) if (!out.push(input[pos++])) return out.result();
    } else if (pos < input.length) {
      const byte = input[pos++];
      for (let i = 0; i < 257 - n; i++) if (!out.push(byte)) return out.result();
    }
  }
  return out.result();
}
