/**
 * The words card-terminal slips print, per language, as alternatives to pick from. Written for
 * the slip generator alone: nothing here comes from (or may be imported into) the engine's own
 * vocabulary, because the generated slips benchmark that engine and shared words would flatter it.
 *
 * The tables live in wording-<group>.ts; this module holds the types, the registry and the
 * accent-less variant (many thermal printers have no code page for accents and print "BELOB",
 * "GODKAND", "AUTORISATION", so a slip may come out without them).
 */
import { WORDS_EN_DE_FR } from './wording-en-de-fr.js';
import { WORDS_ES_IT_PT } from './wording-es-it-pt.js';
import { WORDS_NL_PL } from './wording-nl-pl.js';
import { WORDS_NORDIC } from './wording-nordic.js';

export const LANGS = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'nb', 'fi'] as const;
export type Lang = (typeof LANGS)[number];

/** What a word says. Several of them label the same field (amount and total both label the amount). */
export type WordKey =
  // money
  | 'amount' | 'total' | 'base' | 'tip' | 'cashback'
  // numbers and codes
  | 'date' | 'time' | 'receipt' | 'trace' | 'terminal' | 'merchantId' | 'auth' | 'rrn' | 'batch'
  | 'card' | 'seq' | 'aid' | 'response'
  // outcome and transaction kind
  | 'approved' | 'declined' | 'sale' | 'refund' | 'void' | 'preauth' | 'cardPayment'
  // how the card was read and the cardholder verified
  | 'contactless' | 'chip' | 'swipe' | 'manual' | 'pin' | 'signature' | 'noCvm' | 'cdcvm' | 'signHere'
  // copies and footers
  | 'customerCopy' | 'merchantCopy' | 'keep' | 'thanks' | 'tel'
  // dynamic currency conversion
  | 'rate' | 'txCurrency' | 'charged' | 'dccNotice'
  // app printers' sentences: '{x}' is replaced by the scheme name or the last four digits
  | 'paidWith' | 'cardEnding' | 'receiptTitle';

export type Words = Record<WordKey, readonly string[]>;

export const WORDS: Record<Lang, Words> = { ...WORDS_EN_DE_FR, ...WORDS_ES_IT_PT, ...WORDS_NL_PL, ...WORDS_NORDIC };

/**
 * Letters a 7-bit printer cannot print, and what it prints instead. Decomposition (NFD) handles
 * the accents; these letters have no decomposition.
 */
const PLAIN_LETTERS: Record<string, string> = {
  ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', ß: 'ss', ł: 'l', Ł: 'L', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D',
  º: 'o', ª: 'a',
};

/** The text as a printer without accented letters prints it: 'BELØB' -> 'BELOB', 'Nº' -> 'No'. */
export function stripAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØæÆßłŁœŒđĐºª]/g, (ch) => PLAIN_LETTERS[ch])
    .normalize('NFC');
}

/**
 * stripAccents for a printed line: 'Æ' becomes two letters, so the line's widest gap of spaces
 * gives up as many columns and right-aligned values stay in their column.
 */
export function stripAccentsInLine(line: string): string {
  let out = stripAccents(line);
  let extra = out.length - line.length;
  while (extra > 0) {
    const gaps = out.match(/ {2,}/g);
    if (!gaps) break;
    const widest = gaps.reduce((a, b) => (b.length > a.length ? b : a));
    const take = Math.min(extra, widest.length - 1);
    out = out.replace(widest, ' '.repeat(widest.length - take));
    extra -= take;
  }
  return out;
}
