import { findCardMasks } from '../normalize/card.js';
import { SCHEME_NAMES } from '../vocabulary/vocabulary.js';
import { enumMatches } from './enum-words.js';

/**
 * What a card terminal prints around the payment, in any language (vocabulary/*.json): outcomes,
 * entry and verification methods, transaction types, copy markers, card words and schemes.
 */
const SLIP_CONCEPTS: readonly string[] = [
  'approved',
  'declined',
  'chip',
  'contactless',
  'swipe',
  'manual',
  'pin',
  'signature',
  'cdcvm',
  'sale',
  'refund',
  'void',
  'pre_authorization',
  'merchant_copy',
  'customer_copy',
  'card',
  ...SCHEME_NAMES,
];

/**
 * A row a terminal prints about the payment, not about the merchant: every word of it is a slip
 * word (`CARTE BANCAIRE`, `SANS CONTACT`, `Kartenzahlung`, `MASTERCARD CONTACTLESS`, `SALE`,
 * `TICKET CLIENT`), or it shows a masked card number. Such a row is never the merchant's name or
 * address, and after them the header is over.
 */
export function isSlipRow(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '').length;
  if (letters === 0) return false;
  if (findCardMasks(text).length > 0) return true;
  let covered = 0;
  for (const m of enumMatches(text, SLIP_CONCEPTS)) covered += m.raw.replace(/[^\p{L}]/gu, '').length;
  return covered >= letters;
}
