import type { DocumentText, Line } from '../layout/document-text.js';
import type { LabelHit } from '../layout/labels.js';
import type { Candidate } from './candidates.js';
import { isWords } from './text-shape.js';

// A "Name" row inside a party's section (`Name: Lieferant GmbH`).
const NAME_LABEL = /^\s*(?:name|nom|firma|raison\s+sociale|company)\s*:?\s*/iu;
// A `label: value` row of the section (`Nummer: 549910`, `Lief-Nr: 549910`, `USt-IdNr: ...`).
const LABEL_VALUE = /^[^:]{1,30}:/u;

/** How many rows under its heading a party's name may stand. */
const SECTION_ROWS = 6;

/**
 * Invoices print each party as a section: a heading on its own (`Verkäufer`, `Seller`,
 * `Lieferant`) with the party's number, name and address under it, in the heading's column. The
 * name is the value of a `Name:` row, or else the first row of words in the section that is no
 * `label: value` row and no code (GLN, customer number). The section ends at another field's
 * heading. One candidate per heading that stands alone on its line.
 */
export function sectionCandidates(doc: DocumentText, hits: readonly LabelHit[], hitsOnLine: (l: Line) => LabelHit[]): Candidate[] {
  const out: Candidate[] = [];
  for (const hit of hits) {
    const rest = hit.line.text.slice(0, hit.start) + hit.line.text.slice(hit.end);
    if (/[\p{L}\p{N}]/u.test(rest)) continue;
    const x0 = hit.line.box.x - 0.03;
    const x1 = hit.line.box.x + 0.1;
    for (let r = hit.line.row + 1; r < doc.rows.length && r <= hit.line.row + SECTION_ROWS; r++) {
      const row = doc.rows[r];
      if (row.page !== hit.line.page) break;
      const at = row.lines.findIndex((l) => l.box.x >= x0 && l.box.x <= x1);
      if (at < 0) continue;
      const line = row.lines[at];
      if (hitsOnLine(line).some((h) => h.path !== hit.path && h.start <= 1)) break;
      const name = NAME_LABEL.exec(line.text);
      if (name && line.text.slice(0, name[0].length).includes(':')) {
        // The name after its label, on the line or in the next cell of the row.
        const own = line.text.slice(name[0].length).trim();
        const cell = own !== '' ? { line, start: name[0].length } : row.lines[at + 1] ? { line: row.lines[at + 1], start: 0 } : null;
        if (cell) out.push(candidate(cell.line, cell.start, hit));
        break;
      }
      const next = row.lines[at + 1];
      if (LABEL_VALUE.test(line.text) || (next && (/:\s*$/u.test(line.text) || /^\s*:/u.test(next.text)))) continue;
      if (!isWords(line.text)) continue;
      out.push(candidate(line, 0, hit));
      break;
    }
  }
  return out;
}

function candidate(line: Line, start: number, hit: LabelHit): Candidate {
  const text = line.text.slice(start).trim();
  const begin = line.text.indexOf(text, start);
  return { value: text, raw: text, line, start: begin, end: begin + text.length, label: hit, relation: 'below', score: 0.92 };
}
