import { readFileSync } from 'node:fs';
import type { OcrLine } from '../../engine/src/contracts/ocr.js';
import type { TextPage } from '../../engine/src/extract/layout/document-text.js';

/**
 * A SROIE receipt's ground-truth lines (`box/X*.txt`: `x1,y1,...,x4,y4,text` in pixels) as page
 * text. Most of these receipts have no image here, so the page is the text's extent with a small
 * margin (the layout model's features use the text's own frame, so the margin does not matter).
 */
export function sroiePages(boxFile: string): TextPage[] {
  const rows = sroieRows(boxFile);
  const w = Math.max(...rows.flatMap((r) => r.xs)) * 1.05 || 1;
  const h = Math.max(...rows.flatMap((r) => r.ys)) * 1.02 || 1;
  const lines: OcrLine[] = rows.map((r) => {
    const x0 = Math.min(...r.xs);
    const y0 = Math.min(...r.ys);
    return { text: r.text, confidence: 1, words: [], bounding_box: { x: x0 / w, y: y0 / h, width: (Math.max(...r.xs) - x0) / w, height: (Math.max(...r.ys) - y0) / h } };
  });
  return [{ page: 1, width: Math.round(w), height: Math.round(h), source: 'client_ocr', lines }];
}

/** The ground-truth lines of a box file: text and the four corners' x and y, in pixels. */
export function sroieRows(boxFile: string): { text: string; xs: number[]; ys: number[] }[] {
  return readFileSync(boxFile, 'utf8')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((r) => {
      const p = r.split(',');
      const n = p.slice(0, 8).map(Number);
      return { text: p.slice(8).join(',').trim(), xs: [n[0], n[2], n[4], n[6]], ys: [n[1], n[3], n[5], n[7]] };
    })
    .filter((r) => r.text !== '');
}
