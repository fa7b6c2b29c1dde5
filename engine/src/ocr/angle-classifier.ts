import type { RgbImage } from '../contracts/raster.js';
import type { InferenceSession } from '../runtime/inference.js';
import { resizeImage } from './image-ops.js';
import { normalizeBatch } from './text-recognizer.js';

const CLS_HEIGHT = 48;
const CLS_WIDTH = 192;

/**
 * Probability that each text crop is upside down (PaddleOCR's 0/180 classifier). Crops are
 * scaled to 48 px high and at most 192 px wide, then padded.
 */
export async function upsideDownProbabilities(session: InferenceSession, crops: RgbImage[]): Promise<number[]> {
  if (crops.length === 0) return [];
  const scaled = crops.map((c) => {
    const w = Math.min(CLS_WIDTH, Math.max(1, Math.ceil((c.width / c.height) * CLS_HEIGHT)));
    return resizeImage(c, w, CLS_HEIGHT);
  });
  const out = await session.run(normalizeBatch(scaled, CLS_HEIGHT, CLS_WIDTH));
  const probs: number[] = [];
  for (let i = 0; i < crops.length; i++) probs.push(out.data[i * 2 + 1]);
  return probs;
}
