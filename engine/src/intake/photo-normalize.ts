// Phone photos of receipts, before OCR. One step is kept: uneven light evened out. Finding the
// document's outline and straightening it, and levelling small slopes, were measured too and
// lost lines on WildReceipt (docs/ocr.md, "Photos").
import type { RgbImage } from '../contracts/raster.js';

/** Which photo steps run; each can be switched on its own (PageReadOptions.photo). */
export interface PhotoSteps {
  /** Divide by an estimate of the bare paper's brightness, so shadows and uneven light even out. */
  lighting: boolean;
}

export const NO_PHOTO_STEPS: PhotoSteps = { lighting: false };

/** True when any step is on (settings from before the steps existed have none). */
export const anyPhotoStep = (steps: PhotoSteps | undefined): steps is PhotoSteps => !!steps?.lighting;

/** A photo's steps in order. No step moves a pixel, so boxes read from the result refer to the photo as sent. */
export function normalizePhoto(image: RgbImage, steps: PhotoSteps): RgbImage {
  return steps.lighting ? evenLighting(image) : image;
}

/** The paper's brightness is estimated at this size (long side): light changes slowly across a page. */
const LIGHT_WORK_SIDE = 320;
/** A max filter this wide (at the work size) takes the dark print out of the estimate. */
const LIGHT_TEXT_KERNEL = 11;
/** Then a Gaussian of this sigma (work pixels) smooths the estimate. */
const LIGHT_BLUR_SIGMA = 2;
/**
 * Pictures whose background varies less than this (0 to 255, 95th less 5th percentile) are left
 * alone: evenly lit pages, scans above all (196 of the 200 SROIE scans vary less, 128 of the 158
 * WildReceipt photos more; evening out the SROIE scans cost lines).
 */
const MIN_LIGHT_SPREAD = 50;
/** Pictures smaller than this on a side are left alone: too few pixels to tell print from light. */
const MIN_SIDE_PX = 32;

/**
 * Uneven light evened out: each channel divided by an estimate of the bare paper's brightness
 * there (the picture shrunk to 320 px, its print removed by an 11 px max filter, blurred, and
 * scaled back up bilinearly). Paper comes out white wherever it lay in shadow or under a colour
 * cast; print keeps its contrast to the paper around it. Where the estimate is black, so is the
 * result. A picture whose background hardly varies (a scan, an evenly lit photo) is returned as
 * it is.
 */
export function evenLighting(image: RgbImage): RgbImage {
  const { width, height } = image;
  if (Math.min(width, height) < MIN_SIDE_PX) return image;
  const scale = Math.min(1, LIGHT_WORK_SIDE / Math.max(width, height));
  const sw = Math.max(1, Math.round(width * scale));
  const sh = Math.max(1, Math.round(height * scale));
  const background = paperBackground(image, sw, sh);
  if (backgroundSpread(background) < MIN_LIGHT_SPREAD) return image;
  return divideByBackground(image, background, sw, sh);
}

/** The bare paper's brightness on an sw x sh grid: the picture shrunk, its print taken out by a max filter, blurred. */
function paperBackground(image: RgbImage, sw: number, sh: number): Float32Array {
  const shrunk = shrinkByArea(image, sw, sh);
  const bare = separable(shrunk, sw, sh, (line, out) => maxFilter(line, out, LIGHT_TEXT_KERNEL >> 1));
  const kernel = gaussianKernel(LIGHT_BLUR_SIGMA);
  return separable(bare, sw, sh, (line, out) => convolve(line, out, kernel));
}

/** The spread (95th less 5th percentile) of the background's grey level over the grid. */
function backgroundSpread(background: Float32Array): number {
  const grey = new Float32Array(background.length / 3);
  for (let i = 0; i < grey.length; i++) grey[i] = (background[i * 3] + background[i * 3 + 1] + background[i * 3 + 2]) / 3;
  grey.sort();
  const at = (q: number) => grey[Math.min(grey.length - 1, Math.floor(q * grey.length))];
  return at(0.95) - at(0.05);
}

/** Mean of the source pixels falling into each cell of an sw x sh grid, per channel (Float32, 3 a cell). */
function shrinkByArea(image: RgbImage, sw: number, sh: number): Float32Array {
  const { width, height, data } = image;
  const sums = new Float32Array(sw * sh * 3);
  const counts = new Uint32Array(sw * sh);
  const cellX = Int32Array.from({ length: width }, (_, x) => Math.min(sw - 1, Math.floor((x * sw) / width)));
  for (let y = 0; y < height; y++) {
    const row = Math.min(sh - 1, Math.floor((y * sh) / height)) * sw;
    for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
      const cell = row + cellX[x];
      sums[cell * 3] += data[i];
      sums[cell * 3 + 1] += data[i + 1];
      sums[cell * 3 + 2] += data[i + 2];
      counts[cell]++;
    }
  }
  for (let cell = 0; cell < counts.length; cell++) {
    const n = counts[cell] || 1;
    sums[cell * 3] /= n;
    sums[cell * 3 + 1] /= n;
    sums[cell * 3 + 2] /= n;
  }
  return sums;
}

/** A 1-D filter applied along rows, then along columns, of each channel of a 3-channel grid. */
function separable(grid: Float32Array, w: number, h: number, filter: (line: Float32Array, out: Float32Array) => void): Float32Array {
  const out = new Float32Array(grid.length);
  const line = new Float32Array(Math.max(w, h));
  const done = new Float32Array(Math.max(w, h));
  // Each line of `count` cells, `step` grid cells apart, starting at `start(k)` for k < lines.
  const pass = (src: Float32Array, lines: number, count: number, start: (k: number) => number, step: number) => {
    const l = line.subarray(0, count);
    const o = done.subarray(0, count);
    for (let c = 0; c < 3; c++) {
      for (let k = 0; k < lines; k++) {
        const at = start(k) * 3 + c;
        for (let i = 0; i < count; i++) l[i] = src[at + i * step * 3];
        filter(l, o);
        for (let i = 0; i < count; i++) out[at + i * step * 3] = o[i];
      }
    }
  };
  pass(grid, h, w, (y) => y * w, 1); // rows
  pass(out, w, h, (x) => x, w); // columns, in place on the rows' result
  return out;
}

/** Largest value within `radius` of each position (the line's ends are not extended past). */
function maxFilter(line: Float32Array, out: Float32Array, radius: number): void {
  const last = line.length - 1;
  for (let i = 0; i <= last; i++) {
    let m = line[i];
    const to = Math.min(last, i + radius);
    for (let j = Math.max(0, i - radius); j <= to; j++) if (line[j] > m) m = line[j];
    out[i] = m;
  }
}

function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.ceil(2.5 * sigma);
  const k = Float32Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((s, v) => s + v, 0);
  return k.map((v) => v / sum);
}

/** Convolution with a symmetric kernel; the line's ends are repeated outward. */
function convolve(line: Float32Array, out: Float32Array, kernel: Float32Array): void {
  const radius = kernel.length >> 1;
  const last = line.length - 1;
  for (let i = 0; i <= last; i++) {
    let s = 0;
    for (let k = -radius; k <= radius; k++) {
      const j = i + k;
      s += kernel[k + radius] * line[j < 0 ? 0 : j > last ? last : j];
    }
    out[i] = s;
  }
}

/**
 * 255 * pixel / background, per channel: the gain 255 / background is worked out on the small
 * grid (0 where the background is black), scaled up bilinearly (pixel centres aligned) one output
 * row at a time, and applied with rounding and clamping to 0..255.
 */
function divideByBackground(image: RgbImage, background: Float32Array, sw: number, sh: number): RgbImage {
  const { width, height, data } = image;
  const gain = background.map((bg) => (bg < 1 ? 0 : 255 / bg));
  const out = new Uint8ClampedArray(data.length);
  const a = new Int32Array(width);
  const b = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const s = Math.min(sw - 1, Math.max(0, ((x + 0.5) * sw) / width - 0.5));
    const x0 = Math.floor(s);
    a[x] = x0 * 3;
    b[x] = Math.min(sw - 1, x0 + 1) * 3;
    fx[x] = s - x0;
  }
  const small = new Float32Array(sw * 3);
  const row = new Float32Array(width * 3);
  for (let y = 0; y < height; y++) {
    const s = Math.min(sh - 1, Math.max(0, ((y + 0.5) * sh) / height - 0.5));
    const y0 = Math.floor(s);
    const fy = s - y0;
    const top = y0 * sw * 3;
    const bottom = Math.min(sh - 1, y0 + 1) * sw * 3;
    for (let i = 0; i < sw * 3; i++) small[i] = gain[top + i] + (gain[bottom + i] - gain[top + i]) * fy;
    for (let x = 0, i = 0; x < width; x++, i += 3) {
      const f = fx[x];
      const p = a[x];
      const q = b[x];
      row[i] = small[p] + (small[q] - small[p]) * f;
      row[i + 1] = small[p + 1] + (small[q + 1] - small[p + 1]) * f;
      row[i + 2] = small[p + 2] + (small[q + 2] - small[p + 2]) * f;
    }
    const base = y * width * 3;
    for (let i = 0; i < width * 3; i++) out[base + i] = data[base + i] * row[i];
  }
  return { width, height, data: new Uint8Array(out.buffer) };
}
