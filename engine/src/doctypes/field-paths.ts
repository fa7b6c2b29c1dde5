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

/**
 * The scalar fields of a definition with their data paths, nested objects included
 * (`merchant.name`), in definition order; arrays are left out (they are read as tables).
 */
export function scalarFields(fields: Record<string, FieldDefinition>, prefix = ''): { path: string; name: string; field: FieldDefinition }[] {
  const out: { path: string; name: string; field: FieldDefinition }[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    if (field.type === 'object') out.push(...scalarFields(field.fields ?? {}, path));
    else if (field.type !== 'array') out.push({ path, name, field });
  }
  return out;
}

/** Sets a value at a dotted path of extracted data (`merchant.name`), making the objects on the way. */
export function setPath(data: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split('.');
  let at = data;
  for (const s of steps.slice(0, -1)) {
    if (at[s] === null || typeof at[s] !== 'object') at[s] = {};
    at = at[s] as Record<string, unknown>;
  }
  at[steps[steps.length - 1]] = value;
}

/** The array part of a path (`line_items[]` of `line_items[].amount`); null outside arrays. */
export function arrayPrefix(path: string): string | null {
  const at = path.lastIndexOf('[]');
  return at < 0 ? null : path.slice(0, at + 2);
}

export const NUMERIC_TYPES: readonly string[] = ['number', 'integer', 'money'];
export const DATE_TYPES: readonly string[] = ['date', 'datetime'];
