import type { DocumentText, Line } from '../layout/document-text.js';
import { findAmounts, type DecimalMark } from '../normalize/amount.js';
import { isCurrencyCode } from '../known-lists.js';
import { markCode } from '../normalize/currency.js';
import type { Candidate } from './candidates.js';

/** A slip's dynamic currency conversion: the amount charged to the card, in the card's currency. */
export interface Conversion {
  amount: number;
  currency: string;
  line: Line;
  start: number;
  end: number;
}

const SPACE_GROUPED = /(?<![\p{N}.,])\d{1,3}(?: \d{3})+,\d{2}(?![\p{N}])/gu;
const WHOLE_SPACE_GROUPED = /(?<![\p{N}.,])\d{1,3}(?: \d{3})+(?=\s?(?:[A-Z]{3}|Ft|Kč)(?![\p{L}]))/gu;

// An exchange rate as terminals print it: `1 GBP = 1.2731 USD`, `KURS 1 EUR = 0,9868 CHF`, or in
// a lower-case print `kurz: 1 czk = 0,04102 eur`.
// An O among the rate's figures is a zero as OCR reads a photo (`1 EUR = O,8612 GBP`). A
// currency may be its letter mark (`1 EUR = 51,2480 TL`).
const RATE = /(?<![\p{N}.,])1(?:[.,]0+)?\s*([A-Z]{2,3})\s*=\s*([\dOo]+[.,][\dOo]*\d[\dOo]*)\s*([A-Z]{2,3})(?![\p{L}])/iu;

/**
 * Dynamic currency conversion read by its arithmetic, whatever the slip's words: an exchange rate
 * line, and two of the slip's amounts that it turns one into the other (local x rate = card, to
 * the cent). The one printed later is what the card is charged, in its currency (the local
 * price is not the amount).
 */
export function readConversion(doc: DocumentText, decimal: DecimalMark | undefined): Conversion | null {
  let rate: { from: string; to: string; value: number; row: number } | null = null;
  for (const line of doc.lines) {
    const m = RATE.exec(line.text);
    const [from, to] = [codeOf(m?.[1] ?? ''), codeOf(m?.[3] ?? '')];
    if (m && isCurrencyCode(from) && isCurrencyCode(to) && from !== to) {
      rate = { from, to, value: Number(m[2].replace(/[Oo]/gu, '0').replace(',', '.')), row: line.row };
      break;
    }
  }
  if (!rate || !(rate.value > 0)) return null;
  const amounts: { value: number; line: Line; start: number; end: number }[] = [];
  for (const line of doc.lines) {
    if (RATE.test(line.text)) continue;
    // A colon glued to a figure (`Belopp:1016,95`) parts a label from it here.
    const text = line.text.replace(/:/g, ' ');
    // With decimal commas, thousands parted by plain spaces are one figure (`KWOTA PLN 1 240,00`).
    const grouped = decimal === ',' ? [...text.matchAll(SPACE_GROUPED)].map((m) => ({ value: Number(m[0].replace(/ /g, '').replace(',', '.')), line, start: m.index, end: m.index + m[0].length })) : [];
    // So are whole thousands with a currency's code after them, as currencies without minor units
    // print (`62 400 HUF`).
    grouped.push(...[...text.matchAll(WHOLE_SPACE_GROUPED)].map((m) => ({ value: Number(m[0].replace(/ /g, '')), line, start: m.index, end: m.index + m[0].length })));
    amounts.push(...grouped);
    for (const a of findAmounts(text, { decimal })) {
      if (a.decimal !== null && a.value > 0 && !grouped.some((g) => a.start < g.end && g.start < a.end)) amounts.push({ value: a.value, line, start: a.start, end: a.end });
    }
  }
  const close = (a: number, b: number) => Math.abs(a - b) <= 0.011 + 0.0005 * Math.abs(b);
  // Most terminals quote the rate as one unit of the local currency in the card's (`1 GBP =
  // 1.2731 USD` on a British terminal charging a US card): the card's amount is local x rate.
  // Others quote it the other way round (`1 EUR = 4,1250 PLN` on a Polish terminal charging a
  // euro card). Either way a slip prints the local price first and what the card is charged
  // after it: of the two figures, the one printed later is the card's.
  for (const a of amounts) {
    for (const b of amounts) {
      // Two equal figures under a rate near one (`1,00 EUR` and `1,00 CHF` at 1,0032) fit both
      // ways round: the arithmetic tells neither which is the card's nor its currency.
      if (b === a || !close(b.value * rate.value, a.value) || close(a.value, b.value)) continue;
      const reversed = b.line.row > a.line.row || (b.line.row === a.line.row && b.start > a.start);
      const card = reversed ? b : a;
      return { amount: card.value, currency: reversed ? rate.from : rate.to, line: card.line, start: card.start, end: card.end };
    }
  }
  return null;
}

/**
 * The converted amount, or its currency, as a candidate above any label's: the arithmetic is the
 * evidence. A labelled figure ranks up to about 1.3 (its label, the last row, the largest figure,
 * printed again), so the conversion's score stands clear of it.
 */
export function conversionCandidates(field: 'total' | 'currency', conversion: Conversion | null): Candidate[] {
  if (!conversion) return [];
  const { line, start, end } = conversion;
  const value = field === 'total' ? conversion.amount : conversion.currency;
  return [{ value, raw: line.text.slice(start, end), line, start, end, label: null, relation: 'arithmetic', score: CONVERSION_SCORE }];
}

// Above the best a labelled reading ranks.
const CONVERSION_SCORE = 2;

/** A rate's currency as its code: an ISO code as printed, or a letter mark's (`TL`). */
function codeOf(printed: string): string {
  const upper = printed.toUpperCase();
  return upper.length === 3 && isCurrencyCode(upper) ? upper : (markCode(printed) ?? '');
}
