import type { OcrLine } from '../../engine/src/contracts/ocr.js';
import { groupRows } from '../../engine/src/ocr/reading-order.js';

/**
 * Character errors of a read line against its truth: the edit distance, and which of the truth's
 * characters were read exactly (by the alignment that gives that distance). The `latin` set of the
 * OCR bench reports the character error rate and the share of non-ASCII characters read.
 */
export interface LineErrors {
  distance: number;
  /** For each truth character, whether the alignment matched it to the same character. */
  readExactly: boolean[];
}

/**
 * `within`: the truth may be any part of the read text (free to skip what the read text has
 * before and after it), for a truth line printed on one row with others.
 */
export function lineErrors(truth: string, read: string, within = false): LineErrors {
  const t = [...truth];
  const r = [...read];
  const cols = r.length + 1;
  const d = new Uint32Array((t.length + 1) * cols);
  for (let i = 0; i <= t.length; i++) d[i * cols] = i;
  for (let j = 0; j <= r.length; j++) d[j] = within ? 0 : j;
  for (let i = 1; i <= t.length; i++) {
    for (let j = 1; j <= r.length; j++) {
      const same = t[i - 1] === r[j - 1] ? 0 : 1;
      d[i * cols + j] = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + same);
    }
  }
  // Walk back along one best alignment, marking truth characters matched to themselves.
  const readExactly = new Array<boolean>(t.length).fill(false);
  let i = t.length;
  let j = r.length;
  if (within) for (let k = 0; k < r.length; k++) if (d[t.length * cols + k] < d[t.length * cols + j]) j = k;
  const distance = d[t.length * cols + j];
  while (i > 0 && j > 0) {
    const here = d[i * cols + j];
    if (t[i - 1] === r[j - 1] && here === d[(i - 1) * cols + j - 1]) {
      readExactly[i - 1] = true;
      i--;
      j--;
    } else if (here === d[(i - 1) * cols + j - 1] + 1) {
      i--;
      j--;
    } else if (here === d[(i - 1) * cols + j] + 1) {
      i--;
    } else {
      j--;
    }
  }
  return { distance, readExactly };
}

/** Whether a character is outside ASCII (the accents and signs the `latin` set is about). */
export const isNonAscii = (ch: string) => ch.codePointAt(0)! > 0x7f;

export interface CharScore {
  chars: number;
  errors: number;
  nonAscii: number;
  nonAsciiRead: number;
}

export const emptyCharScore = (): CharScore => ({ chars: 0, errors: 0, nonAscii: 0, nonAsciiRead: 0 });

export function addCharScore(to: CharScore, s: CharScore): void {
  to.chars += s.chars;
  to.errors += s.errors;
  to.nonAscii += s.nonAscii;
  to.nonAsciiRead += s.nonAsciiRead;
}

/**
 * A page's character errors: each truth line against the closest part of one visual row of read
 * lines (left to right, joined by a space); a line found nowhere counts as all
 * wrong. `normalize` gives the comparison form of both sides (the SROIE labels are upper case, the
 * WildReceipt labels have no spaces).
 */
export function pageCharErrors(truth: readonly string[], lines: readonly OcrLine[], normalize: (s: string) => string): CharScore {
  // Every read line is in exactly one row, and a row holds each of its lines as a part: matching
  // within rows covers the lines on their own.
  const candidates = groupRows([...lines]).map((row) => normalize(row.map((l) => l.text).join(' ')));
  const score = emptyCharScore();
  for (const raw of truth) {
    const t = normalize(raw);
    if (t === '') continue;
    const chars = [...t];
    let best: LineErrors = { distance: chars.length, readExactly: chars.map(() => false) };
    for (const c of candidates) {
      const e = lineErrors(t, c, true);
      if (e.distance < best.distance) best = e;
      if (best.distance === 0) break;
    }
    score.chars += chars.length;
    score.errors += best.distance;
    chars.forEach((ch, k) => {
      if (!isNonAscii(ch)) return;
      score.nonAscii++;
      if (best.readExactly[k]) score.nonAsciiRead++;
    });
  }
  return score;
}
