import { decodeName, isRegular, isWhite, keywordAt, skipLiteralString, skipRegular, skipSpace } from './pdf-syntax.js';

export interface ContentCount {
  operators: number;
  /** How often each XObject is drawn (`/Name Do`), by resource name. */
  drawn: Map<string, number>;
}

/** Names longer than this are not XObject names anyone uses; they are not tracked. */
const MAX_NAME = 127;

/**
 * The operators in a content stream's decoded bytes (ISO 32000-1 §7.8.2), counted as pdf.js
 * would meet them: each keyword that is not `true`, `false` or `null` is one; an inline image
 * (`BI ... ID data EI`) is one. Counting stops once past `stopAfter`, so a hostile stream costs
 * no more than the check needs.
 */
export function countContentOperators(bytes: Uint8Array, stopAfter: number): ContentCount {
  const drawn = new Map<string, number>();
  let count = 0;
  let pos = 0;
  let lastName: string | null = null;
  while (pos < bytes.length && count <= stopAfter) {
    pos = skipSpace(bytes, pos);
    if (pos >= bytes.length) break;
    const c = bytes[pos];
    if (c === 0x28 /* ( */) pos = skipLiteralString(bytes, pos);
    else if (c === 0x3c /* < */) {
      if (bytes[pos + 1] === 0x3c) pos += 2;
      else {
        const close = bytes.indexOf(0x3e, pos + 1);
        pos = close < 0 ? bytes.length : close + 1;
      }
    } else if (c === 0x2f /* / */) {
      const end = skipRegular(bytes, pos + 1);
      lastName = end - pos - 1 <= MAX_NAME ? decodeName(String.fromCharCode(...bytes.subarray(pos + 1, end))) : null;
      pos = end;
      continue;
    } else if (!isRegular(c)) pos++;
    else {
      const end = skipRegular(bytes, pos);
      if (!isOperand(bytes, pos, end)) {
        count++;
        if (lastName !== null && end - pos === 2 && bytes[pos] === 0x44 && bytes[pos + 1] === 0x6f) drawn.set(lastName, (drawn.get(lastName) ?? 0) + 1);
        if (end - pos === 2 && bytes[pos] === 0x42 && bytes[pos + 1] === 0x49) {
          pos = skipInlineImage(bytes, end);
          continue;
        }
      }
      pos = end;
    }
    lastName = null;
  }
  return { operators: count, drawn };
}

function isOperand(bytes: Uint8Array, from: number, to: number): boolean {
  const c = bytes[from];
  if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return true; // a number (pdf.js reads a malformed one as 0)
  return keywordAt(bytes, from, 'true') || keywordAt(bytes, from, 'false') || keywordAt(bytes, from, 'null') ? to - from <= 5 : false;
}

/** After `BI`: past the image's dictionary, `ID`, its data and `EI` (white space on both sides, as pdf.js looks for it). */
function skipInlineImage(bytes: Uint8Array, pos: number): number {
  for (;;) {
    pos = skipSpace(bytes, pos);
    if (pos >= bytes.length) return pos;
    if (keywordAt(bytes, pos, 'ID')) break;
    const c = bytes[pos];
    if (c === 0x28) pos = skipLiteralString(bytes, pos);
    else if (isRegular(c)) pos = skipRegular(bytes, pos);
    else pos = c === 0x2f ? skipRegular(bytes, pos + 1) : pos + 1;
  }
  for (let at = pos + 3; at + 1 < bytes.length; at++) {
    if (bytes[at] === 0x45 && bytes[at + 1] === 0x49 && isWhite(bytes[at - 1]) && (at + 2 >= bytes.length || !isRegular(bytes[at + 2]))) return at + 2;
  }
  return bytes.length;
}
