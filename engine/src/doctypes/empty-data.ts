import type { Definition, FieldDefinition } from '../contracts/definition.js';

/**
 * The `data` of an extraction that found nothing: every field present, null (arrays empty,
 * objects with their own fields null). Extraction fills it in; the JSON Schema expects this shape.
 */
export function emptyData(definition: Definition): Record<string, unknown> {
  return emptyObject(definition.fields);
}

function emptyObject(fields: Record<string, FieldDefinition>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, emptyValue(f)]));
}

function emptyValue(f: FieldDefinition): unknown {
  if (f.type === 'array') return [];
  if (f.type === 'object') return emptyObject(f.fields ?? {});
  return null;
}
