import type { RgbImage } from '../contracts/raster.js';
import type { InferenceSession } from '../runtime/inference.js';
import { ctcDecode, type DecodedText } from './ctc-decoder.js';

export interface RecognitionOptions {
  /** Input height of the recogniser. */
  height: number;
  /** Crops in one model run; crops are grouped by width so little padding is computed. */
  batchSize: number;
  /** Narrowest batch width, as PaddleOCR pads short crops (in pixels at `height`). */
  minWidth: number;
  /** Widest crop fed whole; wider ones are squeezed to this. */
  maxWidth: number;
  /** Horizontal scale of crops: below 1 squeezes glyphs, trading a little accuracy for speed. */
  widthScale: number;
}

export const DEFAULT_RECOGNITION_OPTIONS: RecognitionOptions = { height: 48, batchSize: 8, minWidth: 96, maxWidth: 1600, widthScale: 1 };

/** Width a crop gets at the recogniser's height, keeping its aspect ratio. */
export function recognitionWidth(crop: { width: number; height: number }, opts: RecognitionOptions): number {
  return Math.min(opts.maxWidth, Math.max(8, Math.ceil((crop.width / crop.height) * opts.height * opts.widthScale)));
}

/**
 * Read text crops already sampled at the recogniser's height. Crops are sorted by width and
 * batched, each batch padded to its widest member; results come back in the input order.
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
  for (let start = 0; start < order.length; start += opts.batchSize) {
    const ids = order.slice(start, start + opts.batchSize);
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

/** (x / 255 - 0.5) / 0.5 in B, G, R planes; padding stays 0 as in PaddleOCR. */
export function normalizeBatch(crops: RgbImage[], height: number, width: number) {
  const plane = height * width;
  const data = new Float32Array(crops.length * 3 * plane);
  crops.forEach((crop, n) => {
    const base = n * 3 * plane;
    for (let y = 0; y < crop.height; y++) {
      for (let x = 0; x < crop.width; x++) {
        const s = (y * crop.width + x) * 3;
        const d = base + y * width + x;
        data[d] = crop.data[s + 2] / 127.5 - 1;
        data[d + plane] = crop.data[s + 1] / 127.5 - 1;
        data[d + 2 * plane] = crop.data[s] / 127.5 - 1;
      }
    }
  });
  return { data, dims: [crops.length, 3, height, width] };
}
