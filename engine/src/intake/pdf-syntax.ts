/**
 * A small reader of PDF object syntax (ISO 32000-1 §7.2-7.3): enough to find a document's
 * objects and their stream dictionaries without pdf.js, for the checks that must run before
 * pdf.js parses a page (pdf-content-limits). It reads; it never repairs or trusts.
 */

export interface PdfName {
  kind: 'name';
  name: string;
}
export interface PdfRef {
  kind: 'ref';
  num: number;
  gen: number;
}
export interface PdfDict {
  kind: 'dict';
  entries: Map<string, PdfValue>;
}
/** Strings and keywords are kept only as markers: nothing here needs their text. */
export interface PdfOther {
  kind: 'string' | 'keyword';
}
export type PdfValue = number | boolean | null | PdfName | PdfRef | PdfDict | PdfOther | PdfValue[];

/** Arrays and dictionaries nested deeper than this end the value (pdf.js gives up far earlier on real files). */
const MAX_DEPTH = 64;

/** Names and numbers longer than this are not read as such (no real one comes near). */
const MAX_WORD = 127;

const WHITE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;

export function isWhite(c: number): boolean {
  return WHITE[c] === 1;
}

/** Neither white space nor a delimiter: part of a number, keyword or name. */
export function isRegular(c: number): boolean {
  return WHITE[c] === 0 && DELIMITER[c] === 0;
}

/** The position of the first byte after white space and comments from `pos`. */
export function skipSpace(bytes: Uint8Array, pos: number): number {
  while (pos < bytes.length) {
    const c = bytes[pos];
    if (WHITE[c]) pos++;
    else if (c === 0x25 /* % */) {
      while (pos < bytes.length && bytes[pos] !== 0x0a && bytes[pos] !== 0x0d) pos++;
    } else break;
  }
  return pos;
}

/** The end of a literal string whose `(` is at `pos`: after its balancing `)`, or the end of the bytes. */
export function skipLiteralString(bytes: Uint8Array, pos: number): number {
  let depth = 0;
  for (let i = pos; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 0x5c /* \ */) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i + 1;
  }
  return bytes.length;
}

/** The end of a run of regular characters (a number, keyword or name body) from `pos`. */
export function skipRegular(bytes: Uint8Array, pos: number): number {
  while (pos < bytes.length && isRegular(bytes[pos])) pos++;
  return pos;
}

export function matchesAt(bytes: Uint8Array, pos: number, word: string): boolean {
  if (pos + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[pos + i] !== word.charCodeAt(i)) return false;
  return true;
}

/** A keyword at `pos` standing alone (not the start of a longer regular run). */
export function keywordAt(bytes: Uint8Array, pos: number, word: string): boolean {
  return matchesAt(bytes, pos, word) && (pos + word.length >= bytes.length || !isRegular(bytes[pos + word.length]));
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  for (let i = from; i < to; i++) text += String.fromCharCode(bytes[i]);
  return text;
}

/** Keywords that end any value under way: they belong to the file's structure, not to an object's body. */
const STRUCTURE = new Set(['obj', 'endobj', 'stream', 'endstream', 'xref', 'trailer', 'startxref']);

export interface Parsed {
  value: PdfValue;
  end: number;
}

/**
 * Parses one value at `pos` (white space first). Unknown keywords become markers; a structure
 * keyword (`endobj`, `stream`...) inside an array or dictionary ends it there, so a damaged or
 * hostile file costs a read of its bytes, not more.
 */
export function parseValue(bytes: Uint8Array, pos: number, depth = 0): Parsed {
  pos = skipSpace(bytes, pos);
  if (pos >= bytes.length) return { value: null, end: pos };
  const c = bytes[pos];
  if (c === 0x2f /* / */) {
    const end = skipRegular(bytes, pos + 1);
    return { value: { kind: 'name', name: decodeName(latin1(bytes, pos + 1, Math.min(end, pos + 1 + MAX_WORD))) }, end };
  }
  if (c === 0x28) return { value: { kind: 'string' }, end: skipLiteralString(bytes, pos) };
  if (c === 0x3c /* < */) {
    if (bytes[pos + 1] === 0x3c) return depth >= MAX_DEPTH ? { value: null, end: pos + 2 } : parseDict(bytes, pos + 2, depth + 1);
    const close = bytes.indexOf(0x3e, pos + 1);
    return { value: { kind: 'string' }, end: close < 0 ? bytes.length : close + 1 };
  }
  if (c === 0x5b /* [ */) return depth >= MAX_DEPTH ? { value: null, end: pos + 1 } : parseArray(bytes, pos + 1, depth + 1);
  if (!isRegular(c)) return { value: { kind: 'keyword' }, end: pos + 1 };
  const end = skipRegular(bytes, pos);
  if (end - pos > MAX_WORD) return { value: { kind: 'keyword' }, end };
  const word = latin1(bytes, pos, end);
  if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
    const number = Number(word);
    // `num gen R`: a reference.
    if (/^\d+$/.test(word)) {
      const genStart = skipSpace(bytes, end);
      const genEnd = skipRegular(bytes, genStart);
      if (genEnd > genStart && genEnd - genStart <= 10 && /^\d+$/.test(latin1(bytes, genStart, genEnd))) {
        const r = skipSpace(bytes, genEnd);
        if (keywordAt(bytes, r, 'R')) return { value: { kind: 'ref', num: number, gen: Number(latin1(bytes, genStart, genEnd)) }, end: r + 1 };
      }
    }
    return { value: number, end };
  }
  if (word === 'true' || word === 'false') return { value: word === 'true', end };
  if (word === 'null') return { value: null, end };
  return { value: { kind: 'keyword' }, end };
}

function parseArray(bytes: Uint8Array, pos: number, depth: number): Parsed {
  const items: PdfValue[] = [];
  for (;;) {
    pos = skipSpace(bytes, pos);
    if (pos >= bytes.length) return { value: items, end: pos };
    if (bytes[pos] === 0x5d /* ] */) return { value: items, end: pos + 1 };
    if (structureKeywordAt(bytes, pos)) return { value: items, end: pos };
    const item = parseValue(bytes, pos, depth);
    items.push(item.value);
    pos = item.end;
  }
}

function parseDict(bytes: Uint8Array, pos: number, depth: number): Parsed {
  const entries = new Map<string, PdfValue>();
  for (;;) {
    pos = skipSpace(bytes, pos);
    if (pos >= bytes.length) break;
    if (bytes[pos] === 0x3e && bytes[pos + 1] === 0x3e) return { value: { kind: 'dict', entries }, end: pos + 2 };
    if (structureKeywordAt(bytes, pos)) break;
    const key = parseValue(bytes, pos, depth);
    pos = key.end;
    if (!isName(key.value)) continue; // pdf.js skips what is not a key, too
    const value = parseValue(bytes, pos, depth);
    pos = value.end;
    entries.set(key.value.name, value.value);
  }
  return { value: { kind: 'dict', entries }, end: pos };
}

function structureKeywordAt(bytes: Uint8Array, pos: number): boolean {
  const c = bytes[pos];
  if (c !== 0x6f && c !== 0x65 && c !== 0x73 && c !== 0x78 && c !== 0x74) return false; // o e s x t
  const end = skipRegular(bytes, pos);
  return STRUCTURE.has(latin1(bytes, pos, Math.min(end, pos + 10)));
}

export function decodeName(raw: string): string {
  return raw.includes('#') ? raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : raw;
}

export function isName(value: PdfValue | undefined, name?: string): value is PdfName {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'name' && (name === undefined || value.name === name);
}

export function isRef(value: PdfValue | undefined): value is PdfRef {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'ref';
}

export function isDict(value: PdfValue | undefined): value is PdfDict {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'dict';
}
