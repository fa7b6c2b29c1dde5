import type { RuleDefinition } from '../../contracts/definition.js';
import type { Candidate } from './candidates.js';

/** Ranked candidates per top-level field, best first; the first is the current choice. */
export type Ranked = Map<string, Candidate[]>;

const MAX_PER_FIELD = 4;

/**
 * Lets the definition's `sum` rules choose among close candidates: when the first choices break
 * a rule and other candidates (the next few of each field, or leaving an optional term out) make
 * it hold exactly, the combination with the best total score is taken, as long as it keeps at
 * least 60% of the first choices' score and each field moved keeps half its first choice's.
 * A term with no candidates may be stood in for by another of the total's candidates (see
 * below). Returns the fields a rule now agrees on, with the rule's name.
 * Only rules over top-level number fields take part; array sums are left to the line items.
 */
export function agreeOnRules(rules: readonly RuleDefinition[], ranked: Ranked): Map<string, string[]> {
  const agreed = new Map<string, string[]>();
  for (const rule of rules) {
    if (rule.kind !== 'sum') continue;
    const paths = [...rule.terms, ...(rule.minus ?? []), rule.equals];
    if (paths.some((p) => p.includes('[]') || p.includes('.'))) continue;
    const optional = new Set(rule.optional ?? []);
    const equalsAll = distinctValues(ranked.get(rule.equals) ?? []);
    // The result's best candidates, and any lower one that the terms' candidates add up to: a
    // total printed under a label the engine does not know (`Due payable: 571.04`) is found by
    // its sum (`Net total 496.00` plus `VAT total 75.04`).
    const sums = termSums(rule, ranked);
    const equalsList = equalsAll.filter((c, i) => i < 2 * MAX_PER_FIELD || sums.has(Math.round((c.value as number) * 100)));
    // A term the document does not print (no subtotal) may be stood in for by another figure
    // of the total's own candidates: a total before rounding, `TOTAL 45.34` then `ROUNDED 45.35`.
    const standIn = new Set<number>();
    const choices = paths.map((p, i) => {
      let list: (Candidate | null)[] = p === rule.equals ? [...equalsList] : distinctValues(ranked.get(p) ?? []).slice(0, MAX_PER_FIELD);
      // A value the slip's own arithmetic chose (the amount a currency conversion charges) stays:
      // the local figures a sum adds up to are in the other currency.
      const top = ranked.get(p)?.[0];
      if (top?.relation === 'arithmetic') list = [top];
      if (list.length === 0 && !optional.has(p) && i < rule.terms.length) {
        list = [...equalsList];
        standIn.add(i);
      }
      if (optional.has(p)) list.push(null);
      return list;
    });
    if (choices.some((c) => c.length === 0)) continue;
    const signs = paths.map((p, i) => (i < rule.terms.length ? 1 : i < paths.length - 1 ? -1 : 0));
    // Choosing needs an exact fit: within the rule's tolerance a rounding line itself would "fit".
    const tolerance = Math.min(rule.tolerance ?? 0.01, 0.005) + 1e-9;
    const current = choices.map((c, i) => (standIn.has(i) ? null : c[0]));
    const currentScore = scoreOf(current);
    let best: (Candidate | null)[] | null = null;
    let bestScore = -Infinity;
    const pick: (Candidate | null)[] = new Array(paths.length).fill(null);
    const walk = (i: number) => {
      if (i === paths.length) {
        const total = pick[paths.length - 1];
        if (!total) return;
        let sum = 0;
        // A deduction printed with its minus (`Preisvorteil -0,30`) is taken away all the same.
        for (let k = 0; k < paths.length - 1; k++) sum += signs[k] * (signs[k] < 0 ? Math.abs : Number)((pick[k]?.value as number | undefined) ?? 0);
        if (Math.abs(sum - (total.value as number)) > tolerance) return;
        if (pick.slice(0, -1).every((c) => c === null)) return;
        // One printed figure read as a term and as the total proves nothing (`VALOR COMPRA 5,75`
        // as the base and as the amount, the cashback left out).
        if (pick.slice(0, -1).some((c) => c !== null && c.line === total.line && c.start === total.start)) return;
        // Nor does a term taken away again (`3.00` as the subtotal and as the discount): what is
        // left is one figure equal to the total.
        if (pick.some((c, k) => c !== null && signs[k] === 1 && pick.some((d, j) => d !== null && signs[j] === -1 && d.value !== 0 && d.value === c.value))) return;
        // With a stand-in, the total moves to an unlabelled figure only from a labelled one (`TOTAL
        // 42.37` rounded to `42.35`): two item prices a deduction apart (`Orangensaft 1,69`,
        // `Paprika rot 1,99`) are no subtotal and total.
        if (standIn.size > 0 && total !== choices[paths.length - 1][0] && total.label === null && [...standIn].every((k) => pick[k]?.label === null)) return;
        for (const k of standIn) if (pick[k]?.value === total.value || !((pick[k]?.value as number) > 0) || pick.slice(0, -1).filter((c) => c !== null).length < 2) return;
        // A stand-in and another term on one line are that line's own arithmetic (an item's
        // `£5.50 - 55% Discount. Saving £3.00`), not the document's totals.
        for (const k of standIn) if (pick.some((c, j) => j !== k && j < paths.length - 1 && c !== null && c.line === pick[k]?.line)) return;
        // Nor does a term count twice: a figure another term reads under its own label stands in for
        // none while that term is in the sum with another of its figures (two tax rows: `Kwota PTU B 0,67`
        // and `Kwota PTU C 1,27` are no subtotal and tax of `Łączna kwota PTU 1,94`).
        for (const k of standIn) if (paths.some((p, j) => j !== k && j < paths.length - 1 && pick[j] !== null && (ranked.get(p) ?? []).some((o) => o.label !== null && o.line === pick[k]?.line && o.start === pick[k]?.start))) return;
        // On one row of a tax table (`A 2,10%  2,14  0,04  2,18`) they prove that row's gross, which
        // is the total only when the total was chosen already (one rate: `S = 6%  235.85  14.15`).
        for (const k of standIn) if (total !== choices[paths.length - 1][0] && pick.some((c, j) => j !== k && j < paths.length - 1 && c !== null && c.line.row === pick[k]?.line.row)) return;
        // Each field moved keeps at least half its first choice's score, unless a stand-in explains
        // it (the total is the printed figure plus labelled adjustments).
        const explained = standIn.size > 0 && pick.every((c, k) => k === paths.length - 1 || standIn.has(k) || c === null || c.label !== null);
        if (!explained && pick.some((c, k) => c !== null && !standIn.has(k) && c.score < 0.5 * (choices[k][0]?.score ?? 0))) return;
        const s = scoreOf(pick);
        if (s > bestScore) {
          bestScore = s;
          best = [...pick];
        }
        return;
      }
      for (const c of choices[i]) {
        pick[i] = c;
        walk(i + 1);
      }
    };
    walk(0);
    if (!best || (standIn.size === 0 && bestScore < 0.6 * currentScore)) continue;
    const chosen = best as (Candidate | null)[];
    // A stand-in printed under a label that another term's figure follows (`Betrag 86,50`,
    // `Trinkgeld 8,50`, `Gesamt 95,00`) is that term's value: the slip prints the base under
    // the amount's own word.
    const others = chosen.slice(0, rule.terms.length).filter((c, k) => c !== null && !standIn.has(k));
    for (const k of standIn) {
      const c = chosen[k];
      if (!c || c.label === null || others.length === 0 || others.some((o) => o?.label === null)) continue;
      ranked.set(paths[k], [{ ...c, relation: 'arithmetic' }]);
      agreed.set(paths[k], [...(agreed.get(paths[k]) ?? []), rule.name]);
    }
    paths.forEach((p, i) => {
      const c = chosen[i];
      const list = ranked.get(p);
      if (!c || !list || standIn.has(i)) return;
      // Move the agreeing candidate to the front.
      ranked.set(p, [c, ...list.filter((x) => x !== c)]);
      agreed.set(p, [...(agreed.get(p) ?? []), rule.name]);
    });
  }
  return agreed;
}

/** Every sum, in cents, the labelled candidates of a rule's terms (less what it subtracts) can make. */
function termSums(rule: Extract<RuleDefinition, { kind: 'sum' }>, ranked: Ranked): Set<number> {
  let sums = new Set<number>([0]);
  const add = (path: string, sign: number) => {
    const values = distinctValues(ranked.get(path) ?? [])
      .slice(0, MAX_PER_FIELD)
      .filter((c) => c.label !== null && typeof c.value === 'number')
      .map((c) => Math.round((c.value as number) * 100));
    // A term no label names leaves it to the stand-ins (below); one that must be there leaves no sum.
    if (values.length === 0) {
      if (!rule.optional?.includes(path)) sums = new Set();
      return;
    }
    const next = new Set<number>(rule.optional?.includes(path) ? sums : []);
    for (const s of sums) for (const v of values) next.add(s + sign * v);
    sums = next;
  };
  for (const t of rule.terms) add(t, 1);
  for (const t of rule.minus ?? []) add(t, -1);
  sums.delete(0);
  return sums;
}

function scoreOf(pick: readonly (Candidate | null)[]): number {
  return pick.reduce((s, c) => s + (c?.score ?? 0), 0);
}

/** Candidates with a value not seen earlier in the list. */
export function distinctValues(list: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const c of list) {
    const key = JSON.stringify(c.value);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
}

/**
 * The result of a `sum` rule the document does not print, where it prints one term and none of
 * the others, all of which are optional, nor anything the rule subtracts: that term is the result
 * (`PURCHASE 25.00` with no tip or cashback is the amount charged). One candidate, the term's
 * best, as arithmetic (a model cannot overrule it); none otherwise.
 */
export function soleTermCandidates(rules: readonly RuleDefinition[], path: string, ranked: Ranked): Candidate[] {
  for (const rule of rules) {
    if (rule.kind !== 'sum' || rule.equals !== path) continue;
    const optional = new Set(rule.optional ?? []);
    const present = rule.terms.filter((t) => (ranked.get(t)?.length ?? 0) > 0);
    const subtracts = (rule.minus ?? []).some((t) => (ranked.get(t)?.length ?? 0) > 0);
    if (present.length !== 1 || subtracts || optional.has(present[0]) || rule.terms.some((t) => t !== present[0] && !optional.has(t))) continue;
    const term = (ranked.get(present[0]) as Candidate[])[0];
    if (typeof term.value !== 'number') continue;
    return [{ ...term, relation: 'arithmetic', score: term.score }];
  }
  return [];
}

/**
 * Cash handed over that is the total, with no change read: paid exact. The change's sum rule
 * (total + change = cash) needs a change to hold, so such cash had no rule to vouch for it; the
 * first choices are only read, never moved.
 */
export function paidExact(ranked: Ranked, paths: { tendered: string; change: string | null; total: string | null }): boolean {
  if (!paths.total || (paths.change && (ranked.get(paths.change)?.length ?? 0) > 0)) return false;
  const cash = ranked.get(paths.tendered)?.[0]?.value;
  return typeof cash === 'number' && cash > 0 && cash === ranked.get(paths.total)?.[0]?.value;
}
