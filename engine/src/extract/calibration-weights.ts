/**
 * Weights of the confidence model (confidence.ts), one logistic regression per group of fields.
 * Feature order: score, margin, support, rule, ocr, labelled, page, complete, whole.
 *
 * Fitted by `npx tsx test/bench/fit-calibration.ts --ocr-cache DIR --write` on the SROIE and
 * WildReceipt receipts as the engine's OCR reads them (docs/benchmarks.md gives the figures).
 * `other` is fitted over every labelled field and serves fields without labels of their own.
 */
export type CalibrationGroup = 'amount' | 'date' | 'name' | 'address' | 'other';

// FITTED (written by the fit; edit the script, not these numbers)
export const CALIBRATION: Record<CalibrationGroup, { bias: number; weights: number[] }> = {
  "amount": {
    "bias": -3.199,
    "weights": [
      7.241,
      0.773,
      0.008,
      1.157,
      1.05,
      -2.745,
      -0.97,
      0,
      1.138
    ]
  },
  "date": {
    "bias": -1.309,
    "weights": [
      0.419,
      3.562,
      -1.672,
      0,
      3.331,
      0.27,
      -0.091,
      0,
      0.108
    ]
  },
  "name": {
    "bias": -5.996,
    "weights": [
      3.213,
      1.604,
      2.128,
      0,
      -1.389,
      0,
      2.809,
      0.279,
      2.484
    ]
  },
  "address": {
    "bias": 0.423,
    "weights": [
      0.894,
      0.894,
      0,
      0,
      0.447,
      0,
      -0.234,
      1.386,
      0.243
    ]
  },
  "other": {
    "bias": 5.581,
    "weights": [
      2.132,
      1.531,
      -0.981,
      0,
      -0.439,
      -2.985,
      0.012,
      0,
      -0.175
    ]
  }
};

/**
 * Under these confidences a value sends its document to review, per group of fields: chosen by
 * the same fit so that, over every dataset's tuning documents together, as many documents as
 * possible pass straight through while at most about one in fifty passes with a wrong value.
 */
export const REVIEW_THRESHOLDS: Record<CalibrationGroup, number> = {
  "amount": 0.92,
  "date": 0.8,
  "name": 0.7,
  "address": 0.92,
  "other": 0.98
};
// END FITTED
