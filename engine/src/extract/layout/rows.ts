import type { OcrLine } from '../../contracts/ocr.js';

/**
 * Lines side by side, grouped into rows (a label on the left, its value on the right), top to
 * bottom, each left to right.
 *
 * Two lines can share a row when their vertical middles lie within half the smaller line's height
 * and they do not overlap across. Rows are built from the closest pairs first, and two rows join
 * only where each line meets its new neighbours across within that reach: on a slanted photo a
 * row follows its own slope, and a value between two labels goes with the nearer one (`EASTER
 * BUFFET` / `Subtotal $43.80` stays two rows though the value is within reach of both).
 */
export function groupRows(lines: readonly OcrLine[]): OcrLine[][] {
  const n = lines.length;
  // Pairs within reach, found from the lines in order of their middles (a long PDF page has thousands).
  const byMid = Array.from({ length: n }, (_, i) => i).sort((p, q) => mid(lines[p]) - mid(lines[q]));
  const pairs: { a: number; b: number; gap: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = byMid[i];
    for (let j = i + 1; j < n; j++) {
      const b = byMid[j];
      const gap = mid(lines[b]) - mid(lines[a]);
      if (gap > 0.5 * lines[a].bounding_box.height) break;
      if (gap <= reach(lines[a], lines[b]) && !overlapsAcross(lines[a], lines[b])) pairs.push({ a: Math.min(a, b), b: Math.max(a, b), gap });
    }
  }
  pairs.sort((p, q) => p.gap - q.gap || p.a - q.a || p.b - q.b);

  const groupOf = Array.from({ length: n }, (_, i) => i);
  const members = new Map<number, number[]>(Array.from({ length: n }, (_, i) => [i, [i]]));
  for (const { a, b } of pairs) {
    const ga = groupOf[a];
    const gb = groupOf[b];
    if (ga === gb) continue;
    const merged = [...members.get(ga)!, ...members.get(gb)!].sort((p, q) => lines[p].bounding_box.x - lines[q].bounding_box.x);
    if (!canJoin(lines, merged, groupOf)) continue;
    for (const i of members.get(gb)!) groupOf[i] = ga;
    members.set(ga, merged);
    members.delete(gb);
  }
  return [...members.values()]
    .map((g) => g.map((i) => lines[i]))
    .sort((p, q) => top(p) - top(q) || p[0].bounding_box.x - q[0].bounding_box.x);
}

/** Lines of two rows, left to right: no two overlap across, and neighbours from different rows are within reach. */
function canJoin(lines: readonly OcrLine[], merged: readonly number[], groupOf: readonly number[]): boolean {
  for (let k = 1; k < merged.length; k++) {
    const p = lines[merged[k - 1]];
    const q = lines[merged[k]];
    if (overlapsAcross(p, q)) return false;
    if (groupOf[merged[k - 1]] !== groupOf[merged[k]] && Math.abs(mid(p) - mid(q)) > reach(p, q)) return false;
  }
  return true;
}

function mid(l: OcrLine): number {
  return l.bounding_box.y + l.bounding_box.height / 2;
}

/** The highest middle of a row's lines: rows are read in that order. */
function top(row: readonly OcrLine[]): number {
  return Math.min(...row.map(mid));
}

function reach(a: OcrLine, b: OcrLine): number {
  return 0.5 * Math.min(a.bounding_box.height, b.bounding_box.height);
}

function overlapsAcross(a: OcrLine, b: OcrLine): boolean {
  return a.bounding_box.x < b.bounding_box.x + b.bounding_box.width && b.bounding_box.x < a.bounding_box.x + a.bounding_box.width;
}
