/**
 * Weights of the confidence model (confidence.ts), one logistic regression per group of fields.
 * Feature order: score, margin, support, rule, ocr, labelled, page, complete.
 *
 * Fitted by `npx tsx test/bench/fit-calibration.ts --ocr-cache DIR --write` on the SROIE and
 * WildReceipt receipts as the engine's OCR reads them (docs/benchmarks.md gives the figures).
 * `other` is fitted over every labelled field and serves fields without labels of their own.
 */
export type CalibrationGroup = 'amount' | 'date' | 'name' | 'address' | 'other';

// FITTED (written by the fit; edit the script, not these numbers)
export const CALIBRATION: Record<CalibrationGroup, { bias: number; weights: number[] }> = {
  "other": {
    "bias": -3.819,
    "weights": [
      2.149,
      2.181,
      0.903,
      0.877,
      2.849,
      -2.016,
      2.977,
      1.312
    ]
  },
  "amount": {
    "bias": -2.077,
    "weights": [
      2.464,
      0.102,
      0.927,
      1.569,
      1.561,
      -0.581,
      0.406,
      0
    ]
  },
  "date": {
    "bias": 0.933,
    "weights": [
      -0.68,
      2.171,
      1.251,
      0,
      1.021,
      0.239,
      0.656,
      0
    ]
  },
  "name": {
    "bias": -2.419,
    "weights": [
      0,
      0,
      0,
      0,
      4.362,
      0,
      1.66,
      1.65
    ]
  },
  "address": {
    "bias": -2.064,
    "weights": [
      0,
      0,
      0,
      0,
      2.76,
      0,
      2.454,
      0.881
    ]
  }
};
// END FITTED
