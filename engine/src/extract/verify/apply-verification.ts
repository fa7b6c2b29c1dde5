import type { Definition, FieldDefinition, ReviewReason } from '../../contracts/definition.js';
import type { ExtractionContent, FieldResult, VerificationOutcome } from '../../contracts/extraction.js';
import { evaluateChecks } from '../evaluate-checks.js';
import { isMissing } from '../field-checks.js';
import { normaliseAnswerValue, passesFieldChecks, sameValue } from './answer-values.js';
import { setPath } from '../../doctypes/field-paths.js';
import { objectSummary, resultAt } from '../field-results.js';
import { verifiableFields } from './verifiable-fields.js';
import type { FieldAnswer } from './verify-prompt.js';

/**
 * Applies the model's answer to an extraction: each scalar field gets one of the five outcomes,
 * changed values go into `data` and `fields`, checks and review are worked out again over the
 * new data, and `processing.verification` counts the outcomes. docs/verification.md has the table.
 */

/**
 * Confidence of a value only the language model vouches for (it replaced or filled the read):
 * under the default review threshold, as such a value always asks for review anyway. Provisional,
 * like the other confidence weights, until it is fitted on the development datasets.
 */
export const VERIFIED_VALUE_CONFIDENCE = 0.7;

export type VerificationCounts = Record<VerificationOutcome, number>;

export interface ApplyVerificationOptions {
  /** "Today" for date rules when checks run again; the current time by default. */
  now?: Date;
}

// The review reasons evaluateChecks gives: they are worked out again when a value changes.
const CHECK_REASON_CODES = new Set<string>(['required_missing', 'invalid_value', 'rule_failed']);

const MESSAGES = {
  verification_disagreed: 'The language model read a different value on the document; the value was replaced and needs confirming.',
  verification_filled: 'Extraction found no value; the language model supplied this one, which needs confirming.',
} as const;

/**
 * `answers` null: the call failed or its answer could not be read, so every field is unanswered
 * (the caller adds the `verification_failed` warning). Returns a new content; the input is kept.
 */
export function applyVerification(content: ExtractionContent, definition: Definition, answers: ReadonlyMap<string, FieldAnswer> | null, options: ApplyVerificationOptions = {}): ExtractionContent {
  const out = structuredClone(content);
  const counts: VerificationCounts = { agreed: 0, disagreed: 0, filled: 0, rejected: 0, unanswered: 0 };
  const changed = new Map<string, 'verification_disagreed' | 'verification_filled'>();

  for (const { path, field } of verifiableFields(definition)) {
    const result = resultAt(out.fields, path);
    if (!result) continue;
    const { outcome, value } = judge(field, result, answers?.get(path));
    counts[outcome]++;
    result.verified = outcome === 'agreed' || outcome === 'disagreed' || outcome === 'filled';
    if (outcome !== 'disagreed' && outcome !== 'filled') continue;
    result.value = value;
    result.status = 'corrected';
    result.source = 'verification';
    result.confidence = VERIFIED_VALUE_CONFIDENCE;
    delete result.date_order; // it told how the replaced text was read
    if (outcome === 'filled') {
      // Nothing on the page was read for it: no place to show.
      result.page = null;
      result.bounding_box = null;
      result.raw_text = null;
    } // disagreed: page, box and raw_text still show what was read, for the reviewer to compare
    setPath(out.data, path, value);
    changed.set(path, outcome === 'filled' ? 'verification_filled' : 'verification_disagreed');
  }

  if (changed.size > 0) recheck(out, definition, changed, options);
  const touched = new Set([...changed.keys()].map((p) => p.split('.')[0]));
  for (const [name, result] of Object.entries(out.fields)) if (result.type === 'object') refreshObject(result, touched.has(name));
  out.processing = { ...out.processing, verification: counts };
  return out;
}

/** The outcome for one field and, for `disagreed` and `filled`, the value to take. The value decides, not the verdict word. */
function judge(field: FieldDefinition, result: FieldResult, answer: FieldAnswer | undefined): { outcome: VerificationOutcome; value?: unknown } {
  if (!answer) return { outcome: 'unanswered' };
  const present = !isMissing(result.value);
  // "Not on the document": agreement when nothing was read; a value read from the page is not dropped on the model's word alone.
  if (answer.verdict === 'missing') return { outcome: present ? 'rejected' : 'agreed' };
  if (answer.value === undefined || answer.value === null) {
    // `agree` without a value stands for the extracted value; `disagree` without one offers nothing to take.
    if (answer.verdict === 'disagree') return { outcome: 'rejected' };
    return { outcome: present && result.status === 'invalid' ? 'rejected' : 'agreed' };
  }
  const value = normaliseAnswerValue(field, answer.value, result.value);
  if (!passesFieldChecks(field, value)) return { outcome: 'rejected' };
  if (!present) return { outcome: 'filled', value };
  if (result.status !== 'invalid' && sameValue(value, result.value)) return { outcome: 'agreed' };
  return { outcome: 'disagreed', value };
}

/**
 * Checks and review over the changed data. The data is evaluated as extraction evaluated it
 * (values failing their own checks included, though `data` holds null for them), so checks of
 * unchanged fields come out as before and only what the new values touch (their own checks,
 * rules over them) changes. Reasons that are not from checks (low confidence, declared type) stay,
 * except low confidence of a replaced value; each changed value adds its verification reason.
 */
function recheck(out: ExtractionContent, definition: Definition, changed: Map<string, keyof typeof MESSAGES>, options: ApplyVerificationOptions): void {
  const evalData = structuredClone(out.data);
  for (const { path } of verifiableFields(definition)) setPath(evalData, path, resultAt(out.fields, path)?.value ?? null);
  const checked = evaluateChecks(definition, evalData, { now: options.now });
  refreshChecks(definition.fields, out.fields, checked.checks, '');

  const kept = out.review.reasons.filter((r) => !CHECK_REASON_CODES.has(r.code) && !(r.code === 'low_confidence' && changed.has(r.path)));
  const added: ReviewReason[] = [...changed].map(([path, code]) => ({ code, path, message: MESSAGES[code] }));
  const reasons = [...checked.review.reasons, ...kept, ...added];
  out.review = { required: reasons.length > 0, reasons };
}

/** Every result's checks from the new evaluation, item fields of arrays included (a rule over a changed total checks the items too). */
function refreshChecks(fields: Record<string, FieldDefinition>, results: Record<string, FieldResult>, checks: Record<string, FieldResult['checks']>, prefix: string): void {
  for (const [name, field] of Object.entries(fields)) {
    const result = results[name];
    if (!result) continue;
    const path = prefix === '' ? name : `${prefix}.${name}`;
    result.checks = checks[path] ?? [];
    if (field.type === 'object' && result.fields) refreshChecks(field.fields ?? {}, result.fields, checks, path);
    if (field.type === 'array' && result.items) {
      result.items.forEach((item, i) => {
        for (const [itemName, cell] of Object.entries(item)) cell.checks = checks[`${path}[${i}].${itemName}`] ?? [];
      });
    }
  }
}

/**
 * An object is verified when every field in it is. When a field in it changed (`changed`), the
 * rest is made again as extraction builds it (objectSummary).
 */
function refreshObject(result: FieldResult, changed: boolean): void {
  const subs = Object.values(result.fields ?? {});
  for (const sub of subs) if (sub.type === 'object') refreshObject(sub, changed);
  result.verified = subs.length > 0 && subs.every((r) => r.verified);
  if (changed) Object.assign(result, objectSummary(result.fields ?? {}));
}
