import type { RgbImage } from '../contracts/raster.js';

/** Four corners, clockwise from top-left of the text as read: [tl, tr, br, bl]. */
export type Quad = [Point, Point, Point, Point];
export interface Point {
  x: number;
  y: number;
}

export function rotateImage(img: RgbImage, degrees: 0 | 90 | 180 | 270): RgbImage {
  if (degrees === 0) return img;
  const { width: w, height: h, data } = img;
  const outW = degrees === 180 ? w : h;
  const outH = degrees === 180 ? h : w;
  const out = new Uint8Array(outW * outH * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let nx: number;
      let ny: number;
      if (degrees === 90) {
        nx = h - 1 - y;
        ny = x;
      } else if (degrees === 180) {
        nx = w - 1 - x;
        ny = h - 1 - y;
      } else {
        nx = y;
        ny = w - 1 - x;
      }
      const s = (y * w + x) * 3;
      const d = (ny * outW + nx) * 3;
      out[d] = data[s];
      out[d + 1] = data[s + 1];
      out[d + 2] = data[s + 2];
    }
  }
  return { width: outW, height: outH, data: out };
}

/** Where a point of the original image lands after rotateImage(img, degrees). */
export function rotatePoint(p: Point, w: number, h: number, degrees: 0 | 90 | 180 | 270): Point {
  switch (degrees) {
    case 0:
      return p;
    case 90:
      return { x: h - p.y, y: p.x };
    case 180:
      return { x: w - p.x, y: h - p.y };
    case 270:
      return { x: p.y, y: w - p.x };
  }
}

/** Box-filter shrink by an integer factor: keeps thin strokes that bilinear sampling would skip. */
function shrinkByFactor(img: RgbImage, k: number): RgbImage {
  const outW = Math.max(1, Math.floor(img.width / k));
  const outH = Math.max(1, Math.floor(img.height / k));
  const out = new Uint8Array(outW * outH * 3);
  const sums = new Uint32Array(outW * 3);
  const area = k * k;
  for (let oy = 0; oy < outH; oy++) {
    sums.fill(0);
    for (let dy = 0; dy < k; dy++) {
      const row = (oy * k + dy) * img.width * 3;
      for (let ox = 0; ox < outW; ox++) {
        let s = row + ox * k * 3;
        const o = ox * 3;
        for (let dx = 0; dx < k; dx++, s += 3) {
          sums[o] += img.data[s];
          sums[o + 1] += img.data[s + 1];
          sums[o + 2] += img.data[s + 2];
        }
      }
    }
    const base = oy * outW * 3;
    for (let i = 0; i < outW * 3; i++) out[base + i] = Math.round(sums[i] / area);
  }
  return { width: outW, height: outH, data: out };
}

/** Resize to an exact size; large reductions go through an area shrink first. */
export function resizeImage(img: RgbImage, outW: number, outH: number): RgbImage {
  const k = Math.floor(Math.min(img.width / outW, img.height / outH));
  const src = k >= 2 ? shrinkByFactor(img, k) : img;
  if (src.width === outW && src.height === outH) return src;
  const sx = src.width / outW;
  const sy = src.height / outH;
  return warpAffine(src, outW, outH, [sx, 0, 0.5 * sx - 0.5, 0, sy, 0.5 * sy - 0.5]);
}

/** Copy a window of the image; parts outside the image repeat its edge pixels. */
export function cropImage(img: RgbImage, x0: number, y0: number, w: number, h: number): RgbImage {
  const out = new Uint8Array(w * h * 3);
  const inside = x0 >= 0 && x0 + w <= img.width;
  for (let y = 0; y < h; y++) {
    const sy = Math.min(img.height - 1, Math.max(0, y0 + y));
    const row = sy * img.width;
    if (inside) {
      out.set(img.data.subarray((row + x0) * 3, (row + x0 + w) * 3), y * w * 3);
      continue;
    }
    for (let x = 0; x < w; x++) {
      const s = (row + Math.min(img.width - 1, Math.max(0, x0 + x))) * 3;
      const d = (y * w + x) * 3;
      out[d] = img.data[s];
      out[d + 1] = img.data[s + 1];
      out[d + 2] = img.data[s + 2];
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Sample the parallelogram spanned by quad[0] -> quad[1] (width) and quad[0] -> quad[3] (height)
 * into an upright outW x outH image, so a slanted text line comes out horizontal.
 */
export function warpQuad(img: RgbImage, quad: Quad, outW: number, outH: number): RgbImage {
  const [tl, tr, , bl] = quad;
  const ux = (tr.x - tl.x) / outW;
  const uy = (tr.y - tl.y) / outW;
  const vx = (bl.x - tl.x) / outH;
  const vy = (bl.y - tl.y) / outH;
  // Sample at pixel centres: source = tl + (x + 0.5) * u + (y + 0.5) * v, in pixel-centre coordinates.
  const cx = tl.x + 0.5 * (ux + vx) - 0.5;
  const cy = tl.y + 0.5 * (uy + vy) - 0.5;
  return warpAffine(img, outW, outH, [ux, vx, cx, uy, vy, cy]);
}

/**
 * Bilinear sampling through the affine map source = (a*x + b*y + c, d*x + e*y + f) from each
 * destination pixel; points outside the source repeat its edge. Hot path of detection resizing
 * and line cropping, so line crops inside the page (nearly all) get a loop without per-pixel
 * clamping.
 */
function warpAffine(
  img: RgbImage,
  outW: number,
  outH: number,
  m: [number, number, number, number, number, number],
): RgbImage {
  const out = new Uint8Array(outW * outH * 3);
  if (insideInterior(img, outW, outH, m)) warpInterior(img, out, outW, outH, m);
  else warpClamped(img, out, outW, outH, m);
  return { width: outW, height: outH, data: out };
}

/** Whether every sample and its right and lower neighbours lie inside the image (corners suffice: the map is affine). */
function insideInterior(img: RgbImage, outW: number, outH: number, [a, b, c, d, e, f]: number[]): boolean {
  for (const [x, y] of [[0, 0], [outW - 1, 0], [0, outH - 1], [outW - 1, outH - 1]]) {
    const fx = a * x + b * y + c;
    const fy = d * x + e * y + f;
    if (!(fx >= 0 && fy >= 0 && fx < img.width - 1 && fy < img.height - 1)) return false;
  }
  return true;
}

/** General affine map whose samples all fall inside the image: no edge handling per pixel. */
function warpInterior(img: RgbImage, out: Uint8Array, outW: number, outH: number, [a, b, c, d, e, f]: number[]) {
  const { width: w, data } = img;
  const stride = w * 3;
  let o = 0;
  for (let y = 0; y < outH; y++) {
    let fx = b * y + c;
    let fy = e * y + f;
    for (let x = 0; x < outW; x++, fx += a, fy += d) {
      const x0 = fx | 0;
      const y0 = fy | 0;
      const ax = fx - x0;
      const ay = fy - y0;
      const bx = 1 - ax;
      const p = (y0 * w + x0) * 3;
      const r = p + stride;
      const t0 = data[p] * bx + data[p + 3] * ax;
      const t1 = data[p + 1] * bx + data[p + 4] * ax;
      const t2 = data[p + 2] * bx + data[p + 5] * ax;
      const u0 = data[r] * bx + data[r + 3] * ax;
      const u1 = data[r + 1] * bx + data[r + 4] * ax;
      const u2 = data[r + 2] * bx + data[r + 5] * ax;
      out[o++] = (t0 + (u0 - t0) * ay + 0.5) | 0;
      out[o++] = (t1 + (u1 - t1) * ay + 0.5) | 0;
      out[o++] = (t2 + (u2 - t2) * ay + 0.5) | 0;
    }
  }
}

/** General affine map; samples outside the image repeat its edge. */
function warpClamped(img: RgbImage, out: Uint8Array, outW: number, outH: number, [a, b, c, d, e, f]: number[]) {
  const { width: w, height: h, data } = img;
  const maxX = w - 1;
  const maxY = h - 1;
  let o = 0;
  for (let y = 0; y < outH; y++) {
    let fx = b * y + c;
    let fy = e * y + f;
    for (let x = 0; x < outW; x++, fx += a, fy += d) {
      const cx = fx < 0 ? 0 : fx > maxX ? maxX : fx;
      const cy = fy < 0 ? 0 : fy > maxY ? maxY : fy;
      const x0 = cx | 0;
      const y0 = cy | 0;
      const ax = cx - x0;
      const ay = cy - y0;
      const i00 = (y0 * w + x0) * 3;
      const i01 = x0 < maxX ? i00 + 3 : i00;
      const i10 = y0 < maxY ? i00 + w * 3 : i00;
      const i11 = x0 < maxX ? i10 + 3 : i10;
      const w00 = (1 - ax) * (1 - ay);
      const w01 = ax * (1 - ay);
      const w10 = (1 - ax) * ay;
      const w11 = ax * ay;
      out[o++] = (data[i00] * w00 + data[i01] * w01 + data[i10] * w10 + data[i11] * w11 + 0.5) | 0;
      out[o++] = (data[i00 + 1] * w00 + data[i01 + 1] * w01 + data[i10 + 1] * w10 + data[i11 + 1] * w11 + 0.5) | 0;
      out[o++] = (data[i00 + 2] * w00 + data[i01 + 2] * w01 + data[i10 + 2] * w10 + data[i11 + 2] * w11 + 0.5) | 0;
    }
  }
}

/**
 * Stretch intensities so the darkest `clip` share of pixels maps to black and the lightest to
 * white. Faded thermal print keeps its thin strokes (colons, commas) this way.
 */
export function autoContrast(img: RgbImage, clip = 0.01): RgbImage {
  const levels = contrastLevels(img, clip);
  if (!levels) return img;
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = levels[img.data[i]];
  return { width: img.width, height: img.height, data: out };
}

/** autoContrast on an image the caller owns, without a copy (line crops fresh from warpQuad). */
export function autoContrastInPlace(img: RgbImage, clip = 0.01): RgbImage {
  const levels = contrastLevels(img, clip);
  if (levels) for (let i = 0; i < img.data.length; i++) img.data[i] = levels[img.data[i]];
  return img;
}

/** The byte mapping of autoContrast, or null when the image needs none. */
function contrastLevels(img: RgbImage, clip: number): Uint8Array | null {
  if (clip <= 0) return null;
  const n = img.width * img.height;
  const hist = new Uint32Array(256);
  const d = img.data;
  for (let i = 0, s = 0; i < n; i++, s += 3) hist[(d[s] * 77 + d[s + 1] * 150 + d[s + 2] * 29) >> 8]++;
  const cut = Math.floor(n * clip);
  let lo = 0;
  for (let acc = 0; lo < 255 && acc + hist[lo] <= cut; lo++) acc += hist[lo];
  let hi = 255;
  for (let acc = 0; hi > 0 && acc + hist[hi] <= cut; hi--) acc += hist[hi];
  if (hi - lo < 16 || (lo === 0 && hi === 255)) return null;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  return lut;
}
