import type { Definition, FieldDefinition } from '../../contracts/definition.js';
import { scalarFields } from '../../doctypes/field-paths.js';

/**
 * The fields verified mode asks about. Both the prompt and the applying of the answer walk the
 * same list, so every field asked about is counted exactly once.
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
    list = scalarFields(definition.fields).map(({ path, field }) => ({ path, field }));
    lists.set(definition, list);
  }
  return list;
}
