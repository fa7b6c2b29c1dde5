import type { Candidate } from '../find/candidates.js';
import { linesBox, nameText, streetWords } from '../find/header-block.js';
import { digitsInWords } from '../find/digits-in-words.js';
import type { DocumentText, Line } from '../layout/document-text.js';
import type { LineRoles } from './layout-model.js';
import type { Role } from './roles.js';

/**
 * How the model's probabilities are used, set on the validation documents (models/layout/tune.ts),
 * never on the held-out ones:
 * - `weight`: a candidate's score becomes (1 - weight) x its score + weight x the model's
 *   probability that its lines hold the field's role;
 * - `proposeAt`: a row with a line at least this likely starts a name or address the model proposes;
 * - `extendAt`: rows with a line at least this likely continue it;
 * - `proposeAddress`: whether addresses are proposed too (names always are).
 */
export const MODEL_SETTINGS = { weight: 0.65, proposeAt: 1.01, extendAt: 0.3, proposeAddress: false };

/** Mean probability of the role over the candidate's lines. */
export function roleProbability(c: Candidate, roles: LineRoles, role: Role): number {
  const lines = c.lines ?? [c.line];
  return lines.reduce((s, l) => s + roles.prob(l.index, role), 0) / lines.length;
}

/** Every candidate's score blended with the model's probability for its lines; kept on the candidate. */
export function weighByModel(list: Candidate[], roles: LineRoles, role: Role, weight = MODEL_SETTINGS.weight): void {
  for (const c of list) {
    c.model = roleProbability(c, roles, role);
    c.score = (1 - weight) * c.score + weight * c.model;
  }
}

/**
 * The issuer's name or address as the model sees it: on the first page, each run of rows whose
 * lines the model finds likely enough to hold the role, written as the header block writes it
 * (the name without its registration number, address rows joined by commas).
 */
export function proposePartyCandidates(doc: DocumentText, roles: LineRoles, role: 'merchant' | 'address'): Candidate[] {
  const page = doc.rows[0]?.page;
  const runs: Line[][][] = [];
  let run: Line[][] = [];
  for (const row of doc.rows) {
    if (row.page !== page) break;
    const best = Math.max(...row.lines.map((l) => roles.prob(l.index, role)));
    if (best >= MODEL_SETTINGS.proposeAt || (run.length > 0 && best >= MODEL_SETTINGS.extendAt)) run.push(row.lines.filter((l) => roles.prob(l.index, role) >= MODEL_SETTINGS.extendAt));
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs.flatMap((rows) => {
    const lines = rows.flat();
    const texts = rows.map((r) => r.map((l) => l.text).join(' ').trim());
    const text = role === 'merchant' ? nameText(texts.join(' ')) : texts.map((t) => streetWords(digitsInWords(t))).join(', ').replace(/,\s*,/g, ',');
    if (text.replace(/[^\p{L}\p{N}]/gu, '').length < 3) return [];
    const first = lines[0];
    const p = lines.reduce((s, l) => s + roles.prob(l.index, role), 0) / lines.length;
    const candidate: Candidate = {
      value: text,
      raw: text,
      line: { ...first, confidence: Math.min(...lines.map((l) => l.confidence)), box: linesBox(lines) },
      lines,
      start: 0,
      end: first.text.length,
      label: null,
      relation: 'model',
      score: p,
    };
    return [candidate];
  });
}
