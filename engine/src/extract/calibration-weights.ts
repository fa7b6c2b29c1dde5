/**
 * Weights of the confidence model (confidence.ts).
 * Feature order: score, margin, support, rule, ocr, labelled.
 */
export type CalibrationGroup = 'amount' | 'date' | 'name' | 'address' | 'other';

// Provisional weights, set by hand until the fit on the datasets replaces them: recognition
// confidence weighs most, since a line read at 0.55 is as often wrong as right.
const PROVISIONAL = { bias: -12, weights: [3, 2, 1, 1.5, 10, 0.5] };

export const CALIBRATION: Record<CalibrationGroup, { bias: number; weights: number[] }> = {
  amount: PROVISIONAL,
  date: PROVISIONAL,
  name: PROVISIONAL,
  address: PROVISIONAL,
  other: PROVISIONAL,
};
