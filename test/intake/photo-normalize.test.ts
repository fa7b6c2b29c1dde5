// The photo step (engine/src/intake/photo-normalize.ts) on pictures made here: a shadow across a
// rendered receipt is evened out and the print keeps its contrast; evenly lit pages (a flat
// scan) come out as they went in; a receipt on a dark counter under uneven light is read whole, its boxes where its lines
// lie in the photo as sent; odd pictures do not throw; and only pages without a text layer are
// prepared.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrPage } from '../../engine/src/contracts/ocr.js';
import type { RgbImage } from '../../engine/src/contracts/raster.js';
import type { DocumentPage } from '../../engine/src/intake/document.js';
import { anyPhotoStep, evenLighting, normalizePhoto, NO_PHOTO_STEPS } from '../../engine/src/intake/photo-normalize.js';
import { readDocumentText } from '../../engine/src/ocr/document-reader.js';
import { DEFAULT_PAGE_READ_OPTIONS } from '../../engine/src/ocr/page-reader.js';
import { createOnnxNodeRuntime } from '../../engine/src/runtime/node/onnx-node-runtime.js';
import { loadOcrModels } from '../../models/src/load-ocr-models.js';
import { packageFileSource } from '../../models/src/node/package-file-source.js';
import { normalizeText, pseudoRandomBytes, renderReceipt, toRgbImage, type ReceiptLayout } from '../support/render-receipt.js';

const LINES = ['CORNER STORE 42', 'MAIN STREET 7', 'COFFEE 3.20', 'BAGEL 2.80', 'WATER 1.50', 'TOTAL 12.50', 'CASH 20.00', 'CHANGE 7.50', 'THANK YOU'];
const LAYOUT = { width: 440, height: 700, x: 30, firstBaseline: 60, lineStep: 72, fontSize: 28 } satisfies ReceiptLayout;
const LIGHTING = { ...NO_PHOTO_STEPS, lighting: true };

let paper: RgbImage;

beforeAll(async () => {
  paper = await renderReceipt(LINES, LAYOUT);
});

const grey = (img: RgbImage, i: number) => (img.data[i * 3] + img.data[i * 3 + 1] + img.data[i * 3 + 2]) / 3;

/** The picture lit from the left: each pixel times a factor falling from 1 at the left edge to `right` at the right. */
function shadeLeftToRight(img: RgbImage, right: number): RgbImage {
  const data = new Uint8Array(img.data.length);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const f = 1 - (1 - right) * (x / (img.width - 1));
      for (let c = 0; c < 3; c++) data[(y * img.width + x) * 3 + c] = Math.round(img.data[(y * img.width + x) * 3 + c] * f);
    }
  }
  return { ...img, data };
}

/**
 * Mean grey of `img` over columns [x0, x1) at the pixels that are paper (over 200) or ink (under
 * 100) in `truth`, a picture of the same page without the shadow.
 */
function meanOf(img: RgbImage, truth: RgbImage, x0: number, x1: number, kind: 'paper' | 'ink'): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = x0; x < x1; x++) {
      const t = grey(truth, y * img.width + x);
      if (kind === 'paper' ? t <= 200 : t >= 100) continue;
      sum += grey(img, y * img.width + x);
      n++;
    }
  }
  expect(n).toBeGreaterThan(0);
  return sum / n;
}

/** A dark, grainy counter (fixed seed, so every run sees the same photo) with the receipt laid on it at (left, top). */
async function onCounter(receipt: RgbImage, width: number, height: number, left: number, top: number): Promise<RgbImage> {
  const noise = pseudoRandomBytes(width * height, 11);
  const px = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const v = 45 + (noise[i] % 30);
    px.set([v + 8, v + 4, v], i * 3);
  }
  const counter = await sharp(px, { raw: { width, height, channels: 3 } }).blur(1.2).png().toBuffer();
  const paperPng = await sharp(Buffer.from(receipt.data), { raw: { width: receipt.width, height: receipt.height, channels: 3 } }).png().toBuffer();
  return toRgbImage(sharp(counter).composite([{ input: paperPng, left, top }]));
}

describe('evenLighting', () => {
  it('flattens a shadow falling across the page and keeps the print dark', () => {
    const shaded = shadeLeftToRight(paper, 0.45);
    const strip = Math.round(paper.width / 8);
    const right = paper.width - strip;
    expect(meanOf(shaded, paper, 0, strip, 'paper') - meanOf(shaded, paper, right, paper.width, 'paper')).toBeGreaterThan(100);

    const even = evenLighting(shaded);
    expect([even.width, even.height]).toEqual([paper.width, paper.height]);
    const leftPaper = meanOf(even, paper, 0, strip, 'paper');
    const rightPaper = meanOf(even, paper, right, paper.width, 'paper');
    expect(Math.abs(leftPaper - rightPaper)).toBeLessThan(15);
    expect(Math.min(leftPaper, rightPaper)).toBeGreaterThan(235);
    // Print stays far below the paper on both halves (in the shadow it was 45% as bright).
    const half = paper.width / 2;
    expect(meanOf(even, paper, 0, half, 'ink')).toBeLessThan(leftPaper - 120);
    expect(meanOf(even, paper, half, paper.width, 'ink')).toBeLessThan(rightPaper - 120);
  });

  it('whitens a colour cast with the shadow: pink paper comes out white and neutral, the print stays dark', () => {
    const pink = { ...paper, data: paper.data.map((v, i) => (i % 3 === 0 ? v : Math.round(v * 0.8))) };
    const even = evenLighting(shadeLeftToRight(pink, 0.5));
    const paperPixels = [...Array(paper.width * paper.height).keys()].filter((i) => grey(paper, i) > 250);
    const channelMean = (c: number) => paperPixels.reduce((s, i) => s + even.data[i * 3 + c], 0) / paperPixels.length;
    expect(Math.abs(channelMean(0) - channelMean(1))).toBeLessThan(5);
    expect(channelMean(1)).toBeGreaterThan(245);
    expect(meanOf(even, paper, 0, paper.width, 'ink')).toBeLessThan(120);
  });

  it('leaves evenly lit pages alone: a flat scan, a dim one, a faint shadow', () => {
    expect(evenLighting(paper)).toBe(paper);
    const dim = { ...paper, data: paper.data.map((v) => Math.round(v * 0.6)) };
    expect(evenLighting(dim)).toBe(dim);
    const faint = shadeLeftToRight(paper, 0.9);
    expect(evenLighting(faint)).toBe(faint);
    // The same shadow, deeper, is evened out.
    const deep = shadeLeftToRight(paper, 0.6);
    expect(evenLighting(deep)).not.toBe(deep);
  });

  const solid = (width: number, height: number, value: number): RgbImage => ({ width, height, data: new Uint8Array(width * height * 3).fill(value) });

  it.each([
    ['tiny', solid(8, 8, 128)],
    ['a thin strip', solid(1, 400, 200)],
    ['blank white', solid(640, 480, 255)],
    ['black', solid(640, 480, 0)],
    ['mid grey', solid(300, 200, 90)],
    ['noise', { width: 300, height: 200, data: pseudoRandomBytes(300 * 200 * 3, 5) }],
    ['very long', solid(40, 5000, 180)],
  ])('%s: no throw, same size, sane values', (_name, img) => {
    const even = evenLighting(img);
    expect([even.width, even.height]).toEqual([img.width, img.height]);
    expect(even.data.length).toBe(img.data.length);
  });

  it('keeps black black', () => {
    const black = solid(640, 480, 0);
    expect(evenLighting(black).data.every((v) => v === 0)).toBe(true);
  });
});

describe('photo steps', () => {
  it('run only when switched on; settings without photo steps have none', () => {
    expect(normalizePhoto(paper, NO_PHOTO_STEPS)).toBe(paper);
    const shaded = shadeLeftToRight(paper, 0.45);
    expect(normalizePhoto(shaded, NO_PHOTO_STEPS)).toBe(shaded);
    expect(normalizePhoto(shaded, LIGHTING)).not.toBe(shaded);
    expect(anyPhotoStep(undefined)).toBe(false);
    expect(anyPhotoStep(NO_PHOTO_STEPS)).toBe(false);
    expect(anyPhotoStep(LIGHTING)).toBe(true);
    expect(DEFAULT_PAGE_READ_OPTIONS.photo.lighting).toBe(true);
  });
});

describe('reading a photo with the photo steps', () => {
  let models: Awaited<ReturnType<typeof loadOcrModels>>;

  beforeAll(async () => {
    models = await loadOcrModels(createOnnxNodeRuntime(), packageFileSource(), { threads: 2 });
  }, 120_000);
  afterAll(async () => models?.release());

  const pageOf = (image: RgbImage, textLines?: DocumentPage['textLines']): DocumentPage => ({ number: 1, width: image.width, height: image.height, textLines, render: async () => image });
  const line = (page: OcrPage, text: string) => page.lines.find((l) => normalizeText(l.text).includes(normalizeText(text)));

  it('a receipt on a dark counter in uneven light: every line read, boxes where the lines lie in the photo', async () => {
    const left = 150;
    const top = 120;
    const photo = shadeLeftToRight(await onCounter(paper, 900, 1000, left, top), 0.4);
    const prepared: RgbImage[] = [];
    const prepare = (image: RgbImage) => {
      const even = normalizePhoto(image, LIGHTING);
      prepared.push(even);
      return even;
    };
    const [page] = await readDocumentText([pageOf(photo)], async () => models, DEFAULT_PAGE_READ_OPTIONS, undefined, prepare);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]).not.toBe(photo); // the light was uneven enough to be evened out
    expect(page).toMatchObject({ width: photo.width, height: photo.height, rotation: 0 });
    LINES.forEach((text, i) => {
      const found = line(page, text);
      expect(found, text).toBeDefined();
      // Baseline at firstBaseline + i lineStep in the receipt; capitals reach about 0.72 em above it.
      const b = found!.bounding_box;
      const centreY = (b.y + b.height / 2) * page.height;
      expect(Math.abs(centreY - (top + LAYOUT.firstBaseline + i * LAYOUT.lineStep - 0.36 * LAYOUT.fontSize)), text).toBeLessThan(10);
      expect(Math.abs(b.x * page.width - (left + LAYOUT.x)), text).toBeLessThan(10);
    });
  }, 120_000);

  it('prepares only pages that need OCR: a page with a text layer is not touched', async () => {
    let calls = 0;
    const textLines = [{ text: 'TOTAL 1.00', confidence: 1, bounding_box: { x: 0.1, y: 0.1, width: 0.3, height: 0.05 }, words: [] }];
    const pages = await readDocumentText([pageOf(paper, textLines)], async () => models, DEFAULT_PAGE_READ_OPTIONS, undefined, (image) => (calls++, image));
    expect(calls).toBe(0);
    expect(pages[0].source).toBe('pdf_text');
  });
});
