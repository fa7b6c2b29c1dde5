import type { OcrLine, OcrPage, OcrWord } from '../contracts/ocr.js';
import type { RgbImage } from '../contracts/raster.js';
import type { InferenceSession } from '../runtime/inference.js';
import { upsideDownProbabilities } from './angle-classifier.js';
import type { DecodedText } from './ctc-decoder.js';
import { bounds, rectCorners, type RotatedRect } from './geometry.js';
import { autoContrast, rotateImage, rotatePoint, warpQuad, type Point, type Quad } from './image-ops.js';
import { orderLines } from './reading-order.js';
import { DEFAULT_DETECTION_OPTIONS, detectText, type DetectionOptions } from './text-detector.js';
import { DEFAULT_RECOGNITION_OPTIONS, recognitionWidth, recognizeCrops, type RecognitionOptions } from './text-recognizer.js';

/** Loaded models of one OCR pipeline. */
export interface OcrModels {
  detector: InferenceSession;
  recognizer: InferenceSession;
  classifier: InferenceSession;
  /** Characters of the recogniser's classes 1..n (class 0 is the CTC blank). */
  charset: readonly string[];
  /** Classes the reader may emit (index 0 is the blank); all when absent. */
  allowedClasses?: Uint8Array;
}

export interface PageReadOptions {
  detection: DetectionOptions;
  recognition: RecognitionOptions;
  /** Lines read with less confidence than this are dropped as noise. */
  minLineConfidence: number;
  /** Lines sampled for the 0/180 vote. */
  orientationSample: number;
}

export const DEFAULT_PAGE_READ_OPTIONS: PageReadOptions = {
  detection: DEFAULT_DETECTION_OPTIONS,
  recognition: DEFAULT_RECOGNITION_OPTIONS,
  minLineConfidence: 0.5,
  orientationSample: 12,
};

type Rotation = 0 | 90 | 180 | 270;

/** Read one page image: detect lines, turn the page upright, recognise, order. */
export async function readPage(
  models: OcrModels,
  image: RgbImage,
  pageNumber: number,
  opts: PageReadOptions = DEFAULT_PAGE_READ_OPTIONS,
): Promise<OcrPage> {
  let page = image;
  let rotation: Rotation = 0;
  let rects = await detectText(models.detector, page, opts.detection);
  if (mostlyVertical(rects)) {
    // Lines run up or down the page: turn it a quarter and look again; the 0/180 vote settles which way.
    rotation = 90;
    page = rotateImage(image, 90);
    rects = await detectText(models.detector, page, opts.detection);
  }
  let crops = cropLines(page, rects, opts.recognition);
  if (await upsideDown(models.classifier, crops, opts.orientationSample)) {
    rotation = ((rotation + 180) % 360) as Rotation;
    const w = page.width;
    const h = page.height;
    page = rotateImage(page, 180);
    rects = rects.map((r) => {
      const c = rotatePoint({ x: r.cx, y: r.cy }, w, h, 180);
      return { ...r, cx: c.x, cy: c.y };
    });
    crops = cropLines(page, rects, opts.recognition);
  }
  const texts = await recognizeCrops(
    models.recognizer,
    crops.map((c) => c.image),
    models.charset,
    opts.recognition,
    models.allowedClasses,
  );
  const lines: OcrLine[] = [];
  texts.forEach((t, i) => {
    const line = toLine(t, crops[i].quad, crops[i].image.width, page.width, page.height);
    if (line && line.confidence >= opts.minLineConfidence) lines.push(line);
  });
  return { page: pageNumber, width: page.width, height: page.height, source: 'ocr', rotation, lines: orderLines(lines) };
}

function mostlyVertical(rects: RotatedRect[]): boolean {
  let vertical = 0;
  let horizontal = 0;
  for (const r of rects) {
    if (r.height >= 2 * r.width) vertical++;
    else if (r.width >= 2 * r.height) horizontal++;
  }
  return vertical > 2 * horizontal && vertical >= 3;
}

interface LineCrop {
  quad: Quad;
  image: RgbImage;
}

function cropLines(page: RgbImage, rects: RotatedRect[], opts: RecognitionOptions): LineCrop[] {
  return rects.map((r0) => {
    const r = { ...r0, width: r0.width + 2 * opts.padEnds * r0.height };
    const quad = rectCorners(r);
    const width = recognitionWidth(r, opts);
    const image = warpQuad(page, quad, width, opts.height);
    return { quad, image: process.env.AC ? autoContrast(image, Number(process.env.AC)) : image };
  });
}

async function upsideDown(classifier: InferenceSession, crops: LineCrop[], sample: number): Promise<boolean> {
  // Long lines carry the most evidence; single glyphs are often symmetric.
  const candidates = crops
    .filter((c) => c.image.width >= 3 * c.image.height)
    .sort((a, b) => b.image.width - a.image.width)
    .slice(0, sample);
  if (candidates.length === 0) return false;
  const probs = await upsideDownProbabilities(classifier, candidates.map((c) => c.image));
  const flipped = probs.filter((p) => p > 0.5).length;
  return flipped > candidates.length / 2;
}

function toLine(t: DecodedText, quad: Quad, cropWidth: number, pageW: number, pageH: number): OcrLine | null {
  const text = t.text.trim();
  if (text === '') return null;
  const words: OcrWord[] = [];
  const pxPerStep = cropWidth / t.steps;
  let start = -1;
  for (let i = 0; i <= t.chars.length; i++) {
    const isBreak = i === t.chars.length || t.chars[i].char === ' ';
    if (!isBreak && start < 0) start = i;
    if (isBreak && start >= 0) {
      const chars = t.chars.slice(start, i);
      // A CTC peak sits inside its glyph; widen by half a step on each side.
      const x0 = Math.max(0, (chars[0].step - 0.5) * pxPerStep) / cropWidth;
      const x1 = Math.min(cropWidth, (chars[chars.length - 1].step + 1.5) * pxPerStep) / cropWidth;
      words.push({
        text: chars.map((c) => c.char).join(''),
        confidence: round(chars.reduce((s, c) => s + c.prob, 0) / chars.length),
        bounding_box: normalizedBox(subQuad(quad, x0, x1), pageW, pageH),
      });
      start = -1;
    }
  }
  return { text, confidence: round(t.confidence), bounding_box: normalizedBox(quad, pageW, pageH), words };
}

/** The part of a line quad between fractions a and b of its width. */
function subQuad([tl, tr, br, bl]: Quad, a: number, b: number): Point[] {
  const lerp = (p: Point, q: Point, f: number) => ({ x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f });
  return [lerp(tl, tr, a), lerp(tl, tr, b), lerp(bl, br, b), lerp(bl, br, a)];
}

function normalizedBox(points: readonly Point[], pageW: number, pageH: number) {
  const b = bounds(points);
  const x0 = clamp01(b.x0 / pageW);
  const y0 = clamp01(b.y0 / pageH);
  const x1 = clamp01(b.x1 / pageW);
  const y1 = clamp01(b.y1 / pageH);
  return { x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0) };
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const round = (v: number) => Math.round(v * 1e5) / 1e5;
