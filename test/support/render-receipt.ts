/**
 * Receipt-like test images made from text with sharp (SVG rendered by librsvg, DejaVu Sans):
 * black text on white, one line per row. Everything here is generated; no third-party documents.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { RgbImage } from '../../engine/src/contracts/raster.js';

export const FONT_FAMILY = 'DejaVu Sans, sans-serif';

/** A short receipt: four lines of distinct text. */
export const RECEIPT_LINES = ['CORNER STORE 42', 'TOTAL 12.50', 'CASH 20.00', 'THANK YOU'] as const;

export interface ReceiptLayout {
  width: number;
  height: number;
  /** Font size in px. */
  fontSize?: number;
  /** Left edge of the text. */
  x?: number;
  /** Baseline of the first line. */
  firstBaseline?: number;
  /** Distance between baselines. */
  lineStep?: number;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** SVG of text lines, one per row, left-aligned. */
export function receiptSvg(lines: readonly string[], layout: ReceiptLayout): string {
  const fontSize = layout.fontSize ?? 30;
  const x = layout.x ?? 40;
  const first = layout.firstBaseline ?? 70;
  const step = layout.lineStep ?? 80;
  const rows = lines
    .map((text, i) => `<text x="${x}" y="${first + i * step}" xml:space="preserve">${escapeXml(text)}</text>`)
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}">
<rect width="100%" height="100%" fill="#ffffff"/>
<g fill="#000000" font-family="${FONT_FAMILY}" font-size="${fontSize}">${rows}</g>
</svg>`;
}

/** Raw RGB pixels of a sharp pipeline. */
export async function toRgbImage(image: sharp.Sharp): Promise<RgbImage> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Render text lines as an RGB image. */
export function renderReceipt(lines: readonly string[], layout: ReceiptLayout): Promise<RgbImage> {
  return toRgbImage(sharp(Buffer.from(receiptSvg(lines, layout))));
}

/** The sharp pipeline of an RGB image, for re-encoding or rotating it. */
export function fromRgbImage(img: RgbImage): sharp.Sharp {
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
    raw: { width: img.width, height: img.height, channels: 3 },
  });
}

/** Rotate clockwise by a quarter-turn multiple (sharp's convention). */
export function rotateRgb(img: RgbImage, degrees: 90 | 180 | 270): Promise<RgbImage> {
  return toRgbImage(fromRgbImage(img).rotate(degrees));
}

/** PNG bytes of text lines. */
export async function receiptPng(lines: readonly string[], layout: ReceiptLayout): Promise<Buffer> {
  return sharp(Buffer.from(receiptSvg(lines, layout))).flatten({ background: '#ffffff' }).png().toBuffer();
}

/** JPEG bytes of text lines. */
export async function receiptJpeg(lines: readonly string[], layout: ReceiptLayout): Promise<Buffer> {
  return sharp(Buffer.from(receiptSvg(lines, layout))).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
}

/** A fresh temporary folder. */
export function makeTempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/** Write bytes to `dir/name` and return the path. */
export function writeTempFile(dir: string, name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** Comparison form of a text line: upper case, no white space. */
export const normalizeText = (s: string) => s.toUpperCase().replace(/\s+/g, '');

/** Deterministic pseudo-random bytes (mulberry32), so failures reproduce. */
export function pseudoRandomBytes(length: number, seed = 1): Uint8Array {
  const out = new Uint8Array(length);
  let a = seed >>> 0;
  for (let i = 0; i < length; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 0xff;
  }
  return out;
}

/** Deterministic floats in [lo, hi). */
export function pseudoRandomFloats(length: number, seed = 1, lo = -1, hi = 1): Float32Array {
  const bytes = pseudoRandomBytes(length * 2, seed);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = lo + ((bytes[2 * i] * 256 + bytes[2 * i + 1]) / 65536) * (hi - lo);
  return out;
}
