import type { DocumentText, Line } from './document-text.js';
import type { LabelHit } from './labels.js';

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

// Between a label and its value; a point or dash before a digit is the value's own (`.01`, `-0.01`).
const SEPARATORS = /^(?:[\s:;=#>|–]|[.-](?!\d))+/u;

/**
 * The places a label's value can be, nearest first: the rest of its line up to the next label;
 * the lines to its right in the same row; the line below it (overlapping it horizontally, within
 * two rows), as forms and invoice headers print values under their labels.
 */
export function valueSlots(doc: DocumentText, hit: LabelHit, labelsOnLine: readonly LabelHit[]): ValueSlot[] {
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

  // Below: only where the label's line ends with the label (nothing after it on the line).
  if (next || rest.slice(skip).trim() === '') {
    const x0 = line.box.x + (line.box.width * hit.start) / Math.max(1, line.text.length);
    const x1 = line.box.x + line.box.width;
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
