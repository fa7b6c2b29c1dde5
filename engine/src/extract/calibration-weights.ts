/**
 * Weights of the confidence model (confidence.ts), one logistic regression per group of fields.
 * Feature order: score, margin, support, rule, ocr, labelled, page, complete, whole.
 *
 * Fitted by `npx tsx test/bench/fit-calibration.ts --ocr-cache DIR --write` on the tuning part of
 * every dataset (docs/extraction.md, Confidence; docs/benchmarks.md gives the figures). A group
 * with fewer than 40 labelled values takes the model fitted over all of them.
 */
export type CalibrationGroup = 'total' | 'amount' | 'date' | 'name' | 'address' | 'other';

// FITTED (written by the fit; edit the script, not these numbers)
export const CALIBRATION: Record<CalibrationGroup, { bias: number; weights: number[] }> = {
  "total": {
    "bias": -2.662,
    "weights": [
      4.445,
      2.778,
      -0.212,
      1.211,
      1.028,
      -1.599,
      -1.215,
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
    "bias": -1.296,
    "weights": [
      0.412,
      3.567,
      -1.667,
      0,
      3.339,
      0.275,
      -0.107,
      0,
      0.097
    ]
  },
  "name": {
    "bias": -5.833,
    "weights": [
      3.206,
      1.603,
      2.136,
      0,
      -1.109,
      0,
      2.368,
      0.26,
      2.502
    ]
  },
  "address": {
    "bias": 0.428,
    "weights": [
      0.892,
      0.892,
      0,
      0,
      0.446,
      0,
      -0.233,
      1.384,
      0.243
    ]
  },
  "other": {
    "bias": 5.589,
    "weights": [
      2.133,
      1.527,
      -0.985,
      0,
      -0.442,
      -2.988,
      0.01,
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
  "amount": 0.6,
  "date": 0.96,
  "name": 0.7,
  "address": 0.92,
  "other": 0.98
};
// END FITTED
