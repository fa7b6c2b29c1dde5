import type { DocumentText } from '../layout/document-text.js';
import { compact, escapeRegExp } from '../layout/labels.js';
import { printedWithCents } from '../normalize/amount.js';
import { findTimes } from '../normalize/time.js';
import { valueWords } from '../vocabulary/vocabulary.js';
import type { Candidate } from './candidates.js';
import type { ValueKind } from './field-kinds.js';

// Words on a total's line that make it another total: counts, savings, amounts before tax.
// Tested on the line's letters only, since OCR splits words (`Tot al Q ty`).
const NOT_THE_TOTAL = /QTY|QUANTITY|ITEM|PCS|UNITS|SAVING|SAVED|DISCOUNT|EXCL|BEFORE|POINTS|WEIGHT|NETWT|TAXABLE|SUMMARY/;

/**
 * Orders a field's candidates, best first. Generic: the ranking score, then earlier in the
 * document. Totals get three more signals a person would use: a total's line that also names a
 * count, a saving or an amount before tax is another figure; the total is the largest of the
 * labelled totals (subtotals and partial sums are smaller); and the same figure printed again
 * elsewhere (`TOTAL 9.00`, `CASH 9.00`) supports it.
 */
export function rankCandidates(kind: ValueKind, list: Candidate[], doc: DocumentText): Candidate[] {
  if (kind === 'total') adjustTotals(list, doc);
  if (kind === 'date' || kind === 'datetime' || kind === 'time') adjustMoments(list, doc, kind !== 'time');
  return sortCandidates(list);
}

/** Best score first; then earlier in the document. */
export function sortCandidates(list: Candidate[]): Candidate[] {
  return list.sort((a, b) => b.score - a.score || a.line.index - b.line.index || a.start - b.start);
}

// A date's figures right before a time.
const DATE_AT_END = /\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\s*$/u;

let otherMoment: RegExp | null = null;

/**
 * Words before a date or a time that make it another moment (vocabulary `other_moment`): a card's
 * expiry, a due or best-before date, a birth date, a car park's entry and exit-by times, a
 * ticket's validity, a hotel stay's arrival and departure. Only words and marks stand between.
 */
function otherMomentBefore(): RegExp {
  otherMoment ??= new RegExp(`(?<![\\p{L}])(?:${valueWords('other_moment').map(escapeRegExp).join('|')})\\.?(?![\\p{L}])[^\\p{N}]*$`, 'iu');
  return otherMoment;
}

/**
 * Dates and times found by their shape alone: a date printed with a time (`01/03/18 19:14`) is
 * the document's moment; one after an expiry, entry or validity word is another.
 */
function adjustMoments(list: Candidate[], doc: DocumentText, dates: boolean): void {
  for (const c of list) {
    if (c.relation !== 'anywhere') continue;
    // The row's text before it, its cells to the left too; a time's own date may stand between
    // the word and it (`entry    21/02/2026 09:31`).
    const row = doc.rows[c.line.row];
    const left = row ? row.lines.slice(0, Math.max(0, row.lines.indexOf(c.line))).map((l) => l.text) : [];
    const before = [...left, c.line.text.slice(0, c.start)].join(' ').replace(DATE_AT_END, '');
    if (otherMomentBefore().test(before)) c.score *= 0.5;
    // The time patterns pass over a date's own figures, so the whole line is searched.
    else if (dates && findTimes(c.line.text).length > 0) c.score *= 1.15;
  }
}

/** Figures with decimals in the candidate's row, after its label. */
function decimalsInRow(c: Candidate, doc: DocumentText): number {
  let n = 0;
  for (const l of doc.rows[c.line.row].lines) {
    const text = c.label && l === c.label.line ? l.text.slice(c.label.end) : l.text;
    n += (text.match(/\d[.,]\d{2}(?!\d)/g) ?? []).length;
  }
  return n;
}

/** A figure printed with its cents (`12.50`, `(12.50)`, `12,50-`). */
export function hasCents(c: Candidate): boolean {
  return printedWithCents(c.raw);
}

function adjustTotals(list: Candidate[], doc: DocumentText): void {
  const labelled = list.filter((c) => c.label !== null && typeof c.value === 'number');
  const max = Math.max(...labelled.map((c) => c.value as number), -Infinity);
  const maxCents = Math.max(...list.filter((c) => !c.label && hasCents(c)).map((c) => c.value as number), -Infinity);
  const counts = new Map<number, number>();
  for (const c of list) if (typeof c.value === 'number') counts.set(c.value, (counts.get(c.value) ?? 0) + 1);
  // The last labelled total on the page is most often the one paid (after rounding, after tax).
  const lastRow = Math.max(...labelled.map((c) => c.line.row), -Infinity);
  for (const c of list) {
    const v = c.value as number;
    if (c.label && c.line.row === lastRow) c.score += 0.04;
    if (c.label) {
      if (NOT_THE_TOTAL.test(compact(c.label.line.text))) c.score *= 0.35;
      // A row of several figures is a table (a tax summary's totals), not the total line.
      if (decimalsInRow(c, doc) >= 2) c.score *= 0.6;
      if (v === max) c.score += 0.1;
    } else {
      // Unlabelled amounts: only as a fallback, the larger and the more repeated the likelier.
      c.score = 0.3 * c.score + (v === maxCents ? 0.1 : 0);
    }
    if (v <= 0) c.score *= 0.3;
    const again = (counts.get(v) ?? 1) - 1;
    c.score += 0.05 * Math.min(3, again);
  }
}
