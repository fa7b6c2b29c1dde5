import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { slipClientOcr } from './slip-text.js';

/** The fixed moment the slip tests read at (a date after it is in the future). */
export const SLIP_NOW = new Date('2026-11-25T12:00:00Z');

/** A slip or till receipt's printed text read as `client_ocr` (slip-text.ts) by a built-in template. */
export function readSlip(text: string, type: 'payment_receipt' | 'retail_receipt' = 'payment_receipt') {
  const { pages } = parseClientOcr(slipClientOcr(text));
  return extractFromText({ pages }, templateVersion(type), { now: SLIP_NOW });
}

/** A till receipt's printed text, read by the retail receipt template. */
export const readTillReceipt = (text: string) => readSlip(text, 'retail_receipt');
