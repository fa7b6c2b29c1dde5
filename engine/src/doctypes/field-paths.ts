import type { FieldDefinition } from '../contracts/definition.js';

/**
 * Every field of a definition by its data path: `amount`, `merchant.name`, `line_items[]` (the
 * items), `line_items[].amount`. Rules name fields this way; diffs and checks report them so.
 */
export function indexFields(fields: Record<string, FieldDefinition>, prefix = '', into = new Map<string, FieldDefinition>()) {
  for (const [name, field] of Object.entries(fields)) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    into.set(path, field);
    indexChildren(field, path, into);
  }
  return into;
}

function indexChildren(field: FieldDefinition, path: string, into: Map<string, FieldDefinition>) {
  if (field.type === 'object' && field.fields) indexFields(field.fields, path, into);
  if (field.type === 'array' && field.items) {
    into.set(`${path}[]`, field.items);
    indexChildren(field.items, `${path}[]`, into);
  }
}

/** The array part of a path (`line_items[]` of `line_items[].amount`); null outside arrays. */
export function arrayPrefix(path: string): string | null {
  const at = path.lastIndexOf('[]');
  return at < 0 ? null : path.slice(0, at + 2);
}

export const NUMERIC_TYPES: readonly string[] = ['number', 'integer', 'money'];
export const DATE_TYPES: readonly string[] = ['date', 'datetime'];
