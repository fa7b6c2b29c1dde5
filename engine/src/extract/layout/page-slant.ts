import type { OcrLine } from '../../contracts/ocr.js';

/**
 * The slope of a photographed page's rows, line by line. A photo taken a few degrees off turns
 * every printed row, so a value printed at the right edge sits lower (or higher) than its label at
 * the left, by up to a row (`SUBTOTAL` beside the tax line's `58.22`); a curled receipt turns its
 * rows by different amounts from top to bottom. Returned per line as the drop in page heights per
 * page width (box fractions), 0 where the page reads level.
 *
 * The slope is the one that lines up the most lines with a line to their left. For each line the
 * candidate slopes are scored over the lines within a few rows of it (the whole page's slope where
 * too few are near), and one is taken only where it lines up at least MIN_GAIN more lines than
 * the level reading, or as many where the words on those lines tilt by as much: evenly spaced
 * rows line up as well one row off as on their own slope, and among equals the slope nearest the
 * words' tilt wins (else the level one). The words' tilt alone is not the slope: the detector's
 * boxes tilt by more than the rows do on many photos.
 * The image itself is not turned (docs/ocr.md: deskewing the pixels lost lines); rows.ts
 * compares lines along these slopes instead.
 */
export function lineSlants(lines: readonly OcrLine[], width: number, height: number): number[] {
  const n = lines.length;
  const level = lines.map(() => 0);
  // A long PDF page is level and has thousands of lines: the search is for photos and scans.
  if (n < 4 || n > MAX_LINES) return level;
  const aspect = width > 0 && height > 0 ? width / height : 1;
  const mid = lines.map((l) => l.bounding_box.y + l.bounding_box.height / 2);
  const across = lines.map((l) => l.bounding_box.x + l.bounding_box.width / 2);
  const heights = lines.map((l) => l.bounding_box.height).sort((a, b) => a - b);
  const window = WINDOW * heights[n >> 1];
  const slopes = SLOPES.map((s) => s * aspect);
  // lined[k][b]: line b has a line to its left within TOLERANCE of its own height along slope k.
  const lined = slopes.map((s) => lines.map((b, j) => lines.some((a, i) => i !== j && across[i] + MIN_ACROSS < across[j] && !overlapsAcross(a, b) && Math.abs(mid[j] - mid[i] - s * (across[j] - across[i])) <= TOLERANCE * levelHeight(b, s))));
  const flat = SLOPES.indexOf(0);
  const tilts = lines.map((l, i) => ({ mid: mid[i], tilt: wordTilt(l, aspect) })).filter((t): t is { mid: number; tilt: number } => t.tilt !== null);

  /** The slope (an index of `slopes`) that lines up most of the lines `near` (indices), or null where nothing says the page is turned. */
  const choose = (near: readonly number[], nearTilts: number[]): number | null => {
    const count = (k: number) => near.filter((j) => lined[k][j]).length;
    nearTilts.sort((a, b) => a - b);
    const prior = nearTilts.length >= MIN_TILTS ? nearTilts[nearTilts.length >> 1] * aspect : 0;
    let best = flat;
    let bestCount = count(flat);
    for (let k = 0; k < slopes.length; k++) {
      const c = count(k);
      if (c > bestCount || (c === bestCount && Math.abs(slopes[k] - prior) < Math.abs(slopes[best] - prior))) {
        best = k;
        bestCount = c;
      }
    }
    // Where the words tilt the same way, lining up as many lines as the level reading is enough.
    const backed = nearTilts.length >= MIN_TILTS && Math.abs(prior) >= MIN_TILT * aspect && Math.abs(slopes[best] - prior) <= AGREE * aspect;
    return bestCount - count(flat) >= MIN_GAIN || (backed && bestCount > 0) ? best : null;
  };

  const all = lines.map((_, j) => j);
  const whole = choose(all, tilts.map((t) => t.tilt));
  return lines.map((_, i) => {
    const near = all.filter((j) => Math.abs(mid[j] - mid[i]) <= window);
    const local = choose(near, tilts.filter((t) => Math.abs(t.mid - mid[i]) <= window).map((t) => t.tilt));
    if (local !== null) return slopes[local];
    // Too few lines near it to tell (the top or bottom of a receipt): the whole page's slope,
    // where it lines up as many of them as the level reading does.
    const count = (k: number) => near.filter((j) => lined[k][j]).length;
    return whole !== null && count(whole) >= count(flat) ? slopes[whole] : 0;
  });
}

/** Least-squares slope of a line's word centres in pixels (dy/dx); null with fewer than two words or too short a spread. */
function wordTilt(line: OcrLine, aspect: number): number | null {
  const words = line.words ?? [];
  if (words.length < 2) return null;
  // Pixels in units of the page height: x scaled by the aspect ratio.
  const xs = words.map((w) => (w.bounding_box.x + w.bounding_box.width / 2) * aspect);
  const ys = words.map((w) => w.bounding_box.y + w.bounding_box.height / 2);
  const tallest = Math.max(...words.map((w) => w.bounding_box.height));
  if (Math.max(...xs) - Math.min(...xs) < MIN_SPREAD * tallest) return null;
  const mx = xs.reduce((a, x) => a + x, 0) / xs.length;
  const my = ys.reduce((a, y) => a + y, 0) / ys.length;
  let sxx = 0;
  let sxy = 0;
  for (let k = 0; k < xs.length; k++) {
    sxx += (xs[k] - mx) ** 2;
    sxy += (xs[k] - mx) * (ys[k] - my);
  }
  return sxx > 0 ? sxy / sxx : null;
}

/** Candidate slopes in pixels down per pixel across: level, and up to about 7 degrees either way in steps of a quarter. */
const SLOPES = Array.from({ length: 49 }, (_, k) => Math.round((k - 24) * 0.005 * 1000) / 1000);
/** Lines lined up beyond those of the level reading before a slope is taken. */
const MIN_GAIN = 2;
/** How far up and down (in median line heights) the lines a slope is scored on reach. */
const WINDOW = 6;
/** A line lines up with another when their middles differ by at most this share of its own height. */
const TOLERANCE = 0.25;
/** Middles this far apart across (page widths) before one line counts as left of another. */
const MIN_ACROSS = 0.05;
/** About one degree, in pixels down per pixel across. */
const AGREE = 0.018;
/** Words tilted less than about a degree do not break ties: a scan's own slight turn reads well level. */
const MIN_TILT = 0.018;
/** Lines with measured word tilts near a line before their median breaks its ties. */
const MIN_TILTS = 3;
/** Word centres this many word heights apart across measure a tilt. */
const MIN_SPREAD = 2;
/** More lines than this on a page: not searched. */
const MAX_LINES = 400;

/** A tilted line's box is taller by the slope times its width; never count less than 40% of it. */
export function levelHeight(l: OcrLine, slant: number): number {
  return Math.max(l.bounding_box.height - Math.abs(slant) * l.bounding_box.width, 0.4 * l.bounding_box.height);
}

/** Two lines that share some of the page's width: never one row. */
export function overlapsAcross(a: OcrLine, b: OcrLine): boolean {
  return a.bounding_box.x < b.bounding_box.x + b.bounding_box.width && b.bounding_box.x < a.bounding_box.x + a.bounding_box.width;
}
