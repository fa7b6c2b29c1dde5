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
    "bias": -4.146,
    "weights": [
      1.89,
      2.255,
      0.532,
      0.831,
      2.821,
      -1.489,
      2.768,
      1.6
    ]
  },
  "amount": {
    "bias": -2.292,
    "weights": [
      2.307,
      0.406,
      0.914,
      1.669,
      1.91,
      -0.716,
      0.52,
      0
    ]
  },
  "date": {
    "bias": 1.877,
    "weights": [
      -0.17,
      0.11,
      1.395,
      0,
      0.39,
      1.033,
      0.628,
      0
    ]
  },
  "name": {
    "bias": -2.289,
    "weights": [
      0,
      0,
      0,
      0,
      3.79,
      0,
      1.82,
      1.839
    ]
  },
  "address": {
    "bias": -1.488,
    "weights": [
      0,
      0,
      0,
      0,
      2.536,
      0,
      1.384,
      1.274
    ]
  }
};
// END FITTED
