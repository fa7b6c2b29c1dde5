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
    "bias": -0.321,
    "weights": [
      4.066,
      2.254,
      -1.208,
      1.289,
      4.007,
      -2.141,
      -2.14,
      0,
      -1.664
    ]
  },
  "date": {
    "bias": -2.854,
    "weights": [
      1.274,
      1.531,
      -1.294,
      0,
      -0.824,
      0.268,
      2.76,
      0,
      2.969
    ]
  },
  "name": {
    "bias": -6.32,
    "weights": [
      2.588,
      1.802,
      2.116,
      0,
      1.265,
      0,
      1.672,
      -0.035,
      2.091
    ]
  },
  "address": {
    "bias": -1.532,
    "weights": [
      0.353,
      0.353,
      0,
      0,
      0.642,
      0,
      0.757,
      1.105,
      1.169
    ]
  },
  "other": {
    "bias": 3.443,
    "weights": [
      -0.828,
      3.835,
      0.003,
      0,
      0.632,
      -0.873,
      0.047,
      0,
      -0.342
    ]
  }
};

/**
 * Under these confidences a value sends its document to review, per group of fields: chosen by
 * the same fit so that, over every dataset's tuning documents together, as many documents as
 * possible pass straight through while at most about one in fifty passes with a wrong value.
 */
export const REVIEW_THRESHOLDS: Record<CalibrationGroup, number> = {
  "amount": 0.96,
  "date": 0.85,
  "name": 0.75,
  "address": 0.85,
  "other": 0.85
};
// END FITTED
