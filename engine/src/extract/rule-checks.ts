import type { RuleDefinition } from '../contracts/definition.js';
import { arrayPrefix } from '../doctypes/field-paths.js';
import { ibanValid, luhnValid } from './check-digits.js';
import type { PathCheck } from './field-checks.js';
import { isCalendarDate, isMissing } from './field-checks.js';
import { inKnownList } from './known-lists.js';

export interface RuleContext {
  /** Today's date, YYYY-MM-DD (UTC), for `not_in_future`. */
  today: string;
}

const stepsOf = new Map<string, string[]>();

/** Values of a path: one for a plain path, one per item (or none) through `[]`. */
export function valuesAt(data: unknown, path: string): { path: string; value: unknown }[] {
  let steps = stepsOf.get(path);
  if (!steps) {
    steps = path.split('.');
    stepsOf.set(path, steps);
  }
  let frontier: { path: string; value: unknown }[] = [{ path: '', value: data }];
  for (const step of steps) {
    const isArray = step.endsWith('[]');
    const name = isArray ? step.slice(0, -2) : step;
    const next: { path: string; value: unknown }[] = [];
    for (const { path: at, value } of frontier) {
      const child = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
      const childPath = at === '' ? name : `${at}.${name}`;
      if (!isArray) next.push({ path: childPath, value: child });
      else if (Array.isArray(child)) child.forEach((item, i) => next.push({ path: `${childPath}[${i}]`, value: item }));
    }
    frontier = next;
  }
  return frontier;
}

/** The paths a rule reads, in the order its message names them. */
export function rulePaths(rule: RuleDefinition): string[] {
  switch (rule.kind) {
    case 'sum':
      return [...rule.terms, ...(rule.minus ?? []), rule.equals];
    case 'product':
      return [...rule.factors, rule.equals];
    case 'date_order':
      return [rule.earlier, rule.later];
    case 'required_if':
      return [rule.when, rule.field];
    default:
      return [rule.field];
  }
}

/**
 * Run one rule over `data`. A rule whose paths reach into an array runs once per item; a `sum`
 * adds array terms over all items. Each run gives a check on every field it read.
 */
export function runRule(rule: RuleDefinition, data: Record<string, unknown>, ctx: RuleContext): PathCheck[] {
  const paths = rulePaths(rule);
  const out: PathCheck[] = [];
  const emit = (at: string[], status: Status, message: string) => emitRuleCheck(out, rule, at, status, message);
  if (rule.kind === 'sum') {
    const resolved = paths.map((p) => valuesAt(data, p));
    const at = resolved.flat().map((v) => v.path);
    // An array term needs items, each with a number: a sum over a partial list proves nothing.
    // Optional terms count missing values (or no items) as 0; any other term needs numbers throughout.
    const optional = new Set(rule.optional ?? []);
    const unusable = (p: string, i: number) =>
      optional.has(p)
        ? resolved[i].some((v) => !isMissing(v.value) && typeof v.value !== 'number')
        : resolved[i].length === 0 || resolved[i].some((v) => typeof v.value !== 'number');
    const gaps = paths.filter(unusable);
    if (gaps.length > 0) return (emit(at, 'skipped', `Not checked: ${gaps.join(', ')} not found or not a number.`), out);
    const total = (list: string[], offset: number) =>
      list.reduce((s, _, i) => s + resolved[offset + i].reduce((t, v) => t + (typeof v.value === 'number' ? v.value : 0), 0), 0);
    const sum = total(rule.terms, 0) - total(rule.minus ?? [], rule.terms.length);
    const ok = withinTolerance(sum, resolved[paths.length - 1][0]?.value as number, rule.tolerance);
    emit(at, ok ? 'ok' : 'failed', ok ? 'Passed.' : failure(rule, `${describeSum(rule)} does not hold.`));
    return out;
  }
  for (const binding of perItem(data, paths)) {
    const values = paths.map((p) => binding.get(p) ?? { path: p, value: undefined });
    const at = values.map((v) => v.path);
    const result = judge(rule, values.map((v) => v.value), ctx);
    if (result === null) emit(at, 'skipped', `Not checked: ${paths.filter((_, i) => isMissing(values[i].value)).join(', ') || 'a value'} not found or not readable.`);
    else emit(at, result.ok ? 'ok' : 'failed', result.ok ? 'Passed.' : failure(rule, result.message));
  }
  return out;
}

type Status = 'ok' | 'failed' | 'skipped';

/** Arithmetic rules allow `tolerance` (default 0.01), plus float noise of adding cents. */
function withinTolerance(actual: number, expected: number, tolerance = 0.01): boolean {
  return Math.abs(actual - expected) <= tolerance + 1e-9;
}

/**
 * Every field a run read gets the check; the review reason goes to the field the rule judges
 * (the last path: a total, the later date, the field required), so a failure is one reason.
 */
function emitRuleCheck(out: PathCheck[], rule: RuleDefinition, at: string[], status: Status, message: string) {
  const target = at[at.length - 1];
  const review = rule.severity !== 'warning' && status === 'failed';
  for (let i = 0; i < at.length; i++) {
    if (at.indexOf(at[i]) !== i) continue; // a path read twice gets one check
    out.push({ path: at[i], check: { name: 'rules', status, message, rule: rule.name }, review: review && at[i] === target });
  }
}

/** One binding of paths to values per item of the rule's array, or one binding when it has none. */
function perItem(data: Record<string, unknown>, paths: string[]): Map<string, { path: string; value: unknown }>[] {
  const array = paths.map(arrayPrefix).find((p) => p !== null);
  if (!array) return [new Map(paths.map((p) => [p, valuesAt(data, p)[0]]))];
  const items = valuesAt(data, array);
  return items.map((item) => {
    const m = new Map<string, { path: string; value: unknown }>();
    for (const p of paths) {
      if (arrayPrefix(p) === null) m.set(p, valuesAt(data, p)[0]);
      else {
        const rest = p.slice(array.length + 1);
        m.set(p, rest === '' ? item : valuesAt(item.value, rest).map((v) => ({ path: `${item.path}.${v.path}`, value: v.value }))[0]);
      }
    }
    return m;
  });
}

type Judgement = { ok: boolean; message: string } | null;

/** Judge one binding; null when a value the rule needs is missing. */
function judge(rule: RuleDefinition, v: unknown[], ctx: RuleContext): Judgement {
  switch (rule.kind) {
    case 'product': {
      if (v.some((x) => typeof x !== 'number')) return null;
      const nums = v as number[];
      const product = nums.slice(0, -1).reduce((a, b) => a * b, 1);
      const ok = withinTolerance(product, nums[nums.length - 1], rule.tolerance);
      return { ok, message: `${rule.factors.join(' x ')} does not equal ${rule.equals}.` };
    }
    case 'not_in_future': {
      if (isMissing(v[0]) || typeof v[0] !== 'string' || !isCalendarDate(v[0].slice(0, 10))) return null;
      const limit = addDays(ctx.today, rule.tolerance_days ?? 1);
      return { ok: v[0].slice(0, 10) <= limit, message: `${rule.field} lies in the future.` };
    }
    case 'date_order': {
      if (v.some((x) => typeof x !== 'string' || !isCalendarDate(x.slice(0, 10)))) return null;
      return { ok: (v[0] as string) <= (v[1] as string), message: `${rule.earlier} is later than ${rule.later}.` };
    }
    case 'required_if': {
      const active = rule.equals === undefined ? !isMissing(v[0]) : v[0] === rule.equals;
      if (!active) return { ok: true, message: '' };
      return { ok: !isMissing(v[1]), message: `${rule.field} is required when ${rule.when} is ${rule.equals === undefined ? 'present' : 'set so'}.` };
    }
    case 'luhn':
      if (isMissing(v[0])) return null;
      return { ok: typeof v[0] === 'string' && luhnValid(v[0]), message: `${rule.field} fails the Luhn check.` };
    case 'iban':
      if (isMissing(v[0])) return null;
      return { ok: typeof v[0] === 'string' && ibanValid(v[0]), message: `${rule.field} is not a valid IBAN.` };
    case 'card_last_four':
      if (isMissing(v[0])) return null;
      return { ok: typeof v[0] === 'string' && /^[0-9]{4}$/.test(v[0]), message: `${rule.field} is not four digits.` };
    case 'one_of': {
      if (isMissing(v[0])) return null;
      const ok = rule.list ? inKnownList(rule.list, v[0]) : (rule.values ?? []).includes(v[0] as string | number);
      return { ok, message: `${rule.field} is not one of the known values.` };
    }
    case 'sum':
      return null; // handled by runRule
  }
}

function describeSum(rule: Extract<RuleDefinition, { kind: 'sum' }>): string {
  const minus = (rule.minus ?? []).map((p) => ` - ${p}`).join('');
  return `${rule.terms.join(' + ')}${minus} = ${rule.equals}`;
}

function failure(rule: RuleDefinition, fallback: string): string {
  return rule.description ? `${rule.description} (${fallback})` : fallback;
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
