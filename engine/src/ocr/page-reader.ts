import type { OcrLine, OcrPage, OcrWord } from '../contracts/ocr.js';
import type { RgbImage } from '../contracts/raster.js';
import type { PhotoSteps } from '../intake/photo-normalize.js';
import type { InferenceSession } from '../runtime/inference.js';
import { upsideDownProbabilities } from './angle-classifier.js';
import type { DecodedText } from './ctc-decoder.js';
import { bounds, rectCorners, type RotatedRect } from './geometry.js';
import { autoContrastInPlace, rotateImage, rotatePoint, warpQuad, type Point, type Quad } from './image-ops.js';
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
  /**
   * When the sampled lines read with at least this median confidence, and the longest of them
   * with more than themselves turned 180° (TURNED_CHECK_LINES), the page is taken as upright and
   * the orientation classifier is not asked (0: always ask). Confidence alone does not settle it:
   * the Latin recogniser reads upside-down SROIE and WildReceipt pages at a median 0.83 (up to
   * 0.91), upright ones at 0.93 and more.
   */
  uprightConfidence: number;
  /** Share of darkest and lightest crop pixels clipped when stretching contrast (0 turns it off). */
  contrastClip: number;
  /** A gap of this many character pitches between two characters is read as a space (0: off). */
  spaceGapFactor: number;
  /** Lines read with less confidence than this are read a second time, wider (0: off). */
  secondLookBelow: number;
  /** Width scale of the second reading (see RecognitionOptions.widthScale). */
  secondLookWidthScale: number;
  /**
   * Lines whose characters fill more than this share of the recogniser's output steps are read
   * a second time, wider, and the wider reading is kept (0: off). Crowded steps drop doubled
   * letters and digits (`TEMENGUNG`, `5100`) without losing confidence.
   */
  secondLookCrowded: number;
  /**
   * Steps for photographed pages (images, not PDF pages) before they are read; the caller applies
   * them (readDocumentText's `prepare`, photo-normalize.ts). Uneven light evened out is on by
   * default; see docs/ocr.md, "Photos".
   */
  photo: PhotoSteps;
}

/**
 * Standard reading: lines at their natural width, then a second look 1.4 times as wide at the
 * lines read with less than 0.9 confidence and at crowded ones (characters on more than 0.6 of
 * the output steps: narrow receipt fonts, where doubled letters and digits go missing). See
 * docs/ocr.md for the figures.
 */
export const DEFAULT_PAGE_READ_OPTIONS: PageReadOptions = {
  detection: DEFAULT_DETECTION_OPTIONS,
  recognition: DEFAULT_RECOGNITION_OPTIONS,
  minLineConfidence: 0.5,
  orientationSample: 12,
  uprightConfidence: 0.85,
  contrastClip: 0.01,
  spaceGapFactor: 0,
  secondLookBelow: 0.9,
  secondLookWidthScale: 1.4,
  secondLookCrowded: 0.6,
  photo: { lighting: true },
};

/**
 * Fast mode: a smaller detection size, one recognition pass (no second look) and no 0/180
 * classification; quarter turns are still found from the line shapes.
 */
export const FAST_PAGE_READ_OPTIONS: PageReadOptions = {
  ...DEFAULT_PAGE_READ_OPTIONS,
  detection: { ...DEFAULT_DETECTION_OPTIONS, maxShortSide: 480 },
  orientationSample: 0,
  secondLookBelow: 0,
  secondLookCrowded: 0,
};

type Rotation = 0 | 90 | 180 | 270;

/** Read one page image: detect lines, recognise them (turning the page upright where needed), order. */
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
  let crops = cropLines(page, rects, opts);
  let texts = await recognize(models, crops, opts.recognition);
  // Reading first settles most pages: upside-down text does not read with confidence.
  const sample = orientationSample(crops, opts.orientationSample);
  const upright = await readsUpright(models, sample.map((i) => crops[i]), sample.map((i) => texts[i]), opts);
  if (!upright && (await upsideDown(models.classifier, sample.map((i) => crops[i])))) {
    rotation = ((rotation + 180) % 360) as Rotation;
    const w = page.width;
    const h = page.height;
    page = rotateImage(page, 180);
    rects = rects.map((r) => {
      const c = rotatePoint({ x: r.cx, y: r.cy }, w, h, 180);
      return { ...r, cx: c.x, cy: c.y };
    });
    crops = cropLines(page, rects, opts);
    texts = await recognize(models, crops, opts.recognition);
  }
  if (opts.secondLookBelow > 0 || opts.secondLookCrowded > 0) await secondLook(models, page, rects, crops, texts, opts);
  const lines: OcrLine[] = [];
  texts.forEach((decoded, i) => {
    const t = opts.spaceGapFactor > 0 ? restoreSpaces(decoded, opts.spaceGapFactor) : decoded;
    const line = toLine(t, crops[i].quad, crops[i].image.width, page.width, page.height);
    if (line && line.confidence >= opts.minLineConfidence) lines.push(line);
  });
  return { page: pageNumber, width: page.width, height: page.height, source: 'ocr', rotation, lines: orderLines(lines) };
}

/**
 * Lines read with low confidence, and crowded lines, are read again from a wider crop (narrow
 * glyphs get more of the recogniser's output steps). A crowded line keeps the wider reading; any
 * other keeps the surer of the two. The reading is kept with its crop, so character positions
 * still map to the right place. Updates `texts` and `crops` in place.
 */
async function secondLook(
  models: OcrModels,
  page: RgbImage,
  rects: RotatedRect[],
  crops: LineCrop[],
  texts: DecodedText[],
  opts: PageReadOptions,
): Promise<void> {
  const crowded = (t: DecodedText) => opts.secondLookCrowded > 0 && t.chars.length > opts.secondLookCrowded * t.steps;
  const unsure = texts.flatMap((t, i) => (t.confidence < opts.secondLookBelow || crowded(t) ? [i] : []));
  if (unsure.length === 0) return;
  const wide = { ...opts, recognition: { ...opts.recognition, widthScale: opts.secondLookWidthScale } };
  const wideCrops = cropLines(page, unsure.map((i) => rects[i]), wide);
  const again = await recognize(models, wideCrops, wide.recognition);
  unsure.forEach((i, k) => {
    if (crowded(texts[i]) || again[k].confidence > texts[i].confidence) {
      texts[i] = again[k];
      crops[i] = wideCrops[k];
    }
  });
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

export interface LineCrop {
  quad: Quad;
  image: RgbImage;
}

/** Line crops as the recogniser reads them: one warp per box at its height, contrast stretched. */
export function cropLines(page: RgbImage, rects: RotatedRect[], opts: PageReadOptions): LineCrop[] {
  const rec = opts.recognition;
  return rects.map((r) => {
    const quad = rectCorners(r);
    const width = recognitionWidth(r, rec);
    return { quad, image: autoContrastInPlace(warpQuad(page, quad, width, rec.height), opts.contrastClip) };
  });
}

function recognize(models: OcrModels, crops: LineCrop[], opts: RecognitionOptions): Promise<DecodedText[]> {
  return recognizeCrops(models.recognizer, crops.map((c) => c.image), models.charset, opts, models.allowedClasses);
}

/** Indexes of the lines that carry the most evidence of orientation: long ones (single glyphs are often symmetric). */
function orientationSample(crops: LineCrop[], sample: number): number[] {
  return crops
    .flatMap((c, i) => (c.image.width >= 3 * c.image.height ? [i] : []))
    .sort((a, b) => crops[b].image.width - crops[a].image.width)
    .slice(0, sample);
}

/**
 * Lines read again turned 180° to confirm an upright page: the longest of the sample. Three
 * decided 120 SROIE and WildReceipt pages read both ways up as the whole sample of 12 did, in a
 * third of the time (test/bench/orientation-bench.ts: 30 against 94 ms a page; docs/ocr.md).
 */
const TURNED_CHECK_LINES = 3;

/** Whether the sampled lines (longest first) read surely, and the longest better than themselves turned 180°. */
async function readsUpright(models: OcrModels, crops: LineCrop[], texts: DecodedText[], opts: PageReadOptions): Promise<boolean> {
  if (opts.uprightConfidence <= 0 || texts.length === 0) return false;
  if (medianConfidence(texts) < opts.uprightConfidence) return false;
  const longest = crops.slice(0, TURNED_CHECK_LINES);
  const turned = await recognize(models, longest.map((c) => ({ ...c, image: rotateImage(c.image, 180) })), opts.recognition);
  return medianConfidence(texts.slice(0, longest.length)) > medianConfidence(turned);
}

function medianConfidence(texts: DecodedText[]): number {
  const confidences = texts.map((t) => t.confidence).sort((a, b) => a - b);
  return confidences[Math.floor(confidences.length / 2)];
}

/** The 0/180 classifier's majority vote over the sampled lines. */
async function upsideDown(classifier: InferenceSession, candidates: LineCrop[]): Promise<boolean> {
  if (candidates.length === 0) return false;
  const probs = await upsideDownProbabilities(classifier, candidates.map((c) => c.image));
  const flipped = probs.filter((p) => p > 0.5).length;
  return flipped > candidates.length / 2;
}

/**
 * The multilingual recogniser often leaves out spaces between Latin words. Where two characters'
 * output steps lie much further apart than the line's usual character pitch, a space is restored,
 * so words (and their boxes) come out separate.
 */
export function restoreSpaces(t: DecodedText, gapFactor: number): DecodedText {
  const gaps: number[] = [];
  for (let i = 1; i < t.chars.length; i++) {
    if (t.chars[i].char !== ' ' && t.chars[i - 1].char !== ' ') gaps.push(t.chars[i].step - t.chars[i - 1].step);
  }
  if (gaps.length < 3) return t;
  const pitch = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
  const chars = [];
  for (let i = 0; i < t.chars.length; i++) {
    const c = t.chars[i];
    const prev = t.chars[i - 1];
    if (prev && c.char !== ' ' && prev.char !== ' ' && c.step - prev.step >= gapFactor * pitch) {
      chars.push({ char: ' ', step: (c.step + prev.step) / 2, prob: Math.min(c.prob, prev.prob) });
    }
    chars.push(c);
  }
  return { ...t, chars, text: chars.map((c) => c.char).join('') };
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
