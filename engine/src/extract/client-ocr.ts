import type { ExtractionWarning } from '../contracts/extraction.js';
import type { BoundingBox, OcrLine, OcrWord } from '../contracts/ocr.js';
import { ServiceError } from '../errors/service-error.js';
import type { TextPage } from './layout/document-text.js';

/** Spec limits of `client_ocr`: the excess is ignored. */
export const CLIENT_OCR_MAX_LINES = 2500;
export const CLIENT_OCR_MAX_PAGES = 30;

/** Coordinates may overshoot the page by this much (rounding on the device) before they are refused. */
const SLACK = 0.02;

export interface ClientOcr {
  pages: TextPage[];
  warnings: ExtractionWarning[];
}

/**
 * Reads the text lines a device already recognised (docs/extraction.md, "client_ocr"):
 * `{width, height, lines}` or `{pages: [{width, height, lines}]}`; each line `{text,
 * bounding_box: {x, y, width, height}}` or `{text, polygon: [[x, y] x 4]}` in fractions of the
 * page (0 to 1, origin top-left), with optional `confidence` (0 to 1) and `words` of the same
 * shape. A JSON string is parsed first (`invalid_json`, param `client_ocr`). Anything else, or
 * input without a line of text, is `invalid_client_ocr` with the first problem's place in
 * `details.path`. Past 2,500 lines a page or 30 pages the rest is ignored, with a warning.
 */
export function parseClientOcr(input: unknown): ClientOcr {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      throw new ServiceError('invalid_json', { param: 'client_ocr' });
    }
  }
  if (!isObject(value)) fail('', 'must be an object');
  const rawPages: unknown[] = 'pages' in value ? (Array.isArray(value.pages) ? value.pages : fail('pages', 'must be an array')) : [value];
  if (rawPages.length === 0) fail('pages', 'must hold at least one page');
  const warnings: ExtractionWarning[] = [];
  if (rawPages.length > CLIENT_OCR_MAX_PAGES) warnings.push({ code: 'client_ocr_truncated', message: `Only the first ${CLIENT_OCR_MAX_PAGES} pages were read.` });
  const pages: TextPage[] = [];
  rawPages.slice(0, CLIENT_OCR_MAX_PAGES).forEach((p, i) => {
    const at = 'pages' in value ? `pages[${i}]` : '';
    if (!isObject(p)) fail(at, 'must be an object');
    const width = positive(p.width, join(at, 'width'));
    const height = positive(p.height, join(at, 'height'));
    if (!Array.isArray(p.lines)) fail(join(at, 'lines'), 'must be an array');
    if (p.lines.length > CLIENT_OCR_MAX_LINES) warnings.push({ code: 'client_ocr_truncated', message: `Only the first ${CLIENT_OCR_MAX_LINES} lines of page ${i + 1} were read.` });
    const lines = p.lines.slice(0, CLIENT_OCR_MAX_LINES).map((l, k) => readLine(l, `${join(at, 'lines')}[${k}]`));
    pages.push({ page: i + 1, width, height, source: 'client_ocr', lines: lines.filter((l) => l.text.trim() !== '') });
  });
  if (pages.every((p) => p.lines.length === 0)) throw new ServiceError('invalid_client_ocr', { param: 'client_ocr', details: { reason: 'no text lines' } });
  return { pages, warnings };
}

function readLine(l: unknown, at: string): OcrLine {
  if (!isObject(l)) fail(at, 'must be an object');
  if (typeof l.text !== 'string') fail(join(at, 'text'), 'must be a string');
  const box = readBox(l, at);
  const confidence = readConfidence(l.confidence, join(at, 'confidence'));
  let words: OcrWord[] = [];
  if (l.words !== undefined) {
    if (!Array.isArray(l.words)) fail(join(at, 'words'), 'must be an array');
    words = l.words.map((w, i) => {
      const wat = `${join(at, 'words')}[${i}]`;
      if (!isObject(w) || typeof w.text !== 'string') fail(wat, 'must be an object with text');
      return { text: w.text, confidence: readConfidence(w.confidence, join(wat, 'confidence')) ?? confidence ?? 1, bounding_box: readBox(w, wat) };
    });
  }
  return { text: l.text, confidence: confidence ?? 1, bounding_box: box, words };
}

function readBox(o: Record<string, unknown>, at: string): BoundingBox {
  if (o.bounding_box !== undefined) {
    const b = o.bounding_box;
    if (!isObject(b)) fail(join(at, 'bounding_box'), 'must be an object');
    const [x, y, width, height] = (['x', 'y', 'width', 'height'] as const).map((k) => fraction(b[k], `${join(at, 'bounding_box')}.${k}`));
    if (x + width > 1 + SLACK || y + height > 1 + SLACK) fail(join(at, 'bounding_box'), 'reaches past the page');
    return clampBox(x, y, width, height);
  }
  if (o.polygon !== undefined) {
    const p = o.polygon;
    if (!Array.isArray(p) || p.length !== 4) fail(join(at, 'polygon'), 'must be 4 points');
    const pts = p.map((pt, i) => {
      const pat = `${join(at, 'polygon')}[${i}]`;
      if (Array.isArray(pt) && pt.length === 2) return { x: fraction(pt[0], pat), y: fraction(pt[1], pat) };
      if (isObject(pt)) return { x: fraction(pt.x, `${pat}.x`), y: fraction(pt.y, `${pat}.y`) };
      return fail(pat, 'must be [x, y] or {x, y}');
    });
    const xs = pts.map((q) => q.x);
    const ys = pts.map((q) => q.y);
    return clampBox(Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  }
  return fail(at, 'needs bounding_box or polygon');
}

function clampBox(x: number, y: number, width: number, height: number): BoundingBox {
  const x0 = Math.min(1, Math.max(0, x));
  const y0 = Math.min(1, Math.max(0, y));
  return { x: x0, y: y0, width: Math.min(1 - x0, Math.max(0, width)), height: Math.min(1 - y0, Math.max(0, height)) };
}

function fraction(v: unknown, at: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < -SLACK || v > 1 + SLACK) fail(at, 'must be a number from 0 to 1');
  return v;
}

function positive(v: unknown, at: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) fail(at, 'must be a positive number');
  return v;
}

function readConfidence(v: unknown, at: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) fail(at, 'must be a number from 0 to 1');
  return v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function join(at: string, key: string): string {
  return at === '' ? key : `${at}.${key}`;
}

function fail(path: string, problem: string): never {
  throw new ServiceError('invalid_client_ocr', { param: 'client_ocr', details: { path: path || '(root)', problem } });
}
