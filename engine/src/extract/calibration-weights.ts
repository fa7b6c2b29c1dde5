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
    "bias": -0.663,
    "weights": [
      5.371,
      2.557,
      -0.557,
      1.816,
      3.147,
      -2.737,
      -3.568,
      0,
      -0.209
    ]
  },
  "date": {
    "bias": -1.003,
    "weights": [
      1.114,
      1.768,
      -1.762,
      0,
      -1.506,
      0.452,
      2.838,
      0,
      1.908
    ]
  },
  "name": {
    "bias": -6.626,
    "weights": [
      3.025,
      1.904,
      2.128,
      0,
      0.733,
      0,
      1.881,
      -0.091,
      2.337
    ]
  },
  "address": {
    "bias": -1.453,
    "weights": [
      0.397,
      0.397,
      0,
      0,
      0.656,
      0,
      0.324,
      1.138,
      1.452
    ]
  },
  "other": {
    "bias": 6.509,
    "weights": [
      0.73,
      0.919,
      -1.129,
      0,
      -0.267,
      -1.631,
      -0.371,
      0,
      -0.177
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
  "date": 0.96,
  "name": 0.75,
  "address": 0.85,
  "other": 0.85
};
// END FITTED
