import { escapeRegExp } from '../layout/labels.js';
import { valueWords } from '../vocabulary/vocabulary.js';
import type { Candidate } from './candidates.js';

// A till's operator number before the person's name (`Operator: 3 ELENA`, `Ekspedient: 412 Mikkel`).
const NUMBER_THEN_NAME = /^(\d{1,5})\s+(\p{L}[\p{L}.'-]*(?:\s+\p{L}[\p{L}.'-]*)?)\s*$/u;

/**
 * A cashier's candidates with the operator number printed before a name left off: the person
 * is the name (a number alone, `Kasjer nr 12`, stays the cashier).
 */
export function cashierNames(list: readonly Candidate[]): Candidate[] {
  // A figure with cents is money, never a person (`afgerond op 0,05 EUR` after an `Op` label).
  return list.filter((c) => !(typeof c.value === 'string' && MONEY.test(c.value))).map((c) => {
    const till = typeof c.value === 'string' ? tillBeforeName().exec(c.value) : null;
    if (till) c = { ...c, value: till[1], raw: till[1], start: c.start + c.raw.indexOf(till[1]), end: c.start + c.raw.indexOf(till[1]) + till[1].length };
    const m = typeof c.value === 'string' ? NUMBER_THEN_NAME.exec(c.value) : null;
    if (!m) return c;
    const at = c.raw.indexOf(m[2]);
    return { ...c, value: m[2], raw: m[2], start: at >= 0 ? c.start + at : c.start, end: at >= 0 ? c.start + at + m[2].length : c.end };
  });
}

const MONEY = /\d[.,]\d{2}(?!\d)/u;

let tillBefore: RegExp | null = null;

/** A till and its number before the person (`Kasse 1 / Olga`, vocabulary `till`): the person. */
function tillBeforeName(): RegExp {
  tillBefore ??= new RegExp(`^(?:${valueWords('till').map(escapeRegExp).join('|')})\\.?\\s*\\d{1,3}\\s*[/,;-]?\\s+(\\p{L}[\\p{L}.'-]*(?:\\s+\\p{L}[\\p{L}.'-]*)?)\\s*$`, 'iu');
  return tillBefore;
}

