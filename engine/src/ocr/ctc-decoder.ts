import type { Tensor } from '../runtime/inference.js';

export interface DecodedChar {
  char: string;
  /** Output step that emitted it; steps are evenly spread across the input width. */
  step: number;
  prob: number;
}

export interface DecodedText {
  text: string;
  confidence: number;
  chars: DecodedChar[];
  /** Output steps for the whole input width. */
  steps: number;
}

/**
 * Greedy CTC decoding of a [batch, steps, classes] probability tensor: the best class per step,
 * repeats collapsed, blanks (class 0) dropped. charset[i] is the character of class i + 1.
 * With `allowed`, only classes whose entry is 1 compete for a step.
 */
export function ctcDecode(output: Tensor, charset: readonly string[], allowed?: Uint8Array): DecodedText[] {
  const [batch, steps, classes] = output.dims;
  const probs = output.data;
  const results: DecodedText[] = [];
  for (let b = 0; b < batch; b++) {
    const chars: DecodedChar[] = [];
    let prev = -1;
    for (let t = 0; t < steps; t++) {
      const base = (b * steps + t) * classes;
      let best = 0;
      let bestP = probs[base];
      for (let c = 1; c < classes; c++) {
        const p = probs[base + c];
        if (p > bestP && (allowed === undefined || allowed[c] === 1)) {
          bestP = p;
          best = c;
        }
      }
      if (best !== 0 && best !== prev) chars.push({ char: charset[best - 1] ?? '', step: t, prob: bestP });
      prev = best;
    }
    const confidence = chars.length === 0 ? 0 : chars.reduce((s, c) => s + c.prob, 0) / chars.length;
    results.push({ text: chars.map((c) => c.char).join(''), confidence, chars, steps });
  }
  return results;
}
