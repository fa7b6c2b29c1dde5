import type { FieldDefinition } from '../../contracts/definition.js';
import type { DocumentText, Line } from '../layout/document-text.js';
import { valueSlots, type Relation } from '../layout/label-values.js';
import type { LabelHit } from '../layout/labels.js';
import { printedWithCents } from '../normalize/amount.js';
import { findDates, type ParsedDate } from '../normalize/date.js';
import { findCurrencies } from '../normalize/currency.js';
import { findDottedTime } from '../normalize/time.js';
import { FIGURE_KINDS, type ValueKind } from './field-kinds.js';
import { isFormOnly } from './header-block.js';
import { numberTokens } from './document-number.js';
import { readTitleLine, type TitleLine } from './title-line.js';
import { readValues, type ParseContext } from './value-parsers.js';

/** A possible value of a field, with where it was read and how it was found. */
export interface Candidate {
  value: unknown;
  raw: string;
  line: Line;
  /** Characters [start, end) of the line's text. */
  start: number;
  end: number;
  label: LabelHit | null;
  /** How it was found: next to a label, anywhere by its shape, from the header block or the title line, proposed by the layout model, or by the slip's arithmetic (a currency conversion). */
  relation: Relation | 'anywhere' | 'header' | 'title' | 'model' | 'arithmetic';
  /** Every line a value over several lines was read from (header and model candidates); `line` holds their union box. */
  lines?: Line[];
  /** The layout model's probability that its lines hold the field's role (when the model ran). */
  model?: number;
  /** 0 to 1: how well it was found (label place, reading quality); ranks the candidates. */
  score: number;
  date?: ParsedDate;
}

const RELATION_SCORE: Record<Relation, readonly number[]> = {
  same_line: [1],
  right: [0.95, 0.8, 0.65],
  below: [0.75, 0.6],
};

/** Kinds recognisable by their shape alone, without a label. */
const SHAPED: ReadonlySet<ValueKind> = new Set(['date', 'datetime', 'time', 'currency', 'phone', 'tax_id', 'email', 'iban', 'card_last_four', 'enum', 'boolean', 'total']);

/** Candidates next to the field's labels: the first value of each slot. */
export function labelledCandidates(
  doc: DocumentText,
  kind: ValueKind,
  field: FieldDefinition,
  hits: readonly LabelHit[],
  hitsOnLine: (l: Line) => LabelHit[],
  ctx: ParseContext,
  tableHeaderRows: ReadonlySet<number> = new Set(),
): Candidate[] {
  const out: Candidate[] = [];
  for (const hit of hits) {
    for (const slot of valueSlots(doc, hit, hitsOnLine(hit.line))) {
      // Under a column heading of the item table (`Description | Qty | U.price | Total`) stand items, not the field's value.
      if (slot.relation === 'below' && tableHeaderRows.has(hit.line.row)) continue;
      // Nor is a figure under an amount label whose row holds other labels (`AMOUNT | TAX` over a tax summary).
      if (slot.relation === 'below' && (kind === 'total' || kind === 'money') && headingRow(doc, hit, hitsOnLine)) continue;
      // A slot that starts with another field's label belongs to that field.
      if (slot.relation !== 'same_line' && hitsOnLine(slot.line).some((h) => h.start <= 1 && h.path !== hit.path)) continue;
      // A name word read as a label (`Lieferant GmbH` for the alias Lieferant) leaves a company form.
      if (kind === 'party_name' && isFormOnly(slot.text)) continue;
      // A figure with a colon after it numbers the label (`Sales Tax 1: 1.44`, `MwSt 2:`); the value follows.
      const values = readValues(kind, slot.text, field, ctx, true).filter((v) => !(FIGURE_KINDS.has(kind) && /^\s*:/u.test(slot.text.slice(v.end))));
      if (values.length === 0) continue;
      // A number of capitals alone (`ZRGQAFKEHA`) only right after its label: under a title read
      // as a label stands a name (`RECEIPT` over `STARBUCKS`).
      if (kind === 'document_number' && slot.relation !== 'same_line' && !/\p{N}/u.test(String(values[0].value))) continue;
      // Money: the last amount of a same-line slot (`TOTAL 3 ITEMS 12.50`); else the first value.
      const v = (kind === 'money' || kind === 'total') && slot.relation === 'same_line' ? bestAmount(values) : values[0];
      const relationScore = RELATION_SCORE[slot.relation][Math.min(slot.step, RELATION_SCORE[slot.relation].length - 1)];
      // A label that names another field too (Swedish `Löpnr`: a receipt or a trace number) says less than one of this field alone.
      const shared = hitsOnLine(hit.line).some((h) => h.start === hit.start && h.end === hit.end && h.path !== hit.path && !h.path.startsWith('~'));
      out.push({
        value: v.value,
        raw: v.raw,
        line: slot.line,
        start: slot.start + v.start,
        end: slot.start + v.end,
        label: hit,
        relation: slot.relation,
        score: relationScore * (hit.leading ? 1 : 0.85) * v.quality * (shared ? 0.9 : 1),
        date: v.date,
      });
      // A whole number against the label (`SUMME [6]`, a count) leaves the figure with cents to
      // its right (`11,50`) a candidate too; the cents outweigh the nearer place.
      if ((kind === 'money' || kind === 'total') && slot.relation === 'same_line' && !printedWithCents(v.raw)) continue;
      break;
    }
  }
  return out;
}

/** The label's row holds another field's label too: a row of column headings. */
function headingRow(doc: DocumentText, hit: LabelHit, hitsOnLine: (l: Line) => LabelHit[]): boolean {
  return doc.rows[hit.line.row].lines.some((l) => hitsOnLine(l).some((h) => h.path !== hit.path));
}

/** Candidates found by their shape anywhere in the document (dates, times, card masks...). */
export function shapedCandidates(doc: DocumentText, kind: ValueKind, field: FieldDefinition, ctx: ParseContext): Candidate[] {
  if (!SHAPED.has(kind)) return [];
  const out: Candidate[] = [];
  const readKind = kind === 'total' ? 'money' : kind;
  for (const line of doc.lines) {
    const values = readValues(readKind, line.text, field, ctx, false, FIGURE_KINDS.has(readKind) && currencyBox(doc, line));
    // A time printed with a point in the column right of a date (`25.08.25     14.59`).
    const dotted = kind === 'time' && values.length === 0 && followsDate(doc, line) ? findDottedTime(line.text, true, null) : null;
    if (dotted) values.push({ value: dotted.value, raw: dotted.raw, start: dotted.start, end: dotted.end, quality: 0.9 });
    if (kind === 'enum' && values.length === 0) values.push(...wrappedWords(doc, line, field, ctx));
    for (const v of values) {
      out.push({ value: v.value, raw: v.raw, line, start: v.start, end: v.end, label: null, relation: 'anywhere', score: 0.45 * v.quality, date: v.date });
    }
  }
  return out;
}

/** The box beside a line in its row, left or right, holds a currency alone (`EUR` | `-42,00`). */
function currencyBox(doc: DocumentText, line: Line): boolean {
  const row = doc.rows[line.row].lines;
  const at = row.indexOf(line);
  return [row[at - 1], row[at + 1]].some((l) => l !== undefined && /^\s*\p{L}{3}\s*$|^\s*[€£$]\s*$/u.test(l.text) && findCurrencies(l.text, {}).length === 1);
}

/**
 * A value's words wrapped onto the next row by a narrow printer (`NO CARDHOLDER` / `VERIFICATION`,
 * `CARDHOLDER VERIFIED BY` / `DEVICE`): read across the break where each row is a line of its own,
 * and kept only where the words run over it (what either row says alone was read already). The
 * value stands on the first row, up to its end.
 */
function wrappedWords(doc: DocumentText, line: Line, field: FieldDefinition, ctx: ParseContext) {
  const row = doc.rows[line.row];
  const next = doc.rows[line.row + 1];
  if (row.lines.length !== 1 || !next || next.page !== row.page || next.lines.length !== 1) return [];
  const joined = `${line.text} ${next.lines[0].text}`;
  return readValues('enum', joined, field, ctx, false)
    .filter((v) => v.start < line.text.length && v.end > line.text.length + 1)
    .map((v) => ({ ...v, end: line.text.length, quality: 0.9 * v.quality }));
}

/** The line just left of this one in its row ends with a date. */
function followsDate(doc: DocumentText, line: Line): boolean {
  const row = doc.rows[line.row].lines;
  const left = row[row.indexOf(line) - 1];
  const last = left ? findDates(left.text).at(-1) : undefined;
  return last !== undefined && left.text.slice(last.end).trim() === '';
}

function bestAmount<T extends { quality: number }>(values: readonly T[]): T {
  let best = values[values.length - 1];
  for (let i = values.length - 1; i >= 0; i--) if (values[i].quality > best.quality) best = values[i];
  return best;
}

const titlesOf = new WeakMap<DocumentText, { line: Line; title: TitleLine }[]>();

/** The document's title lines, read once for both the number and the date. */
function titleLines(doc: DocumentText): { line: Line; title: TitleLine }[] {
  let titles = titlesOf.get(doc);
  if (!titles) {
    titles = doc.lines.flatMap((line) => {
      const title = readTitleLine(line.text);
      return title ? [{ line, title }] : [];
    });
    titlesOf.set(doc, titles);
  }
  return titles;
}

/**
 * The document number, or the date printed after it, from title lines (`Handelsrechnung (380)
 * Nr. 471102 vom 05.03.2018`, `Facture FA-2017-0010`): strong evidence, just under a label on
 * the same line. Every title line gives one; ranking keeps the earliest.
 */
export function titleCandidates(doc: DocumentText, part: 'number' | 'date'): Candidate[] {
  const out: Candidate[] = [];
  for (const { line, title } of titleLines(doc)) {
    if (part === 'number') {
      const n = title.number;
      out.push({ value: n.value, raw: n.value, line, start: n.start, end: n.end, label: null, relation: 'title', score: 0.9 });
    } else if (title.date) {
      const d = title.date;
      const raw = line.text.slice(d.start, d.end);
      out.push({ value: d.parsed.value, raw, line, start: d.start, end: d.end, label: null, relation: 'title', score: 0.9 * (d.parsed.alternative ? 0.8 : 1), date: d.parsed });
    }
  }
  return out;
}

// A number alone on its line behind `#`, near the top (`#6510-5120` under an app's receipt title).
const HASH_LINE = /^\s*#\s?(?=\S)/u;
const HASH_ROWS = 10;

/**
 * The document's number printed alone behind `#` in its first rows, where the title above it
 * names no number (app receipts: `Potwierdzenie płatności` / `#6510-5120`). Three digits at least.
 */
export function hashLineCandidates(doc: DocumentText): Candidate[] {
  const out: Candidate[] = [];
  for (const row of doc.rows.filter((r) => r.page === doc.rows[0]?.page).slice(0, HASH_ROWS)) {
    for (const line of row.lines) {
      const lead = HASH_LINE.exec(line.text);
      if (!lead) continue;
      const rest = line.text.slice(lead[0].length).trimEnd();
      const token = numberTokens(rest)[0];
      if (!token || token.start !== 0 || token.end !== rest.length || (token.value.match(/\p{N}/gu) ?? []).length < 3) continue;
      const start = lead[0].length;
      out.push({ value: token.value, raw: token.value, line, start, end: start + token.end, label: null, relation: 'title', score: 0.75 });
    }
  }
  return out;
}

