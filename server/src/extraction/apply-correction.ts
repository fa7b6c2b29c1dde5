import type { FieldCheck, FieldDefinition } from '../../../engine/src/contracts/definition.js';
import { FIELD_TYPES } from '../../../engine/src/contracts/definition.js';
import type { FieldResult } from '../../../engine/src/contracts/extraction.js';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { FieldValidator, isMissing } from '../../../engine/src/extract/field-checks.js';
import { invalidParameter } from '../http/invalid-parameter.js';

const MAX_PATH = 300;
/** Longest text a person may type as a value. */
const MAX_TEXT = 10_000;
const SEGMENT = /^(?:[a-z][a-z0-9_]*|\d{1,4})$/;

/**
 * A correction's field path: `total`, `merchant.name`, `line_items.0.amount` (also written
 * `line_items[0].amount`, as review reasons name it). Returns the dotted form and its parts.
 */
export function parseFieldPath(field: unknown): { path: string; parts: string[] } {
  if (typeof field !== 'string' || field.trim() === '') throw invalidParameter('field', 'must name a field of the result');
  const path = field.trim().replace(/\[(\d+)\]/g, '.$1');
  const parts = path.split('.');
  if (path.length > MAX_PATH || !parts.every((p) => SEGMENT.test(p))) throw new ServiceError('field_not_found', { param: 'field' });
  return { path, parts };
}

/** The extraction object's parts a correction changes. */
export interface CorrectableObject {
  data?: Record<string, unknown>;
  fields?: Record<string, FieldResult>;
}

export interface AppliedCorrection {
  previous: unknown;
  value: unknown;
  /** The field's result after the correction. */
  result: FieldResult;
}

interface Step {
  /** The object or array result the next step is inside. */
  parent: FieldResult | null;
  /** For an item of an array: its index. */
  index: number | null;
}

/**
 * Applies a person's value to the field at `parts` of an extraction object, in place: the
 * field's result gets the value, status `corrected`, confidence 1 and its own checks made again
 * (rule checks are left as the extraction made them); `data` and the values of the object or
 * array results above it follow. `field_not_found` for a path the result does not have (an
 * item past the list's end included); `invalid_correction` for an object or a list named as a
 * whole, or a value that does not fit the field (its type, enum values, pattern or range).
 * Null, or blank text, clears the value.
 */
export function applyCorrection(object: CorrectableObject, parts: string[], sent: unknown, definition: Record<string, FieldDefinition> | null): AppliedCorrection {
  const notFound = () => new ServiceError('field_not_found', { param: 'field' });
  const fields = object.fields;
  if (!fields || typeof fields !== 'object') throw notFound();
  let result: FieldResult | undefined = Object.hasOwn(fields, parts[0]) ? fields[parts[0]] : undefined;
  let def: FieldDefinition | undefined = definition?.[parts[0]];
  const steps: Step[] = [{ parent: null, index: null }];
  // The names of the object at each part of the path (an object field, or an item of a list):
  // `data` may hold null there, and gets an object of them.
  const shapes = new Map<number, string[]>();
  for (let i = 1; i < parts.length && result; i++) {
    const part = parts[i];
    if (result.type === 'object' && result.fields) {
      shapes.set(i - 1, Object.keys(result.fields));
      steps.push({ parent: result, index: null });
      def = def?.fields?.[part];
      result = Object.hasOwn(result.fields, part) ? result.fields[part] : undefined;
    } else if (result.type === 'array' && result.items) {
      const index = /^\d+$/.test(part) ? Number(part) : -1;
      const item = index >= 0 ? result.items[index] : undefined;
      if (!item) throw notFound();
      const name = parts[i + 1];
      if (name === undefined) throw new ServiceError('invalid_correction', { param: 'field', message: 'Name a field of the item (line_items.0.amount), not the whole item.' });
      shapes.set(i, Object.keys(item));
      steps.push({ parent: result, index });
      def = def?.items?.fields?.[name];
      result = Object.hasOwn(item, name) ? item[name] : undefined;
      i += 1;
    } else {
      throw notFound();
    }
  }
  if (!result) throw notFound();
  if (result.type === 'object' || result.type === 'array') {
    throw new ServiceError('invalid_correction', { param: 'field', message: 'Correct the fields of an object or of a list item one by one (line_items.0.amount).' });
  }

  const value = sent === null || isMissing(sent) ? null : sent;
  const field: FieldDefinition = def ?? { type: (FIELD_TYPES as readonly string[]).includes(result.type) ? (result.type as FieldDefinition['type']) : 'string' };
  if (typeof value === 'string' && value.length > MAX_TEXT) throw new ServiceError('invalid_correction', { param: 'value', message: `Text values are at most ${MAX_TEXT} characters.`, details: { type: result.type, check: 'length' } });
  if (value !== null) {
    const failed = new FieldValidator({ v: { ...field, required: false } }).check({ v: value }).find((c) => c.check.status === 'failed');
    if (failed) throw new ServiceError('invalid_correction', { param: 'value', message: failed.check.message, details: { type: field.type, check: failed.check.name } });
  }
  const ownChecks: FieldCheck[] = new FieldValidator({ v: field }).check({ v: value }).map((c) => c.check);
  const previous = result.value;
  const corrected: FieldResult = { ...result, value, status: 'corrected', confidence: 1, checks: [...ownChecks, ...result.checks.filter((c) => c.name === 'rules')] };
  replaceResult(fields, parts, steps, corrected);
  if (object.data) setData(object.data, parts, value, shapes);
  return { previous, value, result: corrected };
}

/** Puts the corrected result in its place and brings the values of the results above it up to date. */
function replaceResult(fields: Record<string, FieldResult>, parts: string[], steps: Step[], corrected: FieldResult): void {
  const last = steps[steps.length - 1];
  const name = parts[parts.length - 1];
  if (!last.parent) {
    fields[name] = corrected;
    return;
  }
  if (last.index === null) {
    last.parent.fields![name] = corrected;
    last.parent.value = Object.fromEntries(Object.entries(last.parent.fields!).map(([k, r]) => [k, r.value]));
  } else {
    last.parent.items![last.index][name] = corrected;
    if (Array.isArray(last.parent.value) && isRecord(last.parent.value[last.index])) (last.parent.value[last.index] as Record<string, unknown>)[name] = corrected.value;
  }
  // Objects holding objects: each value above is made again from its fields.
  for (let s = steps.length - 2; s >= 1; s--) {
    const p = steps[s].parent!;
    if (steps[s].index === null && p.fields) p.value = Object.fromEntries(Object.entries(p.fields).map(([k, r]) => [k, r.value]));
  }
  for (let s = 1; s < steps.length; s++) if (steps[s].parent!.status === 'missing') steps[s].parent!.status = 'corrected';
}

/** Sets `data` at the path, making the objects on the way where the result had none. */
function setData(data: Record<string, unknown>, parts: string[], value: unknown, shapes: Map<number, string[]>): void {
  let at: Record<string, unknown> | unknown[] = data;
  for (let i = 0; i < parts.length - 1; i++) {
    const key = parts[i];
    const next: unknown = Array.isArray(at) ? at[Number(key)] : at[key];
    if (isRecord(next) || Array.isArray(next)) {
      at = next;
      continue;
    }
    const made: Record<string, unknown> | unknown[] = /^\d+$/.test(parts[i + 1]) ? [] : Object.fromEntries((shapes.get(i) ?? []).map((k) => [k, null]));
    if (Array.isArray(at)) at[Number(key)] = made;
    else at[key] = made;
    at = made;
  }
  const leaf = parts[parts.length - 1];
  if (Array.isArray(at)) at[Number(leaf)] = value;
  else at[leaf] = value;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
