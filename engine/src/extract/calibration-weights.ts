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
  "other": {
    "bias": -4.93,
    "weights": [
      1.591,
      2.372,
      -0.141,
      0.897,
      1.089,
      -0.913,
      2.754,
      1.963,
      1.664
    ]
  },
  "amount": {
    "bias": -2.663,
    "weights": [
      2.255,
      0.4,
      0.92,
      1.674,
      1.742,
      -0.684,
      0.511,
      0,
      0.539
    ]
  },
  "date": {
    "bias": 0.836,
    "weights": [
      -0.154,
      0.152,
      1.371,
      0,
      -0.062,
      1.021,
      0.542,
      0,
      1.543
    ]
  },
  "name": {
    "bias": -2.756,
    "weights": [
      0,
      0,
      0,
      0,
      1.496,
      0,
      1.639,
      2.047,
      2.2
    ]
  },
  "address": {
    "bias": -1.423,
    "weights": [
      0,
      0,
      0,
      0,
      1.7,
      0,
      1.115,
      1.318,
      1.836
    ]
  }
};

/**
 * Under these confidences a value sends its document to review, per group of fields: chosen by
 * the same fit so that, over every dataset's tuning documents together, as many documents as
 * possible pass straight through while at most about one in fifty passes with a wrong value.
 */
export const REVIEW_THRESHOLDS: Record<CalibrationGroup, number> = {
  "other": 0.85,
  "amount": 0.85,
  "date": 0.85,
  "name": 0.85,
  "address": 0.85
};
// END FITTED
