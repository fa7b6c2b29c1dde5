import type { Definition, FieldDefinition } from '../../contracts/definition.js';
import type { FieldResult } from '../../contracts/extraction.js';

/**
 * The fields verified mode asks about, and how to reach their results and data by path. Both the
 * prompt and the applying of the answer walk the same list, so every field asked about is counted
 * exactly once.
 */

export interface VerifiableField {
  /** Data path: `amount`, `merchant.name`. */
  path: string;
  field: FieldDefinition;
}

const lists = new WeakMap<Definition, VerifiableField[]>();

/**
 * Scalar fields, top level and inside objects, in definition order. Arrays (line items) are left
 * out: a table is too much to restate and compare item by item in one short answer, and a small
 * local model does it badly; their results stay as read.
 */
export function verifiableFields(definition: Definition): VerifiableField[] {
  let list = lists.get(definition);
  if (!list) {
    list = walk(definition.fields, '');
    lists.set(definition, list);
  }
  return list;
}

function walk(fields: Record<string, FieldDefinition>, prefix: string): VerifiableField[] {
  const out: VerifiableField[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    if (field.type === 'object') out.push(...walk(field.fields ?? {}, path));
    else if (field.type !== 'array') out.push({ path, field });
  }
  return out;
}

/** The result at a dotted path (`merchant.name` is `fields.merchant.fields.name`). */
export function resultAt(fields: Record<string, FieldResult>, path: string): FieldResult | undefined {
  const [head, ...rest] = path.split('.');
  let r: FieldResult | undefined = fields[head];
  for (const s of rest) r = r?.fields?.[s];
  return r;
}

/** Sets a value at a dotted path of `data`, making the objects on the way. */
export function setPath(data: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split('.');
  let at = data;
  for (const s of steps.slice(0, -1)) {
    if (at[s] === null || typeof at[s] !== 'object') at[s] = {};
    at = at[s] as Record<string, unknown>;
  }
  at[steps[steps.length - 1]] = value;
}
