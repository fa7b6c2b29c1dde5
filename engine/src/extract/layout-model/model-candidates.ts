import type { Candidate } from '../find/candidates.js';
import { addressText, isBodyRow, linesBox, nameText, rowText } from '../find/header-block.js';
import type { DocumentText, Line } from '../layout/document-text.js';
import type { LineRoles } from './layout-model.js';
import type { Role } from './roles.js';

/**
 * How the model's probabilities are used, set on the validation documents (models/layout/tune.ts),
 * never on the held-out ones:
 * - `weight`: a candidate's score becomes (1 - weight) x its score + weight x the model's
 *   probability that its lines hold the field's role;
 * - `proposeAt`: a row with a line at least this likely starts a name the model proposes
 *   (`addressAt`: an address, proposed only where the rules read none; 1.01: never);
 * - `extendAt`: rows with a line at least this likely continue it;
 * - `trimBelow`: end rows of the rules' address this unlikely to hold an address are cut off;
 * - `addAt`: rows below it at least this likely are added (1.01: none); `addAboveAt` the same
 *   for rows above it (a mall or brand line, which labels count in or out inconsistently).
 */
export const MODEL_SETTINGS = { weight: 0.35, proposeAt: 1.01, addressAt: 0.7, extendAt: 0.3, trimBelow: 0, addAt: 1.01, addAboveAt: 1.01 };

/**
 * How well the candidate agrees with the model: over its lines, the mean probability of the role.
 * A value read over several rows (a name, an address) is compared with its rivals over all their
 * rows together (`rows`): each row it takes counts its probability, each it leaves out one minus
 * it, so an address that leaves out a likely row or takes an unlikely one loses alike.
 */
export function roleProbability(c: Candidate, roles: LineRoles, role: Role, rows: readonly Line[] = []): number {
  const lines = c.lines ?? [c.line];
  if (!c.lines || rows.length === 0) return meanProbability(lines, roles, role);
  const taken = new Set(lines.map((l) => l.index));
  const all = new Set([...taken, ...rows.map((l) => l.index)]);
  let sum = 0;
  for (const i of all) sum += taken.has(i) ? roles.prob(i, role) : 1 - roles.prob(i, role);
  return sum / all.size;
}

/** The mean probability of the role over the lines. */
function meanProbability(lines: readonly Line[], roles: LineRoles, role: Role): number {
  return lines.reduce((s, l) => s + roles.prob(l.index, role), 0) / lines.length;
}

/** Every candidate's score blended with the model's probability for its lines; kept on the candidate. */
export function weighByModel(list: Candidate[], roles: LineRoles, role: Role, weight = MODEL_SETTINGS.weight): void {
  // The rows any multi-row candidate takes: where they differ, the model decides between them.
  const rows = list.flatMap((c) => c.lines ?? []);
  for (const c of list) {
    c.model = roleProbability(c, roles, role, rows);
    c.score = (1 - weight) * c.score + weight * c.model;
  }
}

/**
 * The issuer's name or address as the model sees it: in the header of the first page (above the
 * first body row after it), each run of rows whose lines the model finds likely enough to hold the role, written as the header block writes it
 * (the name without its registration number, address rows joined by commas).
 */
export function proposePartyCandidates(doc: DocumentText, roles: LineRoles, role: 'merchant' | 'address'): Candidate[] {
  const page = doc.rows[0]?.page;
  const startAt = role === 'merchant' ? MODEL_SETTINGS.proposeAt : MODEL_SETTINGS.addressAt;
  // Off (over 1, no probability reaches it): nothing to read.
  if (startAt > 1) return [];
  const runs: Line[][][] = [];
  let run: Line[][] = [];
  for (const row of doc.rows) {
    if (row.page !== page) break;
    // Only the header: a name under `Bill To` below the title is the customer's.
    if ((run.length > 0 || runs.length > 0) && isBodyRow(row)) break;
    const best = Math.max(...row.lines.map((l) => roles.prob(l.index, role)));
    if (best >= startAt || (run.length > 0 && best >= MODEL_SETTINGS.extendAt)) run.push(row.lines.filter((l) => roles.prob(l.index, role) >= MODEL_SETTINGS.extendAt));
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs.flatMap((rows) => {
    const lines = rows.flat();
    const texts = rows.map((r) => r.map((l) => l.text).join(' ').trim());
    const text = role === 'merchant' ? nameText(texts.join(' '), true) : addressText(texts);
    if (text.replace(/[^\p{L}\p{N}]/gu, '').length < 3) return [];
    return [modelCandidate(text, lines, meanProbability(lines, roles, role))];
  });
}

/** A value the model read over several lines: one candidate whose box holds them all. */
function modelCandidate(text: string, lines: Line[], score: number): Candidate {
  const first = lines[0];
  const line = { ...first, confidence: Math.min(...lines.map((l) => l.confidence)), box: linesBox(lines) };
  return { value: text, raw: text, line, lines, start: 0, end: first.text.length, label: null, relation: 'model', score };
}

/**
 * The address the header rules read, redrawn where the model disagrees at its ends: rows at either
 * end that the model finds unlikely to hold an address are cut (a branch code or an operator's name
 * below the town), rows next to it that it finds likely are added (a mall's name above the
 * street); where every row is cut, the address starts at the first likely row below. Null when
 * nothing changes. Written as the header block writes an address.
 */
export function refineAddress(doc: DocumentText, roles: LineRoles, lines: readonly Line[], nameLines: readonly Line[]): Candidate | null {
  const { trimBelow, addAt, addAboveAt } = MODEL_SETTINGS;
  // Off (nothing cut, no bar under 1 to add at): nothing to redraw.
  if (trimBelow <= 0 && addAt > 1 && addAboveAt > 1) return null;
  const page = doc.rows[0]?.page;
  // The first page's rows come first in doc.rows, so a line's `row` indexes these too.
  const rows = doc.rows.filter((r) => r.page === page).slice(0, 20);
  const chosen = [...new Set(lines.map((l) => l.row).filter((k) => k < rows.length))].sort((a, b) => a - b);
  if (chosen.length === 0) return null;
  const named = new Set(nameLines.map((l) => l.row));
  const p = (k: number) => Math.max(...rows[k].lines.map((l) => roles.prob(l.index, 'address')));
  let kept = chosen.slice();
  while (kept.length > 0 && p(kept[kept.length - 1]) < trimBelow) kept.pop();
  while (kept.length > 0 && p(kept[0]) < trimBelow) kept.shift();
  if (kept.length === 0) {
    const seed = rows.findIndex((_, k) => k > chosen[0] && k <= chosen[chosen.length - 1] + 3 && !named.has(k) && p(k) >= addAt);
    if (seed === -1) return null;
    kept = [seed];
  }
  const addable = (k: number, bar: number) => k >= 0 && k < rows.length && !named.has(k) && p(k) >= bar && kept.length < 6;
  while (addable(kept[0] - 1, addAboveAt)) kept.unshift(kept[0] - 1);
  while (addable(kept[kept.length - 1] + 1, addAt)) kept.push(kept[kept.length - 1] + 1);
  if (kept.join() === chosen.join()) return null;
  return modelCandidate(
    addressText(kept.map((k) => rowText(rows[k]))),
    kept.flatMap((k) => rows[k].lines),
    0.8,
  );
}
