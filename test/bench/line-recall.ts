import type { OcrLine } from '../../engine/src/contracts/ocr.js';
import { groupRows } from '../../engine/src/ocr/reading-order.js';

/** The benchmark's comparison form: upper case, no white space. */
export const normalizeLine = (s: string) => s.toUpperCase().replace(/\s+/g, '');

/**
 * Ground-truth lines found in an OCR result: a line counts when its normalised text occurs in one
 * OCR line, or in one visual row of OCR lines read left to right (a label and its value printed
 * apart may be one line in the labels and two boxes to the detector, or the other way round).
 */
export function countFoundLines(truth: readonly string[], lines: readonly OcrLine[]): { found: number; total: number; missed: string[] } {
  const single = lines.map((l) => normalizeLine(l.text));
  const rows = groupRows([...lines]).map((row) => normalizeLine(row.map((l) => l.text).join('')));
  let found = 0;
  let total = 0;
  const missed: string[] = [];
  for (const t of truth) {
    const n = normalizeLine(t);
    if (n === '') continue;
    total++;
    if (single.some((s) => s.includes(n)) || rows.some((r) => r.includes(n))) found++;
    else missed.push(t);
  }
  return { found, total, missed };
}
