import { findDates, type ParsedDate } from '../normalize/date.js';
import { NUMBER_MARKER, numberTokens } from './document-number.js';

/** What a document's title line gives: its number, and the date printed after it. */
export interface TitleLine {
  number: { value: string; start: number; end: number };
  date: { parsed: ParsedDate; start: number; end: number } | null;
}

// The title word opens the line: an invoice in English, German (compounds ending in the word
// too: Handelsrechnung, Schlussrechnung, Rechnungskorrektur; not Rechnungsdatum or
// Rechnungsbetrag, which are labels), French, Spanish, Italian and the Nordic languages.
const TITLE_WORD = /^[\s:;|#-]*(?:[\p{L}]*rechnung(?:skorrektur)?|gutschrift|(?:tax\s+|commercial\s+)?invoice|credit\s+note|facture|factura|fattura|faktura|avoir)(?![\p{L}])/iu;
// A number marker; with one, up to three words or a bracketed type code may stand before it
// ("Rechnung des Versicherers (575) Nr. ..."); without, the number follows the title word.
const MARKED = new RegExp(`^(?:\\s+(?:\\([^)]{1,40}\\)|[\\p{L}.-]{1,20})){0,3}?\\s*${NUMBER_MARKER}\\.?\\s*:?\\s*`, 'iu');
const BARE = /^\s*:?\s*/u;
// Words between the number and its date ("vom", "du", "dated", "issued at").
const DATE_LEAD = /^\s*,?\s*(?:vom|von|du|del|dated|of|from|date[d:]?|issued(?:\s+(?:at|on))?)?\s*/iu;

/**
 * Reads a title line such as `Handelsrechnung (380) Nr. 471102 vom 05.03.2018`,
 * `Facture FA-2017-0010` or `Invoice # RE-2019/507 issued at 2019-06-10`: the document's
 * number and, where it follows, its date. Null for any other line.
 */
export function readTitleLine(text: string): TitleLine | null {
  const title = TITLE_WORD.exec(text);
  if (!title) return null;
  let at = title[0].length;
  const rest = text.slice(at);
  const marker = MARKED.exec(rest) ?? BARE.exec(rest);
  if (!marker) return null;
  at += marker[0].length;
  // A date straight after the title (`Invoice 12 March 2021`) is the date, not a number.
  if (findDates(text.slice(at))[0]?.start === 0) return null;
  // The number stands right there, and holds a digit.
  const token = numberTokens(text.slice(at))[0];
  if (!token || token.start !== 0 || !token.hasDigit) return null;
  const number = { value: token.value, start: at, end: at + token.end };
  const lead = DATE_LEAD.exec(text.slice(number.end));
  const dateAt = number.end + (lead?.[0].length ?? 0);
  const first = findDates(text.slice(dateAt))[0];
  const date = first && first.start === 0 ? { parsed: first, start: dateAt, end: dateAt + first.end } : null;
  return { number, date };
}
