import type { OcrLine } from '../contracts/ocr.js';

type Boxed = Pick<OcrLine, 'bounding_box'>;

/**
 * Lines grouped into visual rows, top to bottom, each row left to right. A line joins the current
 * row when its vertical centre falls within the row's first line.
 */
export function groupRows<T extends Boxed>(lines: T[]): T[][] {
  const rows: T[][] = [];
  for (const line of lines.slice().sort((a, b) => centreY(a) - centreY(b))) {
    const row = rows[rows.length - 1];
    const anchor = row?.[0].bounding_box;
    if (anchor && Math.abs(centreY(line) - (anchor.y + anchor.height / 2)) <= anchor.height / 2) row.push(line);
    else rows.push([line]);
  }
  for (const row of rows) row.sort((a, b) => a.bounding_box.x - b.bounding_box.x);
  return rows;
}

/** Lines in the order a person reads a receipt. */
export function orderLines<T extends Boxed>(lines: T[]): T[] {
  return groupRows(lines).flat();
}

const centreY = (l: Boxed) => l.bounding_box.y + l.bounding_box.height / 2;
