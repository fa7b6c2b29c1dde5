/**
 * Weights of the confidence model (confidence.ts), one logistic regression per group of fields.
 * Feature order: score, margin, support, rule, ocr, labelled.
 *
 * Fitted by `npx tsx test/bench/fit-calibration.ts --ocr-cache DIR --write` on the SROIE and
 * WildReceipt receipts as the engine's OCR reads them (docs/benchmarks.md gives the figures).
 * `other` is fitted over every labelled field and serves fields without labels of their own.
 */
export type CalibrationGroup = 'amount' | 'date' | 'name' | 'address' | 'other';

// FITTED (written by the fit; edit the script, not these numbers)
export const CALIBRATION: Record<CalibrationGroup, { bias: number; weights: number[] }> = {
  "other": {
    "bias": -2.023,
    "weights": [
      3.29,
      2.318,
      1.01,
      0.705,
      3.405,
      -3.061
    ]
  },
  "amount": {
    "bias": -2.241,
    "weights": [
      3.424,
      0.472,
      0.257,
      1.395,
      1.952,
      -1.551
    ]
  },
  "date": {
    "bias": 1.07,
    "weights": [
      -0.325,
      2.154,
      1.148,
      0,
      1.118,
      0.435
    ]
  },
  "name": {
    "bias": -1.185,
    "weights": [
      0,
      0,
      0,
      0,
      4.299,
      0
    ]
  },
  "address": {
    "bias": -0.526,
    "weights": [
      0,
      0,
      0,
      0,
      3.43,
      0
    ]
  }
};
// END FITTED
