import { escapeRegExp } from '../layout/labels.js';
import { valueWords } from '../vocabulary/vocabulary.js';
import type { Candidate } from './candidates.js';

// A person's name: one or two words of letters.
const PERSON = `(\\p{L}[\\p{L}.'-]*(?:\\s+\\p{L}[\\p{L}.'-]*)?)`;
// A till's operator number before the person's name (`Operator: 3 ELENA`, `Ekspedient: 412 Mikkel`).
const NUMBER_THEN_NAME = new RegExp(`^\\d{1,5}\\s+${PERSON}\\s*$`, 'u');

/**
 * A cashier's candidates with the till or operator number printed before a name left off: the person
 * is the name (a number alone, `Kasjer nr 12`, stays the cashier).
 */
export function cashierNames(list: readonly Candidate[]): Candidate[] {
  // A figure with cents is money, never a person (`afgerond op 0,05 EUR` after an `Op` label);
  // nor is a rule of dashes under the label.
  return list
    .filter((c) => !(typeof c.value === 'string' && (MONEY.test(c.value) || !/[\p{L}\p{N}]/u.test(c.value))))
    .map((c) => {
      for (const re of [tillBeforeName(), NUMBER_THEN_NAME]) {
        const m = typeof c.value === 'string' ? re.exec(c.value) : null;
        if (m) c = narrowedTo(c, m[1]);
      }
      // A bilingual label's second half before the name (`Kassiir / Кассир: Svetlana`): the name.
      const second = typeof c.value === 'string' ? SECOND_LABEL.exec(c.value) : null;
      if (second) c = narrowedTo(c, second[1]);
      // No name opens with two small l's: the first is a capital I as OCR reads it (`llse`).
      if (typeof c.value === 'string' && /^ll\p{Ll}/u.test(c.value)) c = { ...c, value: `I${c.value.slice(1)}` };
      return c;
    });
}

/** The candidate read as the part of it that is the person, where it stands in the line. */
function narrowedTo(c: Candidate, part: string): Candidate {
  const at = c.raw.indexOf(part);
  return { ...c, value: part, raw: part, start: at >= 0 ? c.start + at : c.start, end: at >= 0 ? c.start + at + part.length : c.end };
}

const MONEY = /\d[.,]\d{2}(?!\d)/u;

// A slash, one word and its colon before the value: the label printed again in a second language.
const SECOND_LABEL = /^\/\s*[\p{L}.]+\s*:\s*(\S.*)$/u;

let tillBefore: RegExp | null = null;

/** A till and its number before the person (`Kasse 1 / Olga`, vocabulary `till`): the person. */
function tillBeforeName(): RegExp {
  tillBefore ??= new RegExp(`^(?:${valueWords('till').map(escapeRegExp).join('|')})\\.?\\s*\\d{1,3}\\s*[/,;-]?\\s+${PERSON}\\s*$`, 'iu');
  return tillBefore;
}

