import type { DocumentText, Line } from './document-text.js';
import type { LabelHit } from './labels.js';
import { CURRENCY_BEFORE_FIGURE } from '../normalize/currency.js';

/** Where a value stands relative to its label. */
export type Relation = 'same_line' | 'right' | 'below';

/** Text that may hold a label's value: characters [start, end) of `line`. */
export interface ValueSlot {
  line: Line;
  start: number;
  end: number;
  text: string;
  relation: Relation;
  /** 0 for the nearest slot of its relation, 1 for the next... */
  step: number;
}

// Between a label and its value; a point or dash before a digit is the value's own (`.01`, `-0.01`),
// as is a dash after a space before a currency against a figure (`ROUNDING: -RM0.02`).
const SEPARATORS = new RegExp(String.raw`^(?:[\s:;=#>|–]|\.(?!\d)|(?<![\s:;=])-(?!\d)|-(?!\d|${CURRENCY_BEFORE_FIGURE}))+`, 'u');

/**
 * The places a label's value can be, nearest first: the rest of its line up to the next label;
 * the lines to its right in the same row; the line below it (overlapping it horizontally, within
 * two rows, or to its right where the label is alone in its row), as forms and invoice headers
 * print values under their labels.
 */
export function valueSlots(doc: DocumentText, hit: LabelHit, labelsOnLine: readonly LabelHit[]): ValueSlot[] {
  const paired = pairedSlot(doc, hit, labelsOnLine);
  if (paired) return [paired];
  const slots: ValueSlot[] = [];
  const line = hit.line;
  const next = labelsOnLine.filter((h) => h.start >= hit.end).sort((a, b) => a.start - b.start)[0];
  const end = next ? next.start : line.text.length;
  const rest = line.text.slice(hit.end, end);
  const skip = SEPARATORS.exec(rest)?.[0].length ?? 0;
  if (rest.slice(skip).trim() !== '') slots.push({ line, start: hit.end + skip, end, text: rest.slice(skip).trimEnd(), relation: 'same_line', step: 0 });

  const row = doc.rows[line.row];
  const right = row.lines.filter((l) => l.box.x > line.box.x && l !== line);
  right.slice(0, 3).forEach((l, step) => {
    const s = SEPARATORS.exec(l.text)?.[0].length ?? 0;
    if (l.text.slice(s).trim() !== '') slots.push({ line: l, start: s, end: l.text.length, text: l.text.slice(s), relation: 'right', step });
  });

  // Below: only where the label's line ends with the label (nothing after it on the line), or
  // goes on with words and rates only over a lone figure (`Rabatt 5% Kundenkarte` / `-0,81 A`).
  const wordsOnly = !next && right.length === 0 && !/\d/u.test(rest.replace(RATES, ''));
  if (wordsOnly && rest.slice(skip).trim() !== '') {
    const under = doc.rows[line.row + 1];
    if (under?.page === line.page && under.lines.length === 1 && LONE_FIGURE.test(under.lines[0].text)) {
      slots.push({ line: under.lines[0], start: 0, end: under.lines[0].text.length, text: under.lines[0].text, relation: 'below', step: 0 });
    }
  } else if (next || rest.slice(skip).trim() === '') {
    const x0 = line.box.x + (line.box.width * hit.start) / Math.max(1, line.text.length);
    // A label alone in its row may have its value below and to the right (a slip's
    // right-aligned `COMERCIO:` / `180460218716329`); otherwise the value sits under the label.
    const x1 = row.lines.length === 1 && right.length === 0 ? Infinity : line.box.x + line.box.width;
    let step = 0;
    for (let r = line.row + 1; r < doc.rows.length && r <= line.row + 2; r++) {
      const below = doc.rows[r];
      if (below.page !== line.page) break;
      const under = below.lines.find((l) => l.box.x < x1 && x0 < l.box.x + l.box.width);
      if (under) {
        slots.push({ line: under, start: 0, end: under.text.length, text: under.text, relation: 'below', step: step++ });
        break;
      }
    }
  }
  return slots;
}

// Rates in a label's words (`5%`, `10,5 %`), which are no value of the label's.
const RATES = /\d+(?:[.,]\d+)?\s?%/gu;
// A row of one figure with cents, its sign, currency and tax class letter at most (`-0,81 A`, `€ 4.50`).
const LONE_FIGURE = /^\s*[-−]?\s*(?:[€£$]|[A-Z]{3})?\s*[-−]?\d{1,6}[.,]\d{2}\s*(?:[A-G€£$]|[A-Z]{3})?\s*$/u;

// Two values printed as one, parted by a slash (`958792/000544`).
const PAIR = /^\s*([\p{L}\p{N}-]+)\s*\/\s*([\p{L}\p{N}-]+)/u;

/**
 * Two labels joined by a slash take their values in the same order from a pair joined by one
 * (`STAN/BATCH 958792/000544`, `TRACE #/BATCH # 234280/768`): the first label the first value,
 * the second the second. Null where the hit is not half of such a pair.
 */
function pairedSlot(doc: DocumentText, hit: LabelHit, labelsOnLine: readonly LabelHit[]): ValueSlot | null {
  const text = hit.line.text;
  const sorted = [...labelsOnLine].sort((a, b) => a.start - b.start);
  const at = sorted.findIndex((h) => h.start === hit.start && h.path === hit.path);
  // The other half: a label right after this one across a slash, or right before it.
  const joined = (a: LabelHit, b: LabelHit) => /^[\s#.:]*\/[\s#.:]*$/u.test(text.slice(a.end, b.start));
  const next = sorted.slice(at + 1).find((h) => h.start >= hit.end && h.path !== hit.path);
  const prev = [...sorted.slice(0, at)].reverse().find((h) => h.end <= hit.start && h.path !== hit.path);
  const after = next && joined(hit, next) ? next : null;
  const before = prev && joined(prev, hit) ? prev : null;
  // The other half may be a word no field has (`TRACE/LOTE 911330/000348`): this label still takes its part.
  const unknownAfter = after || before ? null : /^[\s#.:]*\/[\s#.:]*\p{L}[\p{L}.º°#]*/u.exec(text.slice(hit.end));
  if (!after && !before && !unknownAfter) return null;
  const isFirst = !before;
  // Where the pair's second label ends.
  const secondEnd = after ? after.end : unknownAfter ? hit.end + unknownAfter[0].length : hit.end;
  // The pair stands after the second label, on its line or in the next line to its right, or,
  // where the labels end their row, alone on the row below (`TRACE-NR./BATCH` / `252344/000546`).
  const rest = text.slice(secondEnd);
  const right = doc.rows[hit.line.row].lines.find((l) => l.box.x > hit.line.box.x && l !== hit.line);
  const belowRow = doc.rows[hit.line.row + 1];
  const below = rest.trim() === '' && !right && belowRow?.page === hit.line.page && belowRow.lines.length === 1 ? belowRow.lines[0] : null;
  const source = PAIR.test(rest.replace(/^[\s#.:=]+/u, ''))
    ? { line: hit.line, offset: secondEnd, text: rest }
    : right && PAIR.test(right.text)
      ? { line: right, offset: 0, text: right.text }
      : below && PAIR.test(below.text) && below.text.replace(PAIR, '').trim() === ''
        ? { line: below, offset: 0, text: below.text }
        : null;
  if (!source) return null;
  const lead = /^[\s#.:=]*/u.exec(source.text)?.[0].length ?? 0;
  const m = PAIR.exec(source.text.slice(lead)) as RegExpExecArray;
  // With a half no field has, only two terminal counters (`911330/000348`), not a number with a
  // slash in it (`FV/12/2024`, `2024/0015`).
  if (unknownAfter && !(/^\d{4,}$/.test(m[1]) && /^\d{3,}$/.test(m[2]) && !/^(19|20)\d\d$/.test(m[1]))) return null;
  const part = isFirst ? m[1] : m[2];
  const start = source.offset + lead + (isFirst ? m[0].indexOf(m[1]) : m[0].lastIndexOf(m[2]));
  return { line: source.line, start, end: start + part.length, text: part, relation: source.line === hit.line ? 'same_line' : source.line === below ? 'below' : 'right', step: 0 };
}
