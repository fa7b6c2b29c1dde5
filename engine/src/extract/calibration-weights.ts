/**
 * Weights of the confidence model (confidence.ts), written by `npm run bench:extract -- --fit`.
 * Feature order: score, margin, support, rule, ocr, labelled.
 */
export type CalibrationGroup = 'amount' | 'date' | 'name' | 'address' | 'other';

export const CALIBRATION: Record<CalibrationGroup, { bias: number; weights: number[] }> = {
  amount: { bias: -3, weights: [3, 2, 1, 1.5, 2, 0.5] },
  date: { bias: -3, weights: [3, 2, 1, 1.5, 2, 0.5] },
  name: { bias: -3, weights: [3, 2, 1, 1.5, 2, 0.5] },
  address: { bias: -3, weights: [3, 2, 1, 1.5, 2, 0.5] },
  other: { bias: -3, weights: [3, 2, 1, 1.5, 2, 0.5] },
};
