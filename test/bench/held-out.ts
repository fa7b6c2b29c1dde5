import { hashedPart } from '../../models/layout/split.js';
import type { Sample } from './extract-truth.js';

/** Whether the layout model was kept from learning this benchmark document (models/layout/split.ts). */
export function isHeldOut(dataset: string, s: Sample): boolean {
  switch (dataset) {
    case 'wildreceipt':
    case 'zugferd':
    case 'cardslips':
    case 'cardslips-public':
      return hashedPart(s.id) === 'held_out';
    // SROIE's benchmark receipts are those with images, all held out; invoice2data is never trained on.
    default:
      return true;
  }
}
