/**
 * The slip layouts by terminal family. Each prints the facts of a Sheet in its family's style
 * and labels what it prints (see sheet.ts and parts.ts).
 */
import type { Family } from './facts.js';
import { castles, ingenico, pax, verifone } from './layouts-acquirer.js';
import { adyen, square, stripe, sumup } from './layouts-apps.js';
import { cb } from './layouts-cb.js';
import { zvt } from './layouts-zvt.js';
import type { Sheet } from './sheet.js';

export type Layout = (s: Sheet) => void;

export const LAYOUTS: Record<Family, Layout> = { ingenico, verifone, pax, castles, zvt, cb, sumup, square, stripe, adyen };

/** Families whose slips print in capitals more often than not. */
export const UPPER_CASE_SHARE: Record<Family, number> = {
  ingenico: 0.7, verifone: 0.85, pax: 0.8, castles: 0.8, zvt: 0.15, cb: 1, sumup: 0, square: 0, stripe: 0.05, adyen: 0.3,
};
