import { CURRENCY_BEFORE_FIGURE } from './currency.js';
import { memoByText } from './memo.js';
import { zerosInFigures } from './digit-letters.js';

/**
 * Amounts as receipts and invoices print them: decimal point or comma, thousands grouped by
 * comma, point, no-break space or apostrophe, minus in front or behind (refund lines print `0.75-`),
 * or parentheses; tills also print cents without the leading zero (`.05`, `-.01`). Currency marks
 * around the number are left to currency.ts.
 */

export type DecimalMark = '.' | ',';

export interface ParsedAmount {
  value: number;
  /** The characters the value was read from, as printed. */
  raw: string;
  /** Where `raw` starts and ends in the text searched. */
  start: number;
  end: number;
  /** The decimal mark read, or null for a whole number. */
  decimal: DecimalMark | null;
  /** Two readings were possible (`1,234`: 1234 or 1.234); `decimal` says which was taken. */
  ambiguous: boolean;
  /** Read against a letter taken for a misread currency sign (`E8.45`). */
  misreadSign?: boolean;
}

export interface AmountOptions {
  /** The document's decimal mark when known (from its other amounts or its locale). */
  decimal?: DecimalMark;
}

// A number with optional grouping and decimals, optionally signed or in parentheses. Lookarounds
// keep it from starting or ending inside a longer token: a word, a date (18-04-2018, 18/04), a
// time (20:27) or a percentage, its sign against it or a space away (`PTU C 5,00 %`). Plain
// spaces never group digits: on receipts they part columns (`2 100.00` is a quantity and a
// price); no-break spaces, as typeset invoices use, do. A currency
// written against the figure (`RM37.10`, `EUR12,50`) is the one word allowed right before it.
const AMOUNT =
  /(?:(?<![\p{L}\p{N}.,/:-])|(?<=(?<![\p{L}])(?:RM|Rs|Rp|USD|EUR|GBP|SGD|MYR|AUD|CAD|CHF|INR|IDR|HKD|NZD|PHP|THB|CNY|JPY)))(\(\s*)?([-\u2212]\s?)?(\d{1,3}(?:[,.'\u2019\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?|(?<![\p{N}])[.,]\d{2}(?![\p{N}]))(-(?!\p{N}))?(\s*\))?(?![\p{L}\p{N}%]|[.,/:-]\p{N}|\s%)/gu;
// A minus against the currency before the figure signs it: `ROUNDING: -RM0.02`, `-€1.50`.
const SIGNED_CURRENCY_BEFORE = new RegExp(String.raw`(?<![\p{L}\p{N}])[-\u2212](?=${CURRENCY_BEFORE_FIGURE}$)`, 'u');

const scanAmounts = memoByText(readAmounts);

/**
 * Every amount in a text, left to right. The document's decimal mark only settles ambiguous
 * amounts (`1,234`), so a text without one is read once for every mark.
 */
export function findAmounts(text: string, opts?: AmountOptions): readonly ParsedAmount[] {
  const plain = scanAmounts(text);
  if (!opts?.decimal || !plain.some((a) => a.ambiguous)) return plain;
  return scanAmounts(text, { decimal: opts.decimal });
}

// A point or dot against a figure that has its own decimals (`.297.00`, `·80.00`): no second
// decimal mark, but a currency sign the recogniser read as one (`₹`), blanked (same length).
const STRAY_MARK = /(?<![\p{L}\p{N}.,])[.·`](?=\d+[.,]\d{2}(?![\p{N}]))/gu;

function readAmounts(text: string, opts: AmountOptions = {}): ParsedAmount[] {
  const found: ParsedAmount[] = [];
  if (!/\d/.test(text)) return found;
  text = zerosInFigures(text.replace(STRAY_MARK, ' '));
  for (const m of text.matchAll(AMOUNT)) {
    const [whole, open, lead, digits, trail, close] = m;
    if (open && !close) continue;
    const read = readDigits(digits, opts.decimal);
    if (!read) continue;
    const negative = Boolean(lead || trail || (open && close)) || (!open && SIGNED_CURRENCY_BEFORE.test(text.slice(Math.max(0, m.index - 8), m.index + 1)));
    const value = negative && read.value !== 0 ? -read.value : read.value;
    found.push({ value, raw: whole, start: m.index, end: m.index + whole.length, decimal: read.decimal, ambiguous: read.ambiguous });
  }
  // Figures with cents against a letter, which AMOUNT leaves as part of a word: a pound or euro
  // sign the recogniser read as a letter (`E8.45`, `C12,50`, `f22.00`; `E10` is a petrol grade), read less
  // surely, and a tax class letter printed after the price (`8,50C`, as Polish fiscal receipts print it).
  for (const [re, misreadSign] of [[MISREAD_SIGN, true], [CLASS_LETTER_AFTER, false]] as const) {
    for (const m of text.matchAll(re)) {
      const start = m.index + m[0].indexOf(m[1]);
      const end = start + m[1].length;
      if (found.some((f) => f.start < end && start < f.end)) continue;
      // A deduction's minus stands before a class-lettered price (`Rabat -5,00A`).
      const minus = m[1].startsWith('-');
      const read = readDigits(minus ? m[1].slice(1) : m[1], opts.decimal);
      if (read) found.push({ value: minus && read.value !== 0 ? -read.value : read.value, raw: m[1], start, end, decimal: read.decimal, ambiguous: read.ambiguous, ...(misreadSign ? { misreadSign } : {}) });
    }
  }
  // Cents parted from their figure by a space after the comma, ending the line (`TOTAAL 42, 84`,
  // as OCR splits a thermal print's digits): one amount, read less surely, for the two it looked like.
  const split = SPLIT_CENTS.exec(text);
  if (split) {
    const start = split.index;
    const end = start + split[1].length + 2 + split[2].length;
    const kept = found.filter((a) => a.end <= start || a.start >= end);
    kept.push({ value: Number(`${split[1]}.${split[2]}`), raw: text.slice(start, end), start, end, decimal: ',', ambiguous: true });
    return kept.sort((a, b) => a.start - b.start);
  }
  return found.sort((a, b) => a.start - b.start);
}

const SPLIT_CENTS = /(?<![\p{L}\p{N}.,])(\d{1,6}), (\d{2})(?=\s*(?:[A-Z]{3}|€|£|zł|kr|Kč)?\s*$)/u;

const MISREAD_SIGN = /(?<![\p{L}\p{N}.,])[ECf](\d{1,6}[.,]\d{2})(?![\p{L}\p{N}%]|[.,/:-]\p{N})/gu;
const CLASS_LETTER_AFTER = /(?<![\p{L}\p{N}.,/:-])((?:(?<![^\s])-)?\d{1,6}[.,]\d{2})(?=[A-G](?:\s|$))/gu;

/** A figure as printed with its cents (`12.50`, `(12.50)`, `12,50-`), not a whole number or a count. */
export function printedWithCents(raw: string): boolean {
  return /[.,]\d{2}$/.test(raw.replace(/[-)\s]+$/, ''));
}

/** The one amount a text holds (a field's value cell), or null when it holds none or several. */
export function parseAmount(text: string, opts: AmountOptions = {}): ParsedAmount | null {
  const all = findAmounts(text, opts);
  return all.length === 1 ? all[0] : null;
}

function readDigits(s: string, hint: DecimalMark | undefined): { value: number; decimal: DecimalMark | null; ambiguous: boolean } | null {
  const marks = [...s.matchAll(/[^\d]/g)].map((m) => ({ char: m[0], at: m.index }));
  if (marks.length === 0) return { value: Number(s), decimal: null, ambiguous: false };
  const last = marks[marks.length - 1];
  const tail = s.length - last.at - 1;
  const kinds = new Set(marks.map((m) => m.char));
  let decimal: DecimalMark | null = null;
  let ambiguous = false;
  if ((last.char === '.' || last.char === ',') && tail !== 3) {
    // 1-2 digits (or 4 and more, a rate or quantity) after the last mark: that mark is the decimal.
    decimal = last.char;
  } else if ((last.char === '.' || last.char === ',') && marks.length === 1) {
    // One mark followed by three digits: thousands unless the document writes decimals with it.
    ambiguous = true;
    decimal = hint === last.char ? last.char : null;
  } else if ((last.char === '.' || last.char === ',') && kinds.size > 1 && marks.slice(0, -1).every((m) => m.char !== last.char)) {
    // `1.234,567` style: a different mark before it groups, so this one is the decimal.
    decimal = last.char;
  }
  const groups = decimal ? marks.slice(0, -1) : marks;
  // Grouping marks must be one kind, three digits apart, and never the decimal mark itself; but
  // where every mark is one and the last has two digits after it (`1.249.00`), OCR read the
  // decimal comma as the grouping point: the figure is read so, less surely.
  const misreadComma = decimal !== null && tail === 2 && kinds.size === 1 && groups.length > 0;
  if (misreadComma) ambiguous = true;
  if (new Set(groups.map((m) => m.char)).size > 1 || (groups.some((m) => m.char === decimal) && !misreadComma)) return null;
  for (let i = 1; i < groups.length; i++) if (groups[i].at - groups[i - 1].at !== 4) return null;
  if (groups.length > 0) {
    const end = decimal ? last.at : s.length;
    if (end - groups[groups.length - 1].at !== 4 || groups[0].at > 3) return null;
  }
  const intPart = (decimal ? s.slice(0, last.at) : s).replace(/[^\d]/g, '') || '0';
  const frac = decimal ? s.slice(last.at + 1) : '';
  return { value: Number(frac ? `${intPart}.${frac}` : intPart), decimal, ambiguous };
}

/** The decimal mark most of a document's unambiguous amounts use, if any. */
export function dominantDecimal(amounts: readonly ParsedAmount[]): DecimalMark | undefined {
  let point = 0;
  let comma = 0;
  for (const a of amounts) {
    if (a.ambiguous || !a.decimal) continue;
    if (a.decimal === '.') point++;
    else comma++;
  }
  return point === comma ? undefined : point > comma ? '.' : ',';
}
