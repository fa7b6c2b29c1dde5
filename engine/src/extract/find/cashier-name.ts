import type { Candidate } from './candidates.js';

// A till's operator number before the person's name (`Operator: 3 ELENA`, `Ekspedient: 412 Mikkel`).
const NUMBER_THEN_NAME = /^(\d{1,5})\s+(\p{L}[\p{L}.'-]*(?:\s+\p{L}[\p{L}.'-]*)?)\s*$/u;

/**
 * A cashier's candidates with the operator number printed before a name left off: the person
 * is the name (a number alone, `Kasjer nr 12`, stays the cashier).
 */
export function cashierNames(list: readonly Candidate[]): Candidate[] {
  return list.map((c) => {
    const m = typeof c.value === 'string' ? NUMBER_THEN_NAME.exec(c.value) : null;
    if (!m) return c;
    const at = c.raw.indexOf(m[2]);
    return { ...c, value: m[2], raw: m[2], start: at >= 0 ? c.start + at : c.start, end: at >= 0 ? c.start + at + m[2].length : c.end };
  });
}
