import type { RgbImage } from '../contracts/raster.js';
import type { InferenceSession } from '../runtime/inference.js';
import { ctcDecode, type DecodedText } from './ctc-decoder.js';

export interface RecognitionOptions {
  /** Input height of the recogniser. */
  height: number;
  /** Most crops in one model run. */
  batchSize: number;
  /** A batch's width times its size stays under this: batching pays off for short crops only. */
  maxBatchColumns: number;
  /** Crops join a batch only while the widest is at most this factor wider than the narrowest. */
  batchWidthRatio: number;
  /** Narrowest batch width, as PaddleOCR pads short crops (in pixels at `height`). */
  minWidth: number;
  /** Widest crop fed whole; wider ones are squeezed to this. */
  maxWidth: number;
  /** Horizontal scale of crops: below 1 squeezes glyphs, trading a little accuracy for speed. */
  widthScale: number;
}

export const DEFAULT_RECOGNITION_OPTIONS: RecognitionOptions = {
  // The project's recogniser reads 32 px lines (PP-OCRv4 was trained for 48): a third fewer input rows.
  height: 32,
  batchSize: 8,
  maxBatchColumns: 960,
  batchWidthRatio: 1.15,
  minWidth: 32,
  maxWidth: 1600,
  widthScale: 1,
};

/** Width a crop gets at the recogniser's height, keeping its aspect ratio. */
export function recognitionWidth(crop: { width: number; height: number }, opts: RecognitionOptions): number {
  return Math.min(opts.maxWidth, Math.max(8, Math.ceil((crop.width / crop.height) * opts.height * opts.widthScale)));
}

/**
 * Read text crops already sampled at the recogniser's height. Crops are sorted by width and
 * batched with neighbours of nearly the same width, each batch padded to its widest member;
 * on a CPU a batch saves the fixed cost of a run but padding costs as much as text, so batches
 * stay narrow and even. Results come back in the input order.
 */
export async function recognizeCrops(
  session: InferenceSession,
  crops: RgbImage[],
  charset: readonly string[],
  opts: RecognitionOptions = DEFAULT_RECOGNITION_OPTIONS,
  allowed?: Uint8Array,
): Promise<DecodedText[]> {
  const order = crops.map((_, i) => i).sort((a, b) => crops[a].width - crops[b].width);
  const results: DecodedText[] = new Array(crops.length);
  for (const ids of widthBatches(order.map((i) => crops[i].width), order, opts)) {
    const width = Math.max(opts.minWidth, Math.ceil(Math.max(...ids.map((i) => crops[i].width)) / 8) * 8);
    const tensor = normalizeBatch(ids.map((i) => crops[i]), opts.height, width);
    const decoded = ctcDecode(await session.run(tensor), charset, allowed);
    ids.forEach((id, k) => {
      // Steps beyond the crop's own width are padding; re-base positions on the crop's width.
      const d = decoded[k];
      results[id] = { ...d, steps: (d.steps * crops[id].width) / width };
    });
  }
  return results;
}

/** Consecutive runs of the width-sorted crops that make even, bounded batches. */
function widthBatches(widths: number[], ids: number[], opts: RecognitionOptions): number[][] {
  const batches: number[][] = [];
  let start = 0;
  while (start < ids.length) {
    let end = start + 1;
    while (
      end < ids.length &&
      end - start < opts.batchSize &&
      widths[end] <= widths[start] * opts.batchWidthRatio &&
      (end - start + 1) * Math.max(opts.minWidth, widths[end]) <= opts.maxBatchColumns
    ) {
      end++;
    }
    batches.push(ids.slice(start, end));
    start = end;
  }
  return batches;
}

// (x / 255 - 0.5) / 0.5 for each byte value, so the per-pixel loop only looks values up.
const REC_LUT = Float32Array.from({ length: 256 }, (_, v) => v / 127.5 - 1);

/** (x / 255 - 0.5) / 0.5 in B, G, R planes; padding stays 0 as in PaddleOCR. */
export function normalizeBatch(crops: RgbImage[], height: number, width: number) {
  const plane = height * width;
  const data = new Float32Array(crops.length * 3 * plane);
  crops.forEach((crop, n) => {
    const base = n * 3 * plane;
    const src = crop.data;
    for (let y = 0; y < crop.height; y++) {
      let s = y * crop.width * 3;
      let d = base + y * width;
      for (let x = 0; x < crop.width; x++, s += 3, d++) {
        data[d] = REC_LUT[src[s + 2]];
        data[d + plane] = REC_LUT[src[s + 1]];
        data[d + 2 * plane] = REC_LUT[src[s]];
      }
    }
  });
  return { data, dims: [crops.length, 3, height, width] };
}
