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
    "bias": -0.516,
    "weights": [
      5.162,
      2.57,
      -0.55,
      1.609,
      3.246,
      -2.976,
      -3.062,
      0,
      -0.35
    ]
  },
  "date": {
    "bias": -1.046,
    "weights": [
      1.188,
      1.736,
      -1.823,
      0,
      -1.488,
      0.4,
      2.888,
      0,
      1.913
    ]
  },
  "name": {
    "bias": -6.73,
    "weights": [
      3.168,
      1.906,
      2.133,
      0,
      0.714,
      0,
      1.868,
      -0.097,
      2.341
    ]
  },
  "address": {
    "bias": -1.466,
    "weights": [
      0.402,
      0.402,
      0,
      0,
      0.658,
      0,
      0.326,
      1.141,
      1.452
    ]
  },
  "other": {
    "bias": 6.547,
    "weights": [
      0.749,
      0.892,
      -1.163,
      0,
      -0.278,
      -1.668,
      -0.385,
      0,
      -0.18
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
  "date": 0.3,
  "name": 0.7,
  "address": 0.85,
  "other": 0.99
};
// END FITTED
