// Rows of a photographed page whose lines run downhill: labels at the left, values at the right a row lower.
import { describe, expect, it } from 'vitest';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { layoutDocument, type TextPage } from '../../engine/src/extract/layout/document-text.js';
import { lineSlants } from '../../engine/src/extract/layout/page-slant.js';

const NOW = new Date('2026-11-22T12:00:00Z');

type Box = { x: number; y: number; width: number; height: number };

/**
 * A receipt's label and value pairs as an OCR engine reports a photo turned by `slope` (page
 * heights down per width), rows 0.04 apart: each box holds its tilted line, taller by the slope
 * times its width and lower the further right; each word's box sits on the line's slope.
 */
function slantedPage(slope: number, rows: [string, string][], options: { words?: boolean; gapAfter?: number } = {}) {
  const lines: { text: string; bounding_box: Box; words: { text: string; bounding_box: Box }[] }[] = [];
  const box = (x: number, y: number, width: number): Box => ({ x, y: y + Math.min(slope * x, slope * (x + width)), width, height: 0.03 + Math.abs(slope) * width });
  const line = (text: string, x: number, y: number) => {
    const words = text.split(' ');
    const width = 0.025 * text.length;
    let at = x;
    const boxes = words.map((w) => {
      const b = box(at, y, 0.025 * w.length);
      at += 0.025 * (w.length + 1);
      return { text: w, bounding_box: b };
    });
    lines.push({ text, bounding_box: box(x, y, width), words: options.words === false ? [] : boxes });
  };
  rows.forEach(([label, value], i) => {
    // A blank row between the items and the totals.
    const y = 0.2 + 0.04 * i + (options.gapAfter !== undefined && i > options.gapAfter ? 0.04 : 0);
    line(label, 0.08, y);
    if (value) line(value, 0.72, y);
  });
  return { width: 1000, height: 1000, lines };
}

const RECEIPT: [string, string][] = [
  ['Carnitas Bowl', '6.95'],
  ['Small Soda', '3.60'],
  ['Sub Total', '10.55'],
  ['Sales Tax', '0.87'],
  ['Total Due', '11.42'],
  ['Visa Credit', '11.42'],
  ['Change Due', '0.00'],
];

const pagesOf = (page: unknown): TextPage[] => parseClientOcr(page).pages;

describe('slanted pages', () => {
  it('finds the slope that lines up labels and values, and none on a level page', () => {
    const slanted = pagesOf(slantedPage(0.07, RECEIPT))[0];
    const slopes = lineSlants(slanted.lines, slanted.width, slanted.height);
    for (const s of slopes) expect(s).toBeCloseTo(0.07, 2);
    const level = pagesOf(slantedPage(0, RECEIPT))[0];
    expect(lineSlants(level.lines, level.width, level.height).every((s) => s === 0)).toBe(true);
    // Uphill as well as downhill.
    const up = pagesOf(slantedPage(-0.06, RECEIPT))[0];
    for (const s of lineSlants(up.lines, up.width, up.height)) expect(s).toBeCloseTo(-0.06, 2);
  });

  it('finds the slope from the rows alone where no words are given, and leaves evenly spaced rows level then', () => {
    const sections = pagesOf(slantedPage(0.07, RECEIPT, { words: false, gapAfter: 1 }))[0];
    for (const s of lineSlants(sections.lines, sections.width, sections.height)) expect(s).toBeCloseTo(0.07, 1);
    expect(layoutDocument([sections]).rows.map((r) => r.lines.map((l) => l.text))).toEqual(RECEIPT);
    // One row off lines up as many lines as the slope: nothing says which, so the page is read as it lies.
    const even = pagesOf(slantedPage(0.07, RECEIPT, { words: false }))[0];
    expect(lineSlants(even.lines, even.width, even.height).every((s) => s === 0)).toBe(true);
  });

  it('keeps each value in its label row though it sits nearer the next label', () => {
    const doc = layoutDocument(pagesOf(slantedPage(0.07, RECEIPT)));
    expect(doc.rows.map((r) => r.lines.map((l) => l.text))).toEqual(RECEIPT);
  });

  it('reads the subtotal, tax and total of a downhill photo from their own rows', () => {
    const ex = extractFromText({ pages: pagesOf(slantedPage(0.07, RECEIPT)) }, templateVersion('retail_receipt'), { now: NOW });
    expect(ex.data.subtotal).toBe(10.55);
    expect(ex.data.tax_amount).toBe(0.87);
    expect(ex.data.amount).toBe(11.42);
  });

  it('leaves a PDF page level: its text is never turned', () => {
    const pdf: TextPage = { ...pagesOf(slantedPage(0.07, RECEIPT))[0], source: 'pdf_text' };
    const doc = layoutDocument([pdf]);
    expect(doc.rows.map((r) => r.lines.map((l) => l.text))).not.toEqual(RECEIPT);
  });
});
