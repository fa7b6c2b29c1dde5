import type { FloatPlane } from '../contracts/raster.js';
import { convexHull, minAreaRect, type RotatedRect } from './geometry.js';
import type { Point } from './image-ops.js';

/** Settings of Differentiable Binarization post-processing (PaddleOCR's names and defaults). */
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

export const DEFAULT_DB_OPTIONS: DbOptions = { thresh: 0.3, boxThresh: 0.6, unclipRatio: 1.5, minSize: 3, maxCandidates: 1500 };

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
  const labels = new Int32Array(w * h);
  const stack: number[] = [];
  const boxes: DetectedBox[] = [];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (labels[start] !== 0 || prob[start] <= opts.thresh) continue;
    const label = ++next;
    labels[start] = label;
    stack.push(start);
    const edge: Point[] = [];
    while (stack.length > 0) {
      const i = stack.pop() as number;
      const x = i % w;
      const y = (i - x) / w;
      let boundary = false;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) {
          boundary = true;
          continue;
        }
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) {
            boundary = true;
            continue;
          }
          const j = ny * w + nx;
          if (prob[j] <= opts.thresh) {
            boundary = true;
          } else if (labels[j] === 0) {
            labels[j] = label;
            stack.push(j);
          }
        }
      }
      // Pixel corners of boundary pixels, so a one-pixel-wide region still has an area.
      if (boundary) edge.push({ x, y }, { x: x + 1, y }, { x, y: y + 1 }, { x: x + 1, y: y + 1 });
    }
    if (next > opts.maxCandidates * 4) break;
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
