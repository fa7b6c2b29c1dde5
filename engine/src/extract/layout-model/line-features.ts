import type { DocumentText, Line } from '../layout/document-text.js';

/**
 * What the layout model sees of each text line: its text as hashed character n-grams, and its
 * shape and place on the page. The same code makes the training examples (models/layout) and the
 * engine's inputs, so the two cannot drift apart.
 */

/** Hash buckets of the character n-grams. */
export const NGRAM_BUCKETS = 2048;
/**
 * Hash buckets of the n-grams of a line's context, twice over: the text to its left on its row
 * (a value's label: `CHANGE 40.35` is not the total) and the row above (a label printed over its value).
 */
export const CONTEXT_BUCKETS = 512;
/** Geometry and shape features after the n-grams (see geometry()). */
export const GEOMETRY_FEATURES = 28;
export const FEATURES = NGRAM_BUCKETS + 2 * CONTEXT_BUCKETS + GEOMETRY_FEATURES;

/**
 * Text as the n-grams read it: upper case, accents and spaces dropped (OCR splits and joins words
 * unpredictably, and some labelled data has no spaces), every digit a 0 (the shape of a figure
 * tells its role, the figure itself does not).
 */
export function ngramText(text: string): string {
  return text
    .toUpperCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, '')
    .replace(/\p{N}/gu, '0');
}

/** FNV-1a, 32 bits: a stable hash in every runtime. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Bucket counts of the 1-, 2- and 3-grams of the text, with ^ and $ marking its ends. */
export function ngramCounts(text: string, buckets = NGRAM_BUCKETS): Map<number, number> {
  const s = `^${ngramText(text)}$`;
  const counts = new Map<number, number>();
  for (let n = 1; n <= 3; n++) {
    for (let i = 0; i + n <= s.length; i++) {
      const b = fnv1a(`${n}${s.slice(i, i + n)}`) % buckets;
      counts.set(b, (counts.get(b) ?? 0) + 1);
    }
  }
  return counts;
}

const clip = (v: number, lo = 0, hi = 1) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo);
const share = (text: string, re: RegExp) => (text.length ? (text.match(re)?.length ?? 0) / text.length : 0);

/** The text's frame on each page: the union of its lines' boxes (margins and backgrounds vary, the text block does not). */
function frames(doc: DocumentText): Map<number, { x: number; y: number; w: number; h: number; median: number }> {
  const out = new Map<number, { x: number; y: number; w: number; h: number; median: number }>();
  for (const page of new Set(doc.lines.map((l) => l.page))) {
    const lines = doc.lines.filter((l) => l.page === page);
    const x0 = Math.min(...lines.map((l) => l.box.x));
    const y0 = Math.min(...lines.map((l) => l.box.y));
    const x1 = Math.max(...lines.map((l) => l.box.x + l.box.width));
    const y1 = Math.max(...lines.map((l) => l.box.y + l.box.height));
    const heights = lines.map((l) => l.box.height).sort((a, b) => a - b);
    out.set(page, { x: x0, y: y0, w: Math.max(1e-6, x1 - x0), h: Math.max(1e-6, y1 - y0), median: Math.max(1e-6, heights[heights.length >> 1]) });
  }
  return out;
}

/** Shape and place of one line: 28 numbers, each within 0..1. */
function geometry(doc: DocumentText, line: Line, frame: { x: number; y: number; w: number; h: number; median: number }, pages: number): number[] {
  const b = line.box;
  const x0 = (b.x - frame.x) / frame.w;
  const y0 = (b.y - frame.y) / frame.h;
  const x1 = (b.x + b.width - frame.x) / frame.w;
  const y1 = (b.y + b.height - frame.y) / frame.h;
  const row = doc.rows[line.row];
  const at = row.lines.indexOf(line);
  const prev = doc.rows[line.row - 1];
  const next = doc.rows[line.row + 1];
  const midY = (l: Line) => l.box.y + l.box.height / 2;
  const gap = (r: typeof row | undefined) => (r && r.page === line.page ? Math.abs(midY(r.lines[0]) - midY(line)) / frame.median : 6);
  const text = line.text;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return [
    clip(x0),
    clip(y0),
    clip(x1),
    clip(y1),
    clip((x0 + x1) / 2),
    clip((y0 + y1) / 2),
    clip(x1 - x0),
    clip(b.height / frame.median / 4),
    pages > 1 ? (line.page - 1) / (pages - 1) : 0,
    line.page === 1 ? 1 : 0,
    doc.lines.length > 1 ? line.index / (doc.lines.length - 1) : 0,
    clip(row.lines.length / 4),
    row.lines.length > 1 ? at / (row.lines.length - 1) : 0,
    at === row.lines.length - 1 ? 1 : 0,
    clip(gap(prev) / 6),
    clip(gap(next) / 6),
    clip(Math.log1p(text.length) / 4),
    share(text, /\p{N}/gu),
    share(text, /\p{L}/gu),
    letters ? (text.match(/\p{Lu}/gu)?.length ?? 0) / letters : 0,
    share(text, /[^\p{L}\p{N}\s]/gu),
    /\d[.,]\d{2}(?!\d)/.test(text) ? 1 : 0,
    /\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}\s*\p{L}{3,9}\.?\s*\d{2,4}/u.test(text) ? 1 : 0,
    /\d{1,2}:\d{2}/.test(text) ? 1 : 0,
    /:/.test(text) ? 1 : 0,
    /\d\W*$/.test(text) ? 1 : 0,
    /^\W*\d/.test(text) ? 1 : 0,
    clip(line.confidence),
  ];
}

/**
 * The model's input for a document: one row of FEATURES numbers per line, lines in reading order
 * (DocumentText's), as one flat array [lines x FEATURES].
 */
export function lineFeatures(doc: DocumentText): Float32Array {
  const out = new Float32Array(doc.lines.length * FEATURES);
  const byPage = frames(doc);
  const pages = Math.max(1, ...doc.lines.map((l) => l.page));
  doc.lines.forEach((line, i) => {
    const base = i * FEATURES;
    const row = doc.rows[line.row];
    const above = doc.rows[line.row - 1];
    const left = row.lines.slice(0, row.lines.indexOf(line)).map((l) => l.text).join(' ');
    const over = above && above.page === line.page ? above.lines.map((l) => l.text).join(' ') : '';
    put(out, base, ngramCounts(line.text));
    if (left) put(out, base + NGRAM_BUCKETS, ngramCounts(left, CONTEXT_BUCKETS));
    if (over) put(out, base + NGRAM_BUCKETS + CONTEXT_BUCKETS, ngramCounts(over, CONTEXT_BUCKETS));
    out.set(geometry(doc, line, byPage.get(line.page)!, pages), base + NGRAM_BUCKETS + 2 * CONTEXT_BUCKETS);
  });
  return out;
}

/** Bucket counts scaled to unit length (long and short texts weigh alike), written from `at`. */
function put(out: Float32Array, at: number, counts: Map<number, number>): void {
  let norm = 0;
  for (const c of counts.values()) norm += c * c;
  norm = Math.sqrt(norm) || 1;
  for (const [bucket, c] of counts) out[at + bucket] = c / norm;
}
