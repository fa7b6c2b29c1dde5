import type { Definition, FieldCheck, ReviewReason } from '../contracts/definition.js';
import { FieldValidator, type PathCheck } from './field-checks.js';
import { runRule } from './rule-checks.js';

export interface CheckOptions {
  /** The moment "now" for date rules; defaults to the current time. */
  now?: Date;
}

export interface CheckResult {
  /** Checks per data path (`amount`, `line_items[2].amount`), in evaluation order. */
  checks: Record<string, FieldCheck[]>;
  review: { required: boolean; reasons: ReviewReason[] };
}

/**
 * Runs a definition's field validations and rules over extracted data. Deterministic: the same
 * definition, data and `now` give the same result. Patterns are compiled once per evaluator.
 */
export function createChecker(definition: Definition): (data: Record<string, unknown>, options?: CheckOptions) => CheckResult {
  const validator = new FieldValidator(definition.fields);
  const rules = definition.rules ?? [];
  return (data, options = {}) => {
    const today = (options.now ?? new Date()).toISOString().slice(0, 10);
    const all: PathCheck[] = validator.check(data);
    for (const rule of rules) all.push(...runRule(rule, data, { today }));
    const checks: Record<string, FieldCheck[]> = {};
    const reasons: ReviewReason[] = [];
    for (const c of all) {
      (checks[c.path] ??= []).push(c.check);
      if (c.review) reasons.push(reasonFor(c));
    }
    return { checks, review: { required: reasons.length > 0, reasons } };
  };
}

const checkers = new WeakMap<Definition, ReturnType<typeof createChecker>>();

/** `createChecker(definition)(data, options)`, with the checker kept per definition object. */
export function evaluateChecks(definition: Definition, data: Record<string, unknown>, options?: CheckOptions): CheckResult {
  let checker = checkers.get(definition);
  if (!checker) {
    checker = createChecker(definition);
    checkers.set(definition, checker);
  }
  return checker(data, options);
}

function reasonFor({ path, check }: PathCheck): ReviewReason {
  if (check.name === 'required') return { code: 'required_missing', path, message: check.message };
  if (check.name === 'rules') return { code: 'rule_failed', path, message: check.message, rule: check.rule };
  return { code: 'invalid_value', path, message: check.message };
}
