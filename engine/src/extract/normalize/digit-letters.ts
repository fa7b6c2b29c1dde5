/**
 * Words recognition read with a digit for a letter that looks like it (`IMP0RTE`, `MAESTR0`,
 * `Termina1-ID`, `N0 AUTO`): the text with those digits read back as letters, for finding label
 * and value words only (a value itself is read as printed: `A1B2C3` is an auth code).
 */

import { memoByText } from './memo.js';

// Runs of letters and digits: a word, or a code.
const RUN = /[\p{L}\p{N}]+/gu;
// A word of capitals (two at least) with a small l among them.
const CAPITALS_WITH_L = /^(?=(?:.*\p{Lu}){2})[\p{Lu}l]+$/u;

/**
 * The texts to look for words in: the text itself and, where a word holds a `0`, `1`, `2`, `5` or
 * `8` among at least as many letters (four at least with a `2` or an `8`) and no other digit, the
 * text with `0` read as `O`, `2` as `Z`, `5` as `S`, `8` as `B` and `1` as `l`, and with `1` read
 * as `I` (`TERM1NAL`); a word of capitals with a small `l` is also read with it as `I` (`PlN`). Each has the text's length, so positions carry over. Remembered per
 * text: every label finder and word list asks for the same lines.
 */
export const digitLetterReadings: (text: string) => readonly string[] = memoByText(readings);

function readings(text: string): string[] {
  if (!/[01258]|\p{Lu}l|l\p{Lu}/u.test(text)) return [text];
  let asL = '';
  let asI = '';
  let last = 0;
  for (const m of text.matchAll(RUN)) {
    const run = m[0];
    const digits = run.replace(/\P{N}/gu, '');
    const letters = run.length - digits.length;
    asL += text.slice(last, m.index);
    asI += text.slice(last, m.index);
    // A 2 or an 8 only in a word of four letters or more: a short run is a code (`BS7 8NR`, no `BNR`).
    if (letters > 0 && digits.length > 0 && digits.length <= letters && /^[01258]+$/u.test(digits) && (letters >= 4 || /^[015]+$/u.test(digits))) {
      asL += asLetters(run).replace(/1/g, 'l');
      asI += asLetters(run).replace(/1/g, 'I');
    } else if (CAPITALS_WITH_L.test(run)) {
      // A capital I read as a small l inside a word of capitals (`PlN`, `CHlP`, `GEWElGERD`).
      asL += run;
      asI += run.replace(/l/g, 'I');
    } else {
      asL += run;
      asI += run;
    }
    last = m.index + run.length;
  }
  asL += text.slice(last);
  asI += text.slice(last);
  return [...new Set([text, asL, asI])];
}

/** A word's `0`, `2`, `5` and `8` read as the capitals they look like (`2BLIZENIOWO`, `8ETRAG`). */
function asLetters(run: string): string {
  return run.replace(/[0258]/g, (d) => LETTER_OF_FIGURE[d]);
}

const LETTER_OF_FIGURE: Readonly<Record<string, string>> = { '0': 'O', '2': 'Z', '5': 'S', '8': 'B' };

// An O among a figure's digits (`12,2O`, `5 68O`, `1O%`, `12:O9`), or opening one before its
// decimal mark or its next digit (`O,50`, `O5.02.`; not `O2 Shop`, `H2O`): recognition read a
// zero as the letter.
const O_AMONG_DIGITS = /(?<=(?<!\p{L})\d[.,:/-]?)[Oo](?=[\d.,:/%Oo-]|\s|$)|(?<![\p{L}\p{N}])[Oo](?=[.,:]\d|\d[\d.,:/-])/gu;

/**
 * The text with an O read as a zero where it stands among a figure's digits, a B or S in a
 * price's decimal places or a clock's minutes as the digit it looks like, and an l or I opening a
 * price as a 1, for reading amounts, dates and times (the other way round from
 * digitLetterReadings). Same length, so positions carry over.
 */
export function zerosInFigures(text: string): string {
  if (!/\d/.test(text)) return text;
  const ones = /[lI]/.test(text) ? text.replace(ONE_AMONG_DIGITS, '1') : text;
  // Twice: a second O after the first (`7OO,00`) stands among digits once the first is read.
  const zeros = /[Oo]/.test(ones) ? ones.replace(O_AMONG_DIGITS, '0').replace(O_AMONG_DIGITS, '0') : ones;
  return zeros
    .replace(SECOND_DECIMAL, (ch) => lettersAsFigures(ch, true))
    .replace(FIRST_DECIMAL, (ch) => lettersAsFigures(ch, true))
    .replace(CLOCK_MINUTE, (ch) => lettersAsFigures(ch, true))
    .replace(ONE_OPENING_PRICE, '1')
    .replace(CLOCK_ONES, (t) => (t.replace(/\D/gu, '').length >= 2 ? t.replace(/[lI]/gu, '1') : t))
    .replace(PRICE_AFTER_CURRENCY, (p) => (/\d/u.test(p) ? lettersAsFigures(p, true) : p));
}

// The same in a price's first decimal place before its second (`14,S0`), and opening a clock's
// minutes (`20:S1`): no letter stands there.
const FIRST_DECIMAL = /(?<=(?<![\p{L}\d.,])\d{1,6}[.,])[BS](?=\d(?![\p{L}\p{N}]))/gu;
const CLOCK_MINUTE = /(?<=(?<![\p{L}\d])\d{1,2}:)[BS](?=\d(?![\p{L}\p{N}]))/gu;

// An l or I between a figure's digits, or between a digit and a mark followed by a digit
// (`1l2,40`, `19.0l.2026`), closing a clock's minutes or seconds (`16:4l`, `10:22:3l`) or a date (`2026-11-2l`,
// `21.11.202l`), opening a date (`l6-10-2026`)
// or a price's decimals before an O (`27,lO`): a 1. Not after a figure alone (`1,5l` is a litre).
const ONE_AMONG_DIGITS = /(?<=(?<![\p{L}\d])\d{1,2}:\d)[lI](?![\p{L}\p{N}])|(?<=(?<![\p{L}\d])\d{4}-\d{2}-\d|(?<![\p{L}\d])\d{1,2}[./-]\d{1,2}[./-]\d{3})[lI](?![\p{L}\p{N}])|(?<=\d[.,:/-]?)[lI](?=\d)|(?<=\d)[lI](?=[.,:/-]\d)|(?<=(?<![\p{L}\d])\d{1,2}:\d{2}:\d)[lI](?![\p{L}\p{N}])|(?<![\p{L}\p{N}])[lI](?=\d[-./]\d{1,2}[-./]\d{2,4}(?!\d))|(?<=\d[.,])[lI](?=[Oo](?![\p{L}\p{N}]))/gu;

// An l or I opening a price glued to its digits, or standing as its one figure (`EUR l89,90`, `l,21`): a
// 1, as no word runs into a figure with cents.
const ONE_OPENING_PRICE = /(?<![\p{L}\p{N}])[lI](?=\d{0,5}[.,]\d{2}(?![\p{L}\p{N}]))/gu;

// A clock whose ones OCR read as l or I, several of them (`2l:l4:52`): each group needs the others.
const CLOCK_ONES = /(?<![\p{L}\p{N}])[\dlI]{1,2}:[\dlI]{2}(?::[\dlI]{2})?(?![\p{L}\p{N}])/gu;

// A price right after its currency's code or sign whose figures OCR read as look-alike letters
// (`EUR 2B,90`, `EUR l9,S5`, `EUR  S,8O`): after the currency no word stands, so they are figures.
const PRICE_AFTER_CURRENCY = /(?<=(?<![\p{L}])(?:[A-Z]{3}|€|£)\s{0,3})[\dlIOoBS]{1,5}[.,][\dOoBSlI]{2}(?![\p{L}\p{N}])/gu;

// A B or S in a price's second decimal place (`28,4B`, `3,5S`): prices print two decimals and a
// tax class letter comes after both (`8,50C`), so such a letter in their place is a misread
// digit. Not an l: `1,0l` is a litre.
const SECOND_DECIMAL = /(?<=(?<![\p{L}\d.,])\d{1,6}[.,]\d)[BS](?![\p{L}\p{N}])/gu;

/**
 * Letters recognition reads for the figures they look like: `l` and `I` for 1, `O` and `o` for 0;
 * with `wide`, also `B` for 8, `S` for 5 and `Z` for 2 (a word's capitals too, so only where the
 * caller knows the text is a number).
 */
const FIGURE_OF_LETTER: Readonly<Record<string, string>> = { l: '1', I: '1', O: '0', o: '0', B: '8', S: '5', Z: '2' };

/** The text with those letters read as the figures they look like (same length). */
export function lettersAsFigures(text: string, wide = false): string {
  return text.replace(wide ? /[lIOoBSZ]/g : /[lIOo]/g, (c) => FIGURE_OF_LETTER[c]);
}

/**
 * A number of which OCR read at most `most` figures as the letters they look like (`33B1`,
 * `A00000000310l0`'s tail, `DE2B1334907`'s figures), read as figures; null where more of it are
 * such letters. Spaces are kept and not counted; the caller's pattern has settled the characters.
 */
export function fewLettersAsFigures(text: string, most: number, wide = true): string | null {
  return text.replace(/[\d\s]/gu, '').length <= most ? lettersAsFigures(text, wide) : null;
}

