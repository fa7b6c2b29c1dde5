import type { DocumentText, Line, Row } from '../layout/document-text.js';
import { escapeRegExp } from '../layout/labels.js';
import { findAmounts, type DecimalMark } from '../normalize/amount.js';
import { zerosInFigures } from '../normalize/digit-letters.js';
import { valueWords } from '../vocabulary/vocabulary.js';
import type { Candidate } from './candidates.js';

/** One row of a tax summary: a rate and what the arithmetic says its figures are. */
export interface TaxRow {
  rate: number;
  tax: number;
  net: number | null;
  gross: number | null;
  line: Line;
  /** Characters [start, end) of `line` holding the tax figure. */
  start: number;
  end: number;
  /** Where the rate is printed. */
  rateAt: { line: Line; start: number; end: number };
}

// A rate printed as a percentage (`19,0%`, `A 19%`, `20.00 %`, `8.625%`).
const RATE = /(?<![\p{N}.,])(\d{1,2}(?:[.,]\d{1,3})?)\s?%/gu;
const RATE_ONE = new RegExp(RATE.source, 'u');

/**
 * The tax summary of a receipt, read by its arithmetic rather than its words, so that it reads
 * alike in every language and layout (`A= 19,0% 2,09 0,40 2,49`, `TVA 5,50% 8,95 0,49`,
 * `10% 8,18 0,82`, `VAT A 20% 1.25 6.25`, `SALES TAX 8.625% 0.90`): a row with one rate and the
 * figures that agree with it, net x rate = tax, or gross x rate / (100 + rate) = tax, to the cent.
 * A row with the rate and a single figure is taken as that rate's tax when `taxWord` says the row
 * names a tax and no row's arithmetic shows that rate's tax. Rows at 0% are kept (they add nothing).
 */
export function readTaxRows(doc: DocumentText, decimal: DecimalMark | undefined, taxWord: (row: Row) => boolean, wholeUnits = false): TaxRow[] {
  const out: TaxRow[] = [];
  const single: TaxRow[] = [];
  for (const row of doc.rows) {
    // A rate's zero read as an O (`B 1O%`) is read back first.
    const text = zerosInFigures(row.lines.map((l) => l.text).join('  '));
    const rates = [...text.matchAll(RATE)];
    const headed = rates.length === 0 ? rateUnderHeading(doc, row, decimal) : null;
    if (rates.length !== 1 && !headed) continue;
    let rate: number;
    let rateAt: TaxRow['rateAt'];
    let figures: Figure[];
    if (headed) {
      ({ rate, rateAt, figures } = headed);
    } else {
      rate = Number(rates[0][1].replace(',', '.'));
      const [rateLine, rateMatch] = row.lines.map((l) => [l, RATE_ONE.exec(zerosInFigures(l.text))] as const).find(([, m]) => m !== null) as [Line, RegExpExecArray];
      rateAt = { line: rateLine, start: rateMatch.index, end: rateMatch.index + rateMatch[0].length };
      // The rate's own digits left out.
      figures = rowFigures(row, decimal, withoutRates, wholeUnits);
    }
    if (!(rate >= 0 && rate <= 30)) continue;
    const found = agreeing(rate, figures);
    if (found) out.push({ rate, ...found, rateAt });
    else if (figures.length === 1 && taxWord(row)) single.push({ rate, tax: figures[0].value, net: null, gross: null, line: figures[0].line, start: figures[0].start, end: figures[0].end, rateAt });
  }
  // A rate whose tax a row's arithmetic shows needs no row with one figure: that figure is the
  // total the tax is in (`TOTAL INCL. GST@6% RM 15.90` above `GST S@6% 15.00 0.90`).
  const shown = new Set(out.map((r) => r.rate));
  return [...out, ...single.filter((r) => !shown.has(r.rate))].sort((a, b) => a.line.index - b.line.index || a.start - b.start);
}

type Figure = { value: number; line: Line; start: number; end: number };

/** The text with its rates blanked out (same length), so their digits are no figures. */
const withoutRates = (text: string) => text.replace(RATE, (m) => ' '.repeat(m.length));

/**
 * A row's figures with cents, not negative, each with its place (`blank` hides part of a line
 * first); `wholeUnits`: whole figures too, in a currency printed without minor units (`ÁFA 27% 74`).
 */
function rowFigures(row: Row, decimal: DecimalMark | undefined, blank = (text: string) => text, wholeUnits = false): Figure[] {
  const out: Figure[] = [];
  for (const line of row.lines) for (const a of findAmounts(blank(line.text), { decimal })) if ((a.decimal !== null || wholeUnits) && a.value >= 0) out.push({ value: a.value, line, start: a.start, end: a.end });
  return out;
}

// A rate column's heading in words (`TVA  Taux  HT  TVA  TTC`, `Satz`, `Aliquota`: vocabulary `rate_heading`).
const RATE_HEADING = new RegExp(`(?<![\\p{L}])(?:${valueWords('rate_heading').map(escapeRegExp).join('|')})(?![\\p{L}])`, 'iu');

/** Rows of one rate each a tax table holds under its heading, at most. */
const MAX_TABLE_ROWS = 6;

/**
 * A tax table's row whose rate stands in a column headed with `%` or a rate's word (`Moms%  Moms
 * Netto  Brutto`, `TVA  Taux  HT  TVA  TTC` over `12,00  15,45  128,72  144,17`): the row's first
 * figure is the rate when it is one (30 at most) and at least two more figures follow; the
 * arithmetic must still agree (readTaxRows).
 */
function rateUnderHeading(doc: DocumentText, row: Row, decimal: DecimalMark | undefined): { rate: number; rateAt: TaxRow['rateAt']; figures: Figure[] } | null {
  // The row's own figures first: most rows have too few to be a table's, and need no heading.
  const figures = rowFigures(row, decimal);
  if (figures.length < 3 || figures[0].value > 30) return null;
  // The heading is the row above, or above the table's other rows of figures only (a rate per row).
  // (A rate's code letter may open such a row: `A    5,50     5,84     0,32    6,16`.)
  const figuresOnly = (r: Row) => r.lines.every((l) => !/\p{L}/u.test(l.text.replace(/^\s*\p{L}(?![\p{L}])/u, '')));
  let k = row.index - 1;
  while (k >= 0 && row.index - k <= MAX_TABLE_ROWS && doc.rows[k].page === row.page && figuresOnly(doc.rows[k]) && rowFigures(doc.rows[k], decimal).length >= 3) k--;
  const above = doc.rows[k];
  const heads = (l: Line) => l.text.includes('%') || RATE_HEADING.test(l.text);
  if (!above || above.page !== row.page || !above.lines.some(heads)) return null;
  // Headings over as many figures, one each, name the rate's column wherever it stands (`Base
  // imponible  %IVA  Cuota IVA` over `27,36  21,00  5,74`); otherwise the rate opens the row.
  const column = above.lines.length === figures.length && new Set(figures.map((f) => f.line)).size === figures.length ? above.lines.findIndex(heads) : 0;
  const at = column >= 0 && figures[column].value <= 30 ? column : 0;
  const rate = figures[at];
  return { rate: rate.value, rateAt: { line: rate.line, start: rate.start, end: rate.end }, figures: figures.filter((f) => f !== rate) };
}

/** Equal to the cent, with room for a till that rounds each line's tax. */
export const closeToCent = (a: number, b: number) => Math.abs(a - b) <= 0.011 + 0.0005 * Math.abs(b);

/** The tax among the figures, with the net or gross amount it agrees with. */
function agreeing(rate: number, figures: readonly Figure[]): Omit<TaxRow, 'rate' | 'rateAt'> | null {
  if (rate === 0) return null;
  for (const tax of figures) {
    for (const other of figures) {
      if (other === tax || other.value <= tax.value) continue;
      const gross = figures.find((g) => g !== tax && g !== other && closeToCent(g.value, other.value + tax.value));
      if (closeToCent((other.value * rate) / 100, tax.value)) return { tax: tax.value, net: other.value, gross: gross?.value ?? null, line: tax.line, start: tax.start, end: tax.end };
      if (closeToCent((other.value * rate) / (100 + rate), tax.value)) return { tax: tax.value, net: null, gross: other.value, line: tax.line, start: tax.start, end: tax.end };
    }
  }
  return null;
}

/**
 * Candidates for a template's tax fields from the tax summary: the tax amount is the sum of its
 * rows' taxes, the rate the one rate where a single one carries tax.
 */
export function taxCandidates(field: 'tax_amount' | 'tax_rate', rows: readonly TaxRow[]): Candidate[] {
  const taxed = rows.filter((r) => r.tax > 0);
  if (taxed.length === 0) return [];
  const first = taxed[0];
  const base = { line: first.line, start: first.start, end: first.end, label: null, relation: 'anywhere' as const };
  if (field === 'tax_amount') {
    const sum = Math.round(taxed.reduce((s, r) => s + r.tax, 0) * 100) / 100;
    return [{ ...base, value: sum, raw: first.line.text.slice(first.start, first.end), score: taxed.length > 1 ? 0.85 : 0.8 }];
  }
  const rates = [...new Set(taxed.map((r) => r.rate))];
  const at = first.rateAt;
  return rates.length === 1 ? [{ ...base, line: at.line, start: at.start, end: at.end, value: rates[0], raw: at.line.text.slice(at.start, at.end), score: 0.8 }] : [];
}

/** Priced rows that must print the one rate before it is the document's (a column, not a discount's `10%`). */
const MIN_RATED_ITEMS = 2;

/**
 * The rate of a receipt whose items each print one and the same rate, with no tax table to show
 * it (`CAFFE'  10%  2,40` on an Italian documento commerciale, over `DI CUI IVA 0,80`): a rate
 * column. Null where any other rate is printed, or fewer than two priced rows print it.
 */
export function itemRateCandidate(doc: DocumentText, decimal: DecimalMark | undefined): Candidate | null {
  const rated: { rate: number; line: Line; start: number; end: number }[] = [];
  for (const row of doc.rows) {
    for (const line of row.lines) {
      for (const m of line.text.matchAll(RATE)) {
        const rate = Number(m[1].replace(',', '.'));
        if (!(rate > 0 && rate <= 30)) return null;
        rated.push({ rate, line, start: m.index, end: m.index + m[0].length });
      }
    }
  }
  if (rated.length < MIN_RATED_ITEMS || new Set(rated.map((r) => r.rate)).size !== 1) return null;
  const priced = rated.filter((r) => rowFigures(doc.rows[r.line.row], decimal, withoutRates).length === 1);
  if (priced.length < MIN_RATED_ITEMS) return null;
  const first = priced[0];
  return { value: first.rate, raw: first.line.text.slice(first.start, first.end), line: first.line, start: first.start, end: first.end, label: null, relation: 'anywhere', score: 0.6 };
}

