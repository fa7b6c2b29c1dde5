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
    "bias": 0.048,
    "weights": [
      3.139,
      3.362,
      -1.364,
      1.825,
      4.237,
      -2.318,
      -2.252,
      0,
      -2.031
    ]
  },
  "date": {
    "bias": -2.856,
    "weights": [
      1.271,
      1.529,
      -1.292,
      0,
      -0.834,
      0.269,
      2.764,
      0,
      2.979
    ]
  },
  "name": {
    "bias": -6.376,
    "weights": [
      2.716,
      1.791,
      2.12,
      0,
      1.245,
      0,
      1.664,
      0.019,
      2.013
    ]
  },
  "address": {
    "bias": -1.621,
    "weights": [
      0.406,
      0.406,
      0,
      0,
      0.638,
      0,
      0.764,
      1.106,
      1.164
    ]
  },
  "other": {
    "bias": 2.851,
    "weights": [
      -0.593,
      4.508,
      0.115,
      0,
      0.728,
      -0.722,
      -0.19,
      0,
      -0.377
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
  "name": 0.85,
  "address": 0.85,
  "other": 0.85
};
// END FITTED
