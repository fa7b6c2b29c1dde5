/**
 * Weights of the confidence model (confidence.ts), one logistic regression per group of fields.
 * Feature order: score, margin, support, rule, ocr, labelled, page, complete, whole.
 *
 * Fitted by `npx tsx test/bench/fit-calibration.ts --ocr-cache DIR --write` on the SROIE and
 * WildReceipt receipts as the engine's OCR reads them (docs/benchmarks.md gives the figures).
 * `other` is fitted over every labelled field and serves fields without labels of their own.
 */
export type CalibrationGroup = 'total' | 'amount' | 'date' | 'name' | 'address' | 'other';

// FITTED (written by the fit; edit the script, not these numbers)
export const CALIBRATION: Record<CalibrationGroup, { bias: number; weights: number[] }> = {
  "total": {
    "bias": -2.661,
    "weights": [
      4.447,
      2.777,
      -0.211,
      1.21,
      1.026,
      -1.599,
      -1.214,
      0,
      1.341
    ]
  },
  "amount": {
    "bias": -2.294,
    "weights": [
      3.892,
      0.481,
      -0.753,
      3.328,
      1.095,
      -0.524,
      -1.736,
      0,
      0.224
    ]
  },
  "date": {
    "bias": -1.297,
    "weights": [
      0.412,
      3.568,
      -1.668,
      0,
      3.339,
      0.275,
      -0.106,
      0,
      0.098
    ]
  },
  "name": {
    "bias": -5.833,
    "weights": [
      3.206,
      1.604,
      2.136,
      0,
      -1.11,
      0,
      2.369,
      0.259,
      2.502
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
    "bias": 5.583,
    "weights": [
      2.134,
      1.528,
      -0.985,
      0,
      -0.439,
      -2.987,
      0.011,
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
  "total": 0.8,
  "amount": 0.75,
  "date": 0.96,
  "name": 0.7,
  "address": 0.92,
  "other": 0.96
};
// END FITTED
