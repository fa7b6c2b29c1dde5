import type { Point, Quad } from './image-ops.js';

/** Convex hull by Andrew's monotone chain; points in counter-clockwise order (y down). */
export function convexHull(points: Point[]): Point[] {
  if (points.length < 3) return points.slice();
  const pts = points.slice().sort((p, q) => p.x - q.x || p.y - q.y);
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** A rotated rectangle: centre, unit direction of its width axis, and side lengths. */
export interface RotatedRect {
  cx: number;
  cy: number;
  /** Unit vector along the width, pointing right (ux > 0, or ux = 0 and uy > 0). */
  ux: number;
  uy: number;
  width: number;
  height: number;
}

/**
 * Smallest-area enclosing rectangle of a convex hull (rotating calipers over hull edges).
 * The width axis is the one closer to horizontal, so text on an upright page reads along it.
 */
export function minAreaRect(hull: Point[]): RotatedRect {
  if (hull.length === 0) return { cx: 0, cy: 0, ux: 1, uy: 0, width: 0, height: 0 };
  let best: RotatedRect | null = null;
  let bestArea = Infinity;
  const n = hull.length;
  const edges = n < 3 ? [{ x: 1, y: 0 }] : hull.map((p, i) => ({ x: hull[(i + 1) % n].x - p.x, y: hull[(i + 1) % n].y - p.y }));
  for (const e of edges) {
    const len = Math.hypot(e.x, e.y);
    if (len === 0) continue;
    const ux = e.x / len;
    const uy = e.y / len;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = p.x * ux + p.y * uy;
      const v = -p.x * uy + p.y * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = { cx: cu * ux - cv * uy, cy: cu * uy + cv * ux, ux, uy, width: maxU - minU, height: maxV - minV };
    }
  }
  return best ? horizontalise(best) : { cx: hull[0].x, cy: hull[0].y, ux: 1, uy: 0, width: 0, height: 0 };
}

/** Re-express a rectangle so that its width axis is the one nearer to the x axis, pointing right. */
export function horizontalise(r: RotatedRect): RotatedRect {
  let { ux, uy, width, height } = r;
  if (Math.abs(uy) > Math.abs(ux)) {
    // Swap axes: the perpendicular (−uy, ux) becomes the width direction.
    [ux, uy] = [-uy, ux];
    [width, height] = [height, width];
  }
  if (ux < 0 || (ux === 0 && uy < 0)) {
    ux = -ux;
    uy = -uy;
  }
  return { ...r, ux, uy, width, height };
}

/** Corners [tl, tr, br, bl] of a rotated rectangle, width along (ux, uy), height along (−uy, ux). */
export function rectCorners(r: RotatedRect): Quad {
  const hw = r.width / 2;
  const hh = r.height / 2;
  const wx = r.ux * hw;
  const wy = r.uy * hw;
  const hx = -r.uy * hh;
  const hy = r.ux * hh;
  return [
    { x: r.cx - wx - hx, y: r.cy - wy - hy },
    { x: r.cx + wx - hx, y: r.cy + wy - hy },
    { x: r.cx + wx + hx, y: r.cy + wy + hy },
    { x: r.cx - wx + hx, y: r.cy - wy + hy },
  ];
}

/** Axis-aligned bounds of a set of points. */
export function bounds(points: readonly Point[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    if (p.x < x0) x0 = p.x;
    if (p.y < y0) y0 = p.y;
    if (p.x > x1) x1 = p.x;
    if (p.y > y1) y1 = p.y;
  }
  return { x0, y0, x1, y1 };
}
