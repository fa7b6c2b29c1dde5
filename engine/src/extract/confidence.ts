import type { ValueKind } from './find/field-kinds.js';
import { CALIBRATION, type CalibrationGroup } from './calibration-weights.js';

/** What is known about a chosen value, as the confidence model reads it. */
export interface ConfidenceFeatures {
  /** Ranking score of the value (label place and reading quality), 0 to 1. */
  score: number;
  /** Its lead over the best candidate with another value, 0 to 1. */
  margin: number;
  /** Other places in the document that give the same value, 0 to 3. */
  support: number;
  /** A rule of the definition holds with this value. */
  rule: boolean;
  /** Recognition confidence of the text it was read from (1 for PDF text). */
  ocr: number;
  /** Found next to a label (not only by its shape or place). */
  labelled: boolean;
  /** Median recognition confidence of the document's lines (1 for PDF text): how well the whole page reads. */
  page: number;
  /** Names and addresses: the value has the shape of a complete one (completeParty); others: true. */
  complete: boolean;
  /** Letters and digits in the value: a long text read at a given confidence is less often read whole. */
  characters: number;
}

export function calibrationGroup(kind: ValueKind): CalibrationGroup {
  switch (kind) {
    case 'total':
      return 'total';
    case 'money':
    case 'number':
    case 'integer':
      return 'amount';
    case 'date':
    case 'datetime':
    case 'time':
      return 'date';
    case 'party_name':
      return 'name';
    case 'party_address':
      return 'address';
    default:
      return 'other';
  }
}

/** Feature vector in the order of the weights. */
export function featureVector(f: ConfidenceFeatures): number[] {
  // Recognition confidence on a log scale: 0.9 -> 0.25, 0.99 -> 0.5, 0.9999 -> 1; the gap between
  // 0.99 and 0.9999 says more about a misread than that between 0.5 and 0.6.
  const ocr = logConfidence(f.ocr);
  // The chance that every character was read right, were each read at the line's confidence.
  const whole = f.ocr ** Math.min(200, f.characters);
  return [f.score, f.margin, Math.min(3, f.support) / 3, f.rule ? 1 : 0, ocr, f.labelled ? 1 : 0, logConfidence(f.page), f.complete ? 1 : 0, whole];
}

function logConfidence(c: number): number {
  return Math.min(1, -Math.log10(Math.max(1e-4, 1 - c)) / 4);
}

/**
 * Probability that a value is right: a logistic model per group of fields over the features
 * above (docs/extraction.md, "Confidence").
 */
export function confidenceOf(kind: ValueKind, f: ConfidenceFeatures): number {
  const w = CALIBRATION[calibrationGroup(kind)];
  const x = featureVector(f);
  let z = w.bias;
  for (let i = 0; i < x.length; i++) z += w.weights[i] * x[i];
  // The fit saw few lines read below 0.9: below that, the recognition confidence bounds the value's
  // (a line read at 0.55 gives at most 0.74), so a poorly read value is never reported as sure.
  return round3(Math.min(1 / (1 + Math.exp(-z)), Math.sqrt(f.ocr)));
}

export function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
