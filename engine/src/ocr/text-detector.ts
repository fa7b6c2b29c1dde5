import type { TilingMode } from '../contracts/extraction.js';
import type { RgbImage } from '../contracts/raster.js';
import type { InferenceSession } from '../runtime/inference.js';
import { DEFAULT_DB_OPTIONS, dbPostprocess, type DbOptions } from './db-postprocess.js';
import type { RotatedRect } from './geometry.js';
import { cropImage, resizeImage } from './image-ops.js';

export interface DetectionOptions {
  /** Longest side of the page, in pixels, that the detector sees; larger pages are scaled down. */
  maxSide: number;
  /** Shortest side scaled down to at most this; long receipts keep their text size through tiling. */
  maxShortSide: number;
  /** Tile edge in detector pixels; pages larger than this are cut into overlapping tiles. */
  tileSize: number;
  /** Overlap between neighbouring tiles; lines shorter than this are wholly inside one tile. */
  tileOverlap: number;
  /** How pages are covered: the fixed plan, one run, or a scale chosen from the text size. */
  tiling: TilingMode;
  /**
   * Adaptive tiling: when the median height of the boxes found (detector pixels) is under
   * `minTextHeight`, the page is detected again, scaled so that it reaches `targetTextHeight`;
   * never beyond the page's own pixels or `maxSide`.
   */
  adaptive: { minTextHeight: number; targetTextHeight: number };
  db: DbOptions;
}

export const DEFAULT_DETECTION_OPTIONS: DetectionOptions = {
  maxSide: 4096,
  maxShortSide: 640,
  // Most receipts at 640 px wide are under 1,600 px long: one run, no overlap to compute twice.
  tileSize: 1600,
  tileOverlap: 128,
  tiling: 'auto',
  // Box heights (text plus the detector's margin) at the default scale: receipts mostly 20 to
  // 31 px, A4 invoices at 200 dpi 14 to 17 px; read at 1.5 times the scale, invoices gained 3.5
  // points of line recall (docs/benchmarks.md, "Adaptive tiling").
  adaptive: { minTextHeight: 18, targetTextHeight: 22 },
  db: DEFAULT_DB_OPTIONS,
};

/** Fewer boxes than this say too little about the text size to rescale a page. */
const ADAPTIVE_MIN_BOXES = 3;
/** A rescale smaller than this changes nothing worth a second run. */
const ADAPTIVE_MIN_GAIN = 1.1;

// ImageNet statistics in the B, G, R order PaddleOCR's detector was trained on.
const DET_MEAN = [0.406, 0.456, 0.485];
const DET_STD = [0.225, 0.224, 0.229];
// Normalised value of each byte per plane, so the per-pixel loop only looks values up.
const DET_LUTS = DET_MEAN.map((mean, c) => Float32Array.from({ length: 256 }, (_, v) => (v / 255 - mean) / DET_STD[c]));

/** Find text boxes on a page; boxes come back in page pixel coordinates. */
export async function detectText(
  session: InferenceSession,
  page: RgbImage,
  opts: DetectionOptions = DEFAULT_DETECTION_OPTIONS,
): Promise<RotatedRect[]> {
  const longest = Math.max(page.width, page.height);
  const pageCap = Math.min(1, opts.maxSide / longest);
  let scale = Math.min(pageCap, opts.maxShortSide / Math.min(page.width, page.height));
  if (opts.tiling === 'off') scale = Math.min(scale, opts.tileSize / longest);
  const first = await detectAt(session, page, scale, opts);
  if (opts.tiling !== 'adaptive' || first.length < ADAPTIVE_MIN_BOXES) return first;
  const better = adaptiveScale(first, scale, pageCap, opts.adaptive);
  return better === null ? first : detectAt(session, page, better, opts);
}

/**
 * The scale at which the median box reaches the target height, or null when the text is large
 * enough already or the page has no more pixels to give. `rects` are in page pixels.
 */
export function adaptiveScale(
  rects: readonly RotatedRect[],
  scale: number,
  pageCap: number,
  target: DetectionOptions['adaptive'],
): number | null {
  const heights = rects.map((r) => Math.min(r.width, r.height) * scale).sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)];
  if (!(median > 0) || median >= target.minTextHeight) return null;
  const wanted = Math.min(pageCap, (scale * target.targetTextHeight) / median);
  return wanted >= scale * ADAPTIVE_MIN_GAIN ? wanted : null;
}

/** One detection pass at `scale`, tiled by the options; boxes in page pixels. */
async function detectAt(session: InferenceSession, page: RgbImage, scale: number, opts: DetectionOptions): Promise<RotatedRect[]> {
  // Tiny pages stay as they are: detectTile pads to the network's multiple of 32.
  const w = Math.max(1, Math.round(page.width * scale));
  const h = Math.max(1, Math.round(page.height * scale));
  const scaled = scale === 1 ? page : resizeImage(page, w, h);
  const sx = page.width / w;
  const sy = page.height / h;
  const rects: RotatedRect[] = [];
  for (const tile of planTiles(w, h, opts.tileSize, opts.tileOverlap)) {
    const img = tile.w === w && tile.h === h ? scaled : cropImage(scaled, tile.x, tile.y, tile.w, tile.h);
    for (const box of await detectTile(session, img, opts.db)) {
      const cx = box.rect.cx + tile.x;
      const cy = box.rect.cy + tile.y;
      // Keep a box in the one tile whose core holds its centre: it lies wholly inside that tile.
      if (cx < tile.coreX0 || cx >= tile.coreX1 || cy < tile.coreY0 || cy >= tile.coreY1) continue;
      rects.push(scaleRect({ ...box.rect, cx, cy }, sx, sy));
    }
  }
  return rects;
}

export interface Tile {
  x: number;
  y: number;
  w: number;
  h: number;
  coreX0: number;
  coreY0: number;
  coreX1: number;
  coreY1: number;
}

/** Overlapping tiles covering a w x h image; cores split each overlap down the middle. */
export function planTiles(w: number, h: number, size: number, overlap: number): Tile[] {
  const xs = spans(w, size, overlap);
  const ys = spans(h, size, overlap);
  const tiles: Tile[] = [];
  for (const [yi, y] of ys.entries()) {
    for (const [xi, x] of xs.entries()) {
      tiles.push({
        x: x.start,
        y: y.start,
        w: x.len,
        h: y.len,
        coreX0: xi === 0 ? -Infinity : (x.start + xs[xi - 1].start + xs[xi - 1].len) / 2,
        coreX1: xi === xs.length - 1 ? Infinity : (xs[xi + 1].start + x.start + x.len) / 2,
        coreY0: yi === 0 ? -Infinity : (y.start + ys[yi - 1].start + ys[yi - 1].len) / 2,
        coreY1: yi === ys.length - 1 ? Infinity : (ys[yi + 1].start + y.start + y.len) / 2,
      });
    }
  }
  return tiles;
}

function spans(total: number, size: number, overlap: number): { start: number; len: number }[] {
  if (total <= size) return [{ start: 0, len: total }];
  const count = Math.ceil((total - overlap) / (size - overlap));
  const len = Math.ceil((total + (count - 1) * overlap) / count);
  const out: { start: number; len: number }[] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.min(i * (len - overlap), total - len);
    out.push({ start, len });
  }
  return out;
}

async function detectTile(session: InferenceSession, img: RgbImage, db: DbOptions) {
  // The network downsamples by 32: pad (not stretch) to the next multiple.
  const W = Math.ceil(img.width / 32) * 32;
  const H = Math.ceil(img.height / 32) * 32;
  const plane = W * H;
  // Padding stays 0, the dataset mean: neither paper nor ink.
  const data = new Float32Array(3 * plane);
  const src = img.data;
  const [lutB, lutG, lutR] = DET_LUTS;
  for (let y = 0; y < img.height; y++) {
    let s = y * img.width * 3;
    let d = y * W;
    for (let x = 0; x < img.width; x++, s += 3, d++) {
      // RGB in, BGR planes out.
      data[d] = lutB[src[s + 2]];
      data[plane + d] = lutG[src[s + 1]];
      data[2 * plane + d] = lutR[src[s]];
    }
  }
  const out = await session.run({ data, dims: [1, 3, H, W] });
  const mapW = out.dims[3];
  const mapH = out.dims[2];
  const boxes = dbPostprocess({ width: mapW, height: mapH, data: out.data }, db);
  // Boxes beyond the padded area are impossible (padding is background), no clipping needed.
  return boxes;
}

function scaleRect(r: RotatedRect, sx: number, sy: number): RotatedRect {
  if (sx === 1 && sy === 1) return r;
  // Scales are equal up to rounding; apply the mean to sizes and each to the centre.
  const s = (sx + sy) / 2;
  return { ...r, cx: r.cx * sx, cy: r.cy * sy, width: r.width * s, height: r.height * s };
}
