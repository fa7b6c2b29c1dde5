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
    "bias": -2.141,
    "weights": [
      3.742,
      2.461,
      0.595,
      0.604,
      3.19,
      -3.326
    ]
  },
  "amount": {
    "bias": -2.291,
    "weights": [
      4.072,
      0.851,
      -0.222,
      1.234,
      1.87,
      -2.228
    ]
  },
  "date": {
    "bias": 1.246,
    "weights": [
      -0.223,
      1.808,
      0.754,
      0,
      0.941,
      0.638
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
