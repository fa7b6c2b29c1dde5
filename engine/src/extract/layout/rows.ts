import type { OcrLine } from '../../contracts/ocr.js';
import { levelHeight, overlapsAcross } from './page-slant.js';

/** Where a line sits once its page's slant is taken out: its middle and its height as if level. */
interface Level {
  mid: number;
  height: number;
}

/**
 * Lines side by side, grouped into rows (a label on the left, its value on the right), top to
 * bottom, each left to right.
 *
 * Two lines can share a row when their vertical middles lie within half the smaller line's height
 * and they do not overlap across. Rows are built from the closest pairs first, and two rows join
 * only where each line meets its new neighbours across within that reach: on a slanted photo a
 * row follows its own slope, and a value between two labels goes with the nearer one (`EASTER
 * BUFFET` / `Subtotal $43.80` stays two rows though the value is within reach of both).
 *
 * `slants` (page-slant.ts): each line's slope, page heights down per page width. Two lines are
 * compared as if the page were level: the right one's middle is moved up by the slope times the
 * distance across, and a long line's box, made taller by its tilt, counts its own height only.
 */
export function groupRows(lines: readonly OcrLine[], slants: readonly number[] = []): OcrLine[][] {
  const n = lines.length;
  const slant = (i: number) => slants[i] ?? 0;
  const level = lines.map((l, i) => levelled(l, slant(i)));
  const across = (i: number) => lines[i].bounding_box.x + lines[i].bounding_box.width / 2;
  // The gap between two middles along the lines' own slope.
  const gap = (a: number, b: number) => Math.abs(midOf(lines[b]) - midOf(lines[a]) - ((slant(a) + slant(b)) / 2) * (across(b) - across(a)));
  const reach = (a: number, b: number) => 0.5 * Math.min(level[a].height, level[b].height);
  const mid = (i: number) => level[i].mid;
  // Pairs within reach, found from the lines in order of their levelled middles (a long PDF page
  // has thousands); the search reaches further by as much as the slopes differ across the page.
  const spread = n ? Math.max(...lines.map((_, i) => slant(i))) - Math.min(...lines.map((_, i) => slant(i))) : 0;
  const byMid = Array.from({ length: n }, (_, i) => i).sort((p, q) => mid(p) - mid(q));
  const pairs: { a: number; b: number; gap: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = byMid[i];
    for (let j = i + 1; j < n; j++) {
      const b = byMid[j];
      if (mid(b) - mid(a) > 0.5 * level[a].height + spread) break;
      const g = gap(a, b);
      if (g <= reach(a, b) && !overlapsAcross(lines[a], lines[b])) pairs.push({ a: Math.min(a, b), b: Math.max(a, b), gap: g });
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
    if (!canJoin(lines, merged, groupOf, gap, reach)) continue;
    for (const i of members.get(gb)!) groupOf[i] = ga;
    members.set(ga, merged);
    members.delete(gb);
  }
  // Rows in the order of their highest middle, each left to right.
  const top = (g: readonly number[]) => Math.min(...g.map(mid));
  return [...members.values()]
    .sort((p, q) => top(p) - top(q) || lines[p[0]].bounding_box.x - lines[q[0]].bounding_box.x)
    .map((g) => g.map((i) => lines[i]));
}

function midOf(l: OcrLine): number {
  return l.bounding_box.y + l.bounding_box.height / 2;
}

function levelled(l: OcrLine, slant: number): Level {
  return { mid: midOf(l) - slant * (l.bounding_box.x + l.bounding_box.width / 2), height: levelHeight(l, slant) };
}

/** Lines of two rows, left to right: no two overlap across, and neighbours from different rows are within reach. */
function canJoin(lines: readonly OcrLine[], merged: readonly number[], groupOf: readonly number[], gap: (a: number, b: number) => number, reach: (a: number, b: number) => number): boolean {
  for (let k = 1; k < merged.length; k++) {
    const p = merged[k - 1];
    const q = merged[k];
    if (overlapsAcross(lines[p], lines[q])) return false;
    if (groupOf[p] !== groupOf[q] && gap(p, q) > reach(p, q)) return false;
  }
  return true;
}
