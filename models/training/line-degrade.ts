/**
 * What happens to a printed line between the printer and the recogniser, applied to a clean
 * rendering: thermal fade and streaks from a worn print head, dot-matrix print, paper curl and a
 * slightly tilted camera (a remap), noise, blur, low resolution and JPEG. Each effect is drawn at
 * random per line; the mix is what the Latin recogniser trains on (render-latin-lines.ts).
 */
import sharp from 'sharp';
import type { Random } from './latin-line-texts.js';

/** An 8-bit grey image, row after row. */
export interface Grey {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Ink strength per column: a fade across the line and a few pale streaks where the head is worn. */
function fadeAndStreaks(img: Grey, random: Random): void {
  const gain = new Float32Array(img.width).fill(1);
  if (random() < 0.3) {
    const from = 0.45 + random() * 0.5;
    const to = 0.45 + random() * 0.5;
    for (let x = 0; x < img.width; x++) gain[x] = from + ((to - from) * x) / img.width;
  }
  if (random() < 0.25) {
    const streaks = 1 + Math.floor(random() * 4);
    for (let s = 0; s < streaks; s++) {
      const x0 = Math.floor(random() * img.width);
      const w = 1 + Math.floor(random() * 3);
      const keep = 0.1 + random() * 0.5;
      for (let x = x0; x < Math.min(img.width, x0 + w); x++) gain[x] *= keep;
    }
  }
  const paper = 255;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const i = y * img.width + x;
      img.data[i] = Math.round(paper - (paper - img.data[i]) * gain[x]);
    }
  }
}

/** Dot-matrix print: ink only where the head's pins strike, a grid of round dots. */
function dotMatrix(img: Grey, random: Random): void {
  const pitch = Math.max(2, Math.round(img.height / (9 + random() * 5)));
  const radius = pitch * (0.45 + random() * 0.2);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const dx = (x % pitch) - pitch / 2;
      const dy = (y % pitch) - pitch / 2;
      if (dx * dx + dy * dy > radius * radius) img.data[y * img.width + x] = 255;
    }
  }
}

/**
 * Paper curl (a vertical wave), a camera's keystone (height changing across the line) and slant,
 * as one bilinear remap onto a canvas a little taller than the line.
 */
function remap(img: Grey, random: Random): Grey {
  const amp = random() < 0.4 ? img.height * (0.02 + random() * 0.08) : 0;
  const period = img.width * (0.6 + random() * 1.5);
  const phase = random() * Math.PI * 2;
  const keystone = random() < 0.4 ? (random() - 0.5) * 0.24 : 0;
  const slant = random() < 0.3 ? (random() - 0.5) * 0.3 : 0;
  const out = new Uint8Array(img.width * img.height).fill(255);
  const cy = img.height / 2;
  for (let x = 0; x < img.width; x++) {
    const scale = 1 + keystone * (x / img.width - 0.5);
    const shift = amp * Math.sin((2 * Math.PI * x) / period + phase);
    for (let y = 0; y < img.height; y++) {
      const sy = cy + (y - cy - shift) / scale;
      const sx = x + (y - cy) * slant;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= img.width || y0 + 1 >= img.height) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const p = (xx: number, yy: number) => img.data[yy * img.width + xx];
      const top = p(x0, y0) * (1 - fx) + p(x0 + 1, y0) * fx;
      const bottom = p(x0, y0 + 1) * (1 - fx) + p(x0 + 1, y0 + 1) * fx;
      out[y * img.width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width: img.width, height: img.height, data: out };
}

/** Paper and ink levels (faint print on grey paper), then sensor noise. */
function levelsAndNoise(img: Grey, random: Random): void {
  const ink = random() < 0.3 ? 60 + random() * 100 : random() * 60;
  const paper = Math.min(255, Math.max(ink + 70, 150 + random() * 105));
  const sigma = random() < 0.5 ? random() * 14 : 0;
  for (let i = 0; i < img.data.length; i++) {
    const t = img.data[i] / 255;
    let v = ink + (paper - ink) * t;
    if (sigma > 0) v += sigma * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    img.data[i] = Math.max(0, Math.min(255, Math.round(v)));
  }
}

/**
 * All effects on a clean black-on-white line; resolution, blur and JPEG last, as a camera would.
 * `dotMatrixShare`: how many lines are printed as dots (till text from dot-matrix printers).
 */
export async function degradeLine(clean: Grey, random: Random, dotMatrixShare = 0.1): Promise<Grey> {
  let img: Grey = { ...clean, data: Uint8Array.from(clean.data) };
  if (random() < dotMatrixShare) dotMatrix(img, random);
  fadeAndStreaks(img, random);
  if (random() < 0.6) img = remap(img, random);
  levelsAndNoise(img, random);
  const raw = (g: Grey) => sharp(Buffer.from(g.data), { raw: { width: g.width, height: g.height, channels: 1 } });
  if (random() < 0.2) {
    // Low resolution: a line 9 to 16 px tall, brought back up.
    const h = 9 + Math.floor(random() * 8);
    const w = Math.max(8, Math.round((img.width * h) / img.height));
    const small = await greyOf(raw(img).resize(w, h, { fit: 'fill' }));
    img = await greyOf(raw(small).resize(img.width, img.height, { fit: 'fill' }));
  }
  if (random() < 0.4) img = await greyOf(raw(img).blur(0.3 + random() * 1.2));
  if (random() < 0.3) img = await greyOf(sharp(await raw(img).jpeg({ quality: 15 + Math.floor(random() * 50) }).toBuffer()));
  return img;
}

/** A pipeline's result as one grey channel, whatever channel count sharp chose to write. */
export async function greyOf(pipeline: sharp.Sharp): Promise<Grey> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(info.width * info.height);
  for (let p = 0; p < out.length; p++) out[p] = data[p * info.channels];
  return { width: info.width, height: info.height, data: out };
}
