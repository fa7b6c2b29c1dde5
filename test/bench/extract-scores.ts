/**
 * Figures of the extraction benchmark: per-field accuracy, the reliability table and expected
 * calibration error of the reported confidences, and how review catches wrong values.
 */
import type { ExtractionContent } from '../../engine/src/contracts/extraction.js';
import { type FieldTruth, matches } from './extract-truth.js';

/** One scored field of one document. */
export interface Scored {
  dataset: string;
  field: string;
  correct: boolean;
  /** The field had a value (not null). */
  found: boolean;
  confidence: number;
  /** The document's `review.required`. */
  reviewed: boolean;
}

/**
 * Each labelled field of one document scored against what was extracted (a field its labels leave
 * out is not scored), with the value expected and the value got.
 */
export function scoreFields(dataset: string, truths: readonly FieldTruth[], ex: ExtractionContent): (Scored & { expected: unknown; got: unknown })[] {
  return truths
    .filter((t) => t.expected !== null && t.expected !== '')
    .map((t) => {
      const got = valueAt(ex.data, t.path);
      const field = ex.fields[t.path.split('.')[0]];
      return { dataset, field: t.name, correct: matches(t, got), found: got !== null && got !== undefined, confidence: field?.confidence ?? 0, reviewed: ex.review.required, expected: t.expected, got };
    });
}

/** The value at a data path (`amount`, `supplier.name`) of an extraction's `data`. */
export function valueAt(data: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], data);
}

export function accuracyByField(rows: readonly Scored[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const field of [...new Set(rows.map((r) => r.field))]) {
    const of = rows.filter((r) => r.field === field);
    out[field] = pct(of.filter((r) => r.correct).length, of.length);
  }
  return out;
}

/** The mean of the fields' accuracies, to a tenth of a point. */
export function meanAccuracy(accuracy: Record<string, number>): number {
  const fields = Object.values(accuracy);
  return Math.round((10 * fields.reduce((a, b) => a + b, 0)) / Math.max(1, fields.length)) / 10;
}

export interface Bucket {
  range: string;
  fields: number;
  mean_confidence: number;
  accuracy: number;
}

/**
 * Ten confidence buckets over the values found, each with its mean confidence and observed
 * accuracy; ECE is the bucket-size-weighted mean gap between the two.
 */
export function reliability(rows: readonly Scored[]): { buckets: Bucket[]; ece: number } {
  const found = rows.filter((r) => r.found);
  const buckets: Bucket[] = [];
  let gap = 0;
  for (let b = 0; b < 10; b++) {
    const lo = b / 10;
    const hi = (b + 1) / 10;
    const of = found.filter((r) => r.confidence >= lo && (r.confidence < hi || (b === 9 && r.confidence <= 1)));
    if (of.length === 0) continue;
    const conf = of.reduce((s, r) => s + r.confidence, 0) / of.length;
    const acc = of.filter((r) => r.correct).length / of.length;
    gap += (of.length / found.length) * Math.abs(conf - acc);
    buckets.push({ range: `${lo.toFixed(1)}-${hi.toFixed(1)}`, fields: of.length, mean_confidence: round(conf), accuracy: round(acc) });
  }
  return { buckets, ece: round(gap) };
}

/**
 * Review figures: wrong values (a wrong value, or none where the label has one) that came without
 * `review.required`, correct documents (every scored field right) that were still flagged, the
 * straight-through rate (documents without `review.required`) and the silent-error rate
 * (documents with a wrong or missing labelled value and no review flag), both of all documents.
 */
export function reviewFigures(rows: readonly Scored[], docs: readonly { reviewed: boolean; allCorrect: boolean }[]) {
  const wrong = rows.filter((r) => !r.correct);
  const unflagged = wrong.filter((r) => !r.reviewed).length;
  const correctDocs = docs.filter((d) => d.allCorrect);
  return {
    wrong_fields: wrong.length,
    wrong_without_review: unflagged,
    wrong_without_review_pct: pct(unflagged, wrong.length),
    documents: docs.length,
    flagged_documents: docs.filter((d) => d.reviewed).length,
    correct_documents: correctDocs.length,
    correct_documents_flagged_pct: pct(correctDocs.filter((d) => d.reviewed).length, correctDocs.length),
    // Documents that need no person at all, and documents with a wrong or missing value that no one is asked to look at.
    straight_through_pct: pct(docs.filter((d) => !d.reviewed).length, docs.length),
    silent_error_pct: pct(docs.filter((d) => !d.reviewed && !d.allCorrect).length, docs.length),
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function pct(n: number, of: number): number {
  return of === 0 ? 0 : Math.round((1000 * n) / of) / 10;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
