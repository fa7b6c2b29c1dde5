/**
 * How a document's own number is written, shared by its labels (`Invoice No: INV-7`) and title
 * lines (`Rechnung Nr. 4711 vom ...`).
 */

/** The words that mark a number (`Nr.`, `No`, `N°`, `#`...); longer words first, so `Number` is not read as `Num` + `ber`. */
export const NUMBER_MARKER = '(?:Number|Nummer|Numéro|Num|Nr|No|Nº|N°|N(?=\\.)|#)';

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}./_-]*/gu;

/** A token of a text that may be a number: letters, digits and separators, trailing separators cut. */
export interface NumberToken {
  value: string;
  start: number;
  end: number;
  /** It holds a digit: a word without one is no number. */
  hasDigit: boolean;
}

/** The tokens of `text`, left to right. */
export function numberTokens(text: string): NumberToken[] {
  return [...text.matchAll(TOKEN)].map((m) => {
    const value = m[0].replace(/[./_-]+$/u, '');
    return { value, start: m.index, end: m.index + value.length, hasDigit: /\p{N}/u.test(value) };
  });
}
