import type { OpenCv } from './opencv.js';

export type { OpenCv };

export interface Point {
  x: number;
  y: number;
}

/** Pixels as a canvas holds them: RGBA, row by row. */
export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Frames are searched at this size: enough for a document's edges, cheap enough for every frame. */
const WORK_SIDE = 480;

/**
 * The outline of the document in a camera frame: the largest convex four-cornered shape among
 * the frame's edges that covers at least a fifth of it, corners ordered top-left, top-right,
 * bottom-right, bottom-left, in the frame's pixels; null when there is none.
 */
export function findDocumentQuad(cv: OpenCv, frame: Rgba): Point[] | null {
  const scale = Math.min(1, WORK_SIDE / Math.max(frame.width, frame.height));
  const mats: { delete(): void }[] = [];
  const keep = <T extends { delete(): void }>(m: T) => (mats.push(m), m);
  try {
    const src = keep(matFromRgba(cv, frame));
    const small = keep(new cv.Mat());
    cv.resize(src, small, new cv.Size(Math.round(frame.width * scale), Math.round(frame.height * scale)), 0, 0, cv.INTER_AREA);
    const gray = keep(new cv.Mat());
    cv.cvtColor(small, gray, cv.COLOR_RGBA2GRAY);
    cv.GaussianBlur(gray, gray, new cv.Size(5, 5), 0);
    const edges = keep(new cv.Mat());
    cv.Canny(gray, edges, 50, 150);
    const kernel = keep(cv.Mat.ones(3, 3, cv.CV_8U));
    cv.dilate(edges, edges, kernel);
    const contours = keep(new cv.MatVector());
    const hierarchy = keep(new cv.Mat());
    cv.findContours(edges, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const minArea = 0.2 * small.rows * small.cols;
    let best: Point[] | null = null;
    let bestArea = 0;
    for (let i = 0; i < contours.size(); i++) {
      const contour = keep(contours.get(i));
      const area = cv.contourArea(contour);
      if (area < minArea || area <= bestArea) continue;
      const approx = keep(new cv.Mat());
      cv.approxPolyDP(contour, approx, 0.02 * cv.arcLength(contour, true), true);
      if (approx.rows !== 4 || !cv.isContourConvex(approx)) continue;
      const pts: Point[] = [];
      for (let j = 0; j < 4; j++) pts.push({ x: approx.data32S[j * 2] / scale, y: approx.data32S[j * 2 + 1] / scale });
      best = orderCorners(pts);
      bestArea = area;
    }
    return best;
  } finally {
    for (const m of mats) m.delete();
  }
}

/** Corners as top-left, top-right, bottom-right, bottom-left (by the sums and differences of their coordinates). */
export function orderCorners(pts: Point[]): Point[] {
  const bySum = [...pts].sort((a, b) => a.x + a.y - (b.x + b.y));
  const byDiff = [...pts].sort((a, b) => a.y - a.x - (b.y - b.x));
  return [bySum[0], byDiff[0], bySum[3], byDiff[3]];
}

/** A Mat of the frame's pixels (OpenCV.js reads an ImageData's fields, which an Rgba has). */
export function matFromRgba(cv: OpenCv, frame: Rgba) {
  return cv.matFromImageData(frame as unknown as Parameters<OpenCv['matFromImageData']>[0]);
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The document straightened: the quad's content warped to a rectangle as long as its edges. */
export function correctPerspective(cv: OpenCv, frame: Rgba, quad: Point[]): Rgba {
  const [tl, tr, br, bl] = quad;
  const width = Math.max(1, Math.round(Math.max(dist(tl, tr), dist(bl, br))));
  const height = Math.max(1, Math.round(Math.max(dist(tl, bl), dist(tr, br))));
  const src = matFromRgba(cv, frame);
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, quad.flatMap((p) => [p.x, p.y]));
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height]);
  const m = cv.getPerspectiveTransform(from, to);
  const out = new cv.Mat();
  try {
    cv.warpPerspective(src, out, m, new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_REPLICATE);
    return { data: new Uint8ClampedArray(out.data), width, height };
  } finally {
    for (const x of [src, from, to, m, out]) x.delete();
  }
}
