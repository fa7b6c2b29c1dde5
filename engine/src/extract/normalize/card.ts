import { escapeRegExp } from '../layout/labels.js';
import { fewLettersAsFigures } from './digit-letters.js';
import { SCHEME_NAMES, schemeWords } from '../vocabulary/vocabulary.js';

/**
 * Card numbers as slips print them: masked (`**** **** **** 1234`, `XXXXXXXXXXXX1234`,
 * `############1234`, `5412 75** **** 1234`, `...1234`, `…1234`, `ending 1234`). Only the last four digits are kept: a full
 * number is never returned, so an unmasked PAN printed by mistake does not travel further.
 */

export interface ParsedCardMask {
  /** The last four digits. */
  lastFour: string;
  raw: string;
  start: number;
  end: number;
  /** The first six digits (BIN) when printed; they name the scheme. */
  bin: string | null;
}

// Digits and mask characters in groups; at least four mask characters or a lead word.
// The printed lead digits may be grouped as the card is (`5412 75** ...`).
const MASKED = /(?<![\p{L}\p{N}])((?:[0-9]{4}[ -]?[0-9]{0,2}[ -]?)?(?:[*xX#•+.]{2,}[ -]?){1,4}[*xX#•+.]*[ -]?)([0-9]{4})(?![\p{N}])/gu;
// A 17-digit card (Bancontact) printed in groups of four and one: the last four parted by the
// last group's space (`6703 XXXX XXXX X512 2`).
const MASKED_SPLIT = /(?<![\p{L}\p{N}])((?:[0-9]{4}[ -])?(?:[*xX#•+]{4}[ -]){2,3}[*xX#•+]{1,3})([0-9]{1,3})[ -]([0-9]{1,3})(?![\p{N}])/gu;
const ENDING = /\b(?:ending(?: in)?|ends in|last 4|last four)\s*[:#]?\s*([0-9]{4})(?![\p{N}])/giu;
// The same words after the digits (`8866 (last 4)`).
const ENDING_AFTER = /(?<![\p{L}\p{N}])([0-9]{4})\s*\(?(?:last 4|last four)\)?/giu;
const ALONE = /^\s*(?:\.{2,3}|…)\s?[0-9]{4}\s*$/u;
/** A text that ends with one of `words` (whole words, any case). */
const endingWith = (words: readonly string[]) => new RegExp(`(?<![\\p{L}])(?:${words.map(escapeRegExp).join('|')})\\s*$`, 'iu');
const SCHEME_WORDS = SCHEME_NAMES.flatMap((s) => schemeWords(s));
const SCHEME_WORD_SET: ReadonlySet<string> = new Set(SCHEME_WORDS.map((w) => w.toUpperCase()));

/** A card scheme's printed word (`VISA`, `Mastercard`, `CB`), in any case. */
export function isSchemeWord(word: string): boolean {
  return SCHEME_WORD_SET.has(word.toUpperCase());
}

/** An EMV application identifier's shape: a registered application provider id (`A0000000` / `D2760000`...) and its extension. */
export const AID_SHAPE = '[AD][0-9]{9}[0-9A-F]{0,22}';
const AID_ALONE = new RegExp(`^${AID_SHAPE}$`, 'u');

/** A text that is an AID and nothing else (`A0000000043060`). */
export function isAid(text: string): boolean {
  return AID_ALONE.test(text.toUpperCase());
}
// A scheme's word (the scheme table's), or DEBIT / CREDIT, right before the number.
const AFTER_SCHEME = endingWith([...SCHEME_WORDS, 'DEBIT', 'CREDIT']);
const AFTER_SCHEME_WORD = endingWith(SCHEME_WORDS);

/** A text that ends with a scheme's word (`MC `, `VISA`): what follows names the card (`MC DEBIT`). */
export function endsWithSchemeWord(text: string): boolean {
  return AFTER_SCHEME_WORD.test(text);
}

const BEFORE_SCHEME_WORD = new RegExp(`^\\s*(?:${SCHEME_WORDS.map(escapeRegExp).join('|')})(?![\\p{L}])`, 'iu');

const SCHEME_WORD_ANYWHERE = new RegExp(`(?<![\\p{L}])(?:${SCHEME_WORDS.map(escapeRegExp).join('|')})(?![\\p{L}])`, 'iu');

/** A text that names a scheme by one of its words, of one word or more (`VISA`, `American Express`). */
export function namesSchemeWord(text: string): boolean {
  return SCHEME_WORD_ANYWHERE.test(text);
}

/** A text that starts with a scheme's word: what comes before names the card (`DEBIT MASTERCARD`). */
export function startsWithSchemeWord(text: string): boolean {
  return BEFORE_SCHEME_WORD.test(text);
}

// An ellipsis character before the last four (`…1234`), as app-based printers write it.
const ELLIPSIS = /…\s?([0-9]{4})(?![\p{N}])/gu;

/**
 * A card number's last four digits printed apart from what names the card, as OCR reads a slip
 * whose mask marks it lost or split (`DEBIT MASTERCARD 8346`, `Bezahlt mit V PAY •• 6 6339`, `Card
 * 5168 51** **** ( 0211`, `Maestro • • 6 6158`): four digits end the text, and what comes before them ends with a
 * scheme's word, DEBIT or CREDIT, or with mask marks (and at most three stray characters). The
 * digits, or null.
 */
export function lastFourApart(text: string): string | null {
  // As e-receipts print it too: a dash between (`Mastercard - 5108`), a note after (`Visa 8841 (sin contacto)`).
  const plain = text.trim().replace(/\s*\([^()]*\)$/u, '').replace(/\s+[-–—]\s+(?=[*xX#•.…]*[0-9]{4}$)/u, ' ');
  const m = DIGITS_APART.exec(plain);
  if (!m) return null;
  return AFTER_SCHEME.test(m[1]) || MARKS_END.test(m[1]) ? m[2] : null;
}

/** Four digits alone (mask marks before them allowed): what lastFourApart looks for at the end. */
export function isLastFourAlone(text: string): boolean {
  return LAST_FOUR_ALONE.test(text.trim());
}

const LAST_FOUR_ALONE = /^[*xX#•.…]*([0-9]{4})$/u;
const DIGITS_APART = new RegExp(`^(.*\\S)\\s+${LAST_FOUR_ALONE.source.slice(1)}`, 'u');
// Mask marks (OCR may part them by single spaces: `• • 6`, `**** *`), then at most three stray
// characters OCR made of the rest.
const MARKS_END = /[*xX#•…](?: ?[*xX#•…])+[\s\d(]{0,3}$/u;

// Mask marks that OCR parted from the digits or thinned out, the line holding nothing else
// (`* *8190`, `• 1385` for `************8190` and `•••• 1385` on a thermal print), the four
// digits perhaps parted by one space (`** * * 5 773`). One `#` is a number sign (`#0272`), not a mask.
const MARKS_ALONE = /^\s*(?:[*•…]|##)[\s*#•…]*([0-9](?: ?[0-9]){3})\s*$/u;

const MASK_THEN_FIVE = /([*xX#•+]{4,}\s?)([0-9]{5})(?![\p{L}\p{N}])/gu;
const AMEX_WORD = new RegExp(`(?<![\\p{L}])(?:${schemeWords('amex').map(escapeRegExp).join('|')})(?![\\p{L}])`, 'iu');

const MASK_THEN_LETTERED = /([*xX#•+]{4,}\s?)([0-9OoIlBSZ]{4})(?![\p{L}\p{N}])/gu;

export function findCardMasks(printed: string): ParsedCardMask[] {
  const out: ParsedCardMask[] = [];
  // A digit OCR read as a letter after the mask (`************992O`, `************33B1`): the
  // figure (same length); three of the four stay figures.
  const text = printed.replace(MASK_THEN_LETTERED, (m, mask: string, four: string) => mask + (fewLettersAsFigures(four, 2) ?? four));
  const alone = MARKS_ALONE.exec(text);
  if (alone) {
    const raw = text.trim();
    const start = text.indexOf(raw);
    return [{ lastFour: alone[1].replace(/ /g, ''), raw, start, end: start + raw.length, bin: null }];
  }
  // Two mask characters in a row or a lead word: what every match above needs, tested first.
  if (!/[*xX#•+.]{2}/u.test(text) && !/end|last|…/iu.test(text)) return out;
  for (const m of text.matchAll(MASKED)) {
    const masks = (m[1].match(/[*xX#•+.]/g) ?? []).length;
    // Fewer than four points is a mask only alone on its line or after a scheme's name, as OCR
    // reads `•••• 6158` (`... 6158`).
    if (masks < 4 && !/[*#•]/.test(m[1]) && !(ALONE.test(text) || AFTER_SCHEME.test(text.slice(0, m.index)))) continue;
    const lead = (/^[0-9][0-9 -]*/.exec(m[1])?.[0] ?? '').replace(/\D/g, '');
    out.push({ lastFour: m[2], raw: m[0], start: m.index, end: m.index + m[0].length, bin: lead.length === 6 ? lead : null });
  }
  for (const m of text.matchAll(MASKED_SPLIT)) {
    if (m[2].length + m[3].length !== 4 || out.some((o) => m.index < o.end && o.start < m.index + m[0].length)) continue;
    const lead = (/^[0-9]{4}/.exec(m[1])?.[0] ?? '');
    out.push({ lastFour: m[2] + m[3], raw: m[0], start: m.index, end: m.index + m[0].length, bin: lead.length === 6 ? lead : null });
  }
  // American Express prints the last five of its fifteen figures (`American Express ***** 31009`,
  // `**********61005`: ten marks and five figures are its fifteen).
  const amex = AMEX_WORD.test(text);
  for (const m of text.matchAll(MASK_THEN_FIVE)) {
    if (!(amex || m[1].trim().length === 10) || out.some((o) => m.index < o.end && o.start < m.index + m[0].length)) continue;
    out.push({ lastFour: m[2].slice(1), raw: m[0], start: m.index, end: m.index + m[0].length, bin: null });
  }
  for (const m of [...text.matchAll(ENDING), ...text.matchAll(ENDING_AFTER), ...text.matchAll(ELLIPSIS)]) {
    if (out.some((o) => m.index < o.end && o.start < m.index + m[0].length)) continue;
    out.push({ lastFour: m[1], raw: m[0], start: m.index, end: m.index + m[0].length, bin: null });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Card scheme named by a BIN prefix (the common ranges only). */
export function schemeFromBin(bin: string): string | null {
  const n2 = Number(bin.slice(0, 2));
  const n4 = Number(bin.slice(0, 4));
  if (bin.startsWith('4')) return 'visa';
  if ((n2 >= 51 && n2 <= 55) || (n4 >= 2221 && n4 <= 2720)) return 'mastercard';
  if (n2 === 34 || n2 === 37) return 'amex';
  if (n4 === 6011 || n2 === 65) return 'discover';
  if (n4 >= 3528 && n4 <= 3589) return 'jcb';
  if (n2 === 62) return 'unionpay';
  return null;
}
