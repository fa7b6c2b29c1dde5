/**
 * Which documents of ../shared/datasets the layout model may learn from, and which are kept for
 * measuring it (docs in models/layout/MODEL_CARD.md). Decided by name, so the split is the same
 * on every machine and for every run of the benchmark.
 *
 * - SROIE: the 200 receipts with images (`sroie-train/img`, the benchmark's receipts) are held out;
 *   the other 426, which have ground-truth lines and labels but no image, are for training.
 * - WildReceipt and ZUGFeRD: a file is held out when the FNV-1a hash of its name is odd.
 * - invoice2data: all held out.
 * Within the training documents, one in four (by a hash of the name) is the validation set that stops
 * training and sets the engine's use of the model (models/layout/tune.ts): large enough that one
 * receipt moves a field's accuracy by about one point, not two and a half.
 */
export type Part = 'train' | 'validation' | 'held_out';

/** FNV-1a of a name: the split's hash, also the benchmark's rendering seed of a slip. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The part of a training-pool document: one in four by hash is validation. The hash's top bits:
 * its lowest bit is the parity of the characters' lowest bits, so it would follow the held-out
 * split (`fnv1a(name) % 2`) and leave WildReceipt and ZUGFeRD without validation files.
 */
const trainingPart = (name: string): Part => (fnv1a(`validation:${name}`) >>> 30 === 0 ? 'validation' : 'train');

export function sroiePart(id: string, hasImage: boolean): Part {
  return hasImage ? 'held_out' : trainingPart(id);
}

/** WildReceipt (by `file_name`) and ZUGFeRD (by PDF file name). */
export function hashedPart(name: string): Part {
  return fnv1a(name) % 2 === 1 ? 'held_out' : trainingPart(name);
}
