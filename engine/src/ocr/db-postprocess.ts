import type { FloatPlane } from '../contracts/raster.js';
import { convexHull, minAreaRect, type RotatedRect } from './geometry.js';
import type { Point } from './image-ops.js';

/** Settings of Differentiable Binarization post-processing (PaddleOCR's names; its defaults but the box threshold). */
export interface DbOptions {
  /** Pixels above this probability are text. */
  thresh: number;
  /** A region is kept when its mean probability reaches this. */
  boxThresh: number;
  /** How far a shrunk text kernel is grown back: distance = area * ratio / perimeter. */
  unclipRatio: number;
  /** Regions with a side shorter than this (map pixels) are noise. */
  minSize: number;
  maxCandidates: number;
}

// A box's mean probability of at least 0.45 (PaddleOCR's 0.6 drops runs of asterisks, `************3960`,
// and faint photo lines; docs/ocr.md gives the figures).
export const DEFAULT_DB_OPTIONS: DbOptions = { thresh: 0.3, boxThresh: 0.45, unclipRatio: 1.5, minSize: 3, maxCandidates: 1500 };

export interface DetectedBox {
  rect: RotatedRect;
  score: number;
}

/**
 * Turn a DB probability map into text boxes in map coordinates: connected regions of the
 * binarised map, each wrapped in its smallest rotated rectangle and grown by the unclip distance.
 */
export function dbPostprocess(map: FloatPlane, opts: DbOptions = DEFAULT_DB_OPTIONS): DetectedBox[] {
  const { width: w, height: h, data: prob } = map;
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  // A region's convex hull is the hull of each row's leftmost and rightmost pixel, so only
  // those are kept while a region is flooded.
  const rowMin = new Int32Array(h).fill(w);
  const rowMax = new Int32Array(h).fill(-1);
  const boxes: DetectedBox[] = [];
  let regions = 0;
  for (let start = 0; start < w * h; start++) {
    if (seen[start] !== 0 || prob[start] <= opts.thresh) continue;
    if (++regions > opts.maxCandidates * 4) break;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    let yMin = h;
    let yMax = -1;
    while (top > 0) {
      const i = stack[--top];
      const y = (i / w) | 0;
      const x = i - y * w;
      if (x < rowMin[y]) rowMin[y] = x;
      if (x > rowMax[y]) rowMax[y] = x;
      if (y < yMin) yMin = y;
      if (y > yMax) yMax = y;
      const ny0 = y > 0 ? y - 1 : 0;
      const ny1 = y < h - 1 ? y + 1 : h - 1;
      const nx0 = x > 0 ? x - 1 : 0;
      const nx1 = x < w - 1 ? x + 1 : w - 1;
      for (let ny = ny0; ny <= ny1; ny++) {
        for (let nx = nx0, j = ny * w + nx0; nx <= nx1; nx++, j++) {
          if (seen[j] === 0 && prob[j] > opts.thresh) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    const edge: Point[] = [];
    for (let y = yMin; y <= yMax; y++) {
      if (rowMax[y] < 0) continue;
      // Pixel corners, so a one-pixel-wide region still has an area.
      edge.push({ x: rowMin[y], y }, { x: rowMax[y] + 1, y }, { x: rowMin[y], y: y + 1 }, { x: rowMax[y] + 1, y: y + 1 });
      rowMin[y] = w;
      rowMax[y] = -1;
    }
    const rect = minAreaRect(convexHull(edge));
    if (Math.min(rect.width, rect.height) < opts.minSize) continue;
    const score = meanInRect(map, rect);
    if (score < opts.boxThresh) continue;
    const grown = unclip(rect, opts.unclipRatio);
    if (Math.min(grown.width, grown.height) < opts.minSize + 2) continue;
    boxes.push({ rect: grown, score });
    if (boxes.length >= opts.maxCandidates) break;
  }
  return boxes;
}

/** Mean probability inside a rotated rectangle. */
function meanInRect(map: FloatPlane, r: RotatedRect): number {
  const hw = r.width / 2;
  const hh = r.height / 2;
  const ex = Math.abs(r.ux) * hw + Math.abs(r.uy) * hh;
  const ey = Math.abs(r.uy) * hw + Math.abs(r.ux) * hh;
  const x0 = Math.max(0, Math.floor(r.cx - ex));
  const x1 = Math.min(map.width - 1, Math.ceil(r.cx + ex));
  const y0 = Math.max(0, Math.floor(r.cy - ey));
  const y1 = Math.min(map.height - 1, Math.ceil(r.cy + ey));
  let sum = 0;
  let count = 0;
  for (let y = y0; y <= y1; y++) {
    const py = y + 0.5 - r.cy;
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5 - r.cx;
      const u = px * r.ux + py * r.uy;
      const v = -px * r.uy + py * r.ux;
      if (Math.abs(u) <= hw && Math.abs(v) <= hh) {
        sum += map.data[y * map.width + x];
        count++;
      }
    }
  }
  return count === 0 ? 0 : sum / count;
}

/** Grow a rectangle by the DB unclip distance on every side. */
export function unclip(r: RotatedRect, ratio: number): RotatedRect {
  const area = r.width * r.height;
  const perimeter = 2 * (r.width + r.height);
  const d = perimeter === 0 ? 0 : (area * ratio) / perimeter;
  return { ...r, width: r.width + 2 * d, height: r.height + 2 * d };
}
