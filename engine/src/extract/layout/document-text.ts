import type { TextSource } from '../../contracts/extraction.js';
import type { BoundingBox, OcrLine, OcrWord } from '../../contracts/ocr.js';
import { lineSlants } from './page-slant.js';
import { groupRows } from './rows.js';
import { leadersAsSpaces, repairFigures } from './repair-text.js';

/** One page's text as extraction reads it, whichever path it came by. */
export interface TextPage {
  page: number;
  /** Pixels (or any unit) of the page the boxes are fractions of; only the ratio matters. */
  width: number;
  height: number;
  source: TextSource;
  lines: OcrLine[];
  /** Clockwise degrees the page image was turned to read it upright (OCR pages); boxes refer to the turned page. */
  rotation?: 0 | 90 | 180 | 270;
}

/** A text line placed in the document: page, reading position, and row. */
export interface Line {
  /** Position in reading order over the whole document. */
  index: number;
  page: number;
  source: TextSource;
  text: string;
  confidence: number;
  box: BoundingBox;
  words: OcrWord[];
  /** Index of the row (lines side by side) it belongs to, over the whole document. */
  row: number;
  /** Line height as a fraction of the page's median line height: large print > 1. */
  size: number;
}

export interface Row {
  index: number;
  page: number;
  /** Its lines, left to right. */
  lines: Line[];
}

export interface DocumentText {
  pages: TextPage[];
  lines: Line[];
  rows: Row[];
}

/** Reading order and rows (rows.ts): rows run top to bottom and each row left to right. */
export function layoutDocument(pages: readonly TextPage[]): DocumentText {
  const lines: Line[] = [];
  const rows: Row[] = [];
  for (const page of pages) {
    const text = page.lines.filter((l) => l.text.trim() !== '');
    const heights = text.map((l) => l.bounding_box.height).sort((a, b) => a - b);
    const median = heights[heights.length >> 1] || 1;
    // A PDF's text lies level; photos and scans, read here or on a device, may not.
    const pageRows = groupRows(text, page.source === 'pdf_text' ? [] : lineSlants(text, page.width, page.height));
    for (const row of pageRows) {
      const r: Row = { index: rows.length, page: page.page, lines: [] };
      for (const l of row) {
        const line: Line = {
          index: lines.length,
          page: page.page,
          source: page.source,
          text: leadersAsSpaces(page.source === 'ocr' ? repairFigures(l.text.trim()) : l.text.trim()),
          confidence: l.confidence,
          box: l.bounding_box,
          words: l.words,
          row: r.index,
          size: l.bounding_box.height / median,
        };
        lines.push(line);
        r.lines.push(line);
      }
      rows.push(r);
    }
  }
  return { pages: [...pages], lines, rows };
}

/** The smallest box holding all the given boxes. */
export function unionBox(boxes: readonly BoundingBox[]): BoundingBox {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The box of characters [start, end) of a line: from its words when they cover it, else a share of the line's width. */
export function spanBox(line: Line, start: number, end: number): BoundingBox {
  if (start <= 0 && end >= line.text.length) return line.box;
  // Words are laid out in the line's text separated by single spaces; find the ones overlapping the span.
  if (line.words.length > 0 && line.words.map((w) => w.text).join(' ') === line.text) {
    const hit: BoundingBox[] = [];
    let at = 0;
    for (const w of line.words) {
      const wEnd = at + w.text.length;
      if (at < end && start < wEnd) hit.push(w.bounding_box);
      at = wEnd + 1;
    }
    if (hit.length > 0) return unionBox(hit);
  }
  const n = Math.max(1, line.text.length);
  const b = line.box;
  return { x: b.x + (b.width * Math.max(0, start)) / n, y: b.y, width: (b.width * (Math.min(n, end) - Math.max(0, start))) / n, height: b.height };
}
