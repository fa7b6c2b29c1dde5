import type { Definition, FieldDefinition } from '../contracts/definition.js';
import { DEFINITION_LIMITS } from './limits.js';

export type JsonSchema = Record<string, unknown>;

export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
/** HH:MM, as receipts print times. */
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
/** A local date and time, seconds and offset optional: receipts rarely print a time zone. */
export const DATETIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?(Z|[+-][0-9]{2}:[0-9]{2})?$';
export const CURRENCY_PATTERN = '^[A-Z]{3}$';

export interface JsonSchemaOptions {
  /** `$id` of the schema, e.g. the version's schema id as a URN. */
  id?: string;
}

/**
 * The JSON Schema (2020-12) of an extraction's `data` under a definition. Every field is always
 * present: a value that was not found is null (arrays are empty, objects hold nulls). `required`
 * in the definition asks for review when a value is missing; it does not make the key optional.
 */
export function definitionJsonSchema(def: Definition, options: JsonSchemaOptions = {}): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...(options.id !== undefined && { $id: options.id }),
    title: def.name,
    ...(def.description !== undefined && { description: def.description }),
    ...objectSchema(def.fields),
  };
}

function objectSchema(fields: Record<string, FieldDefinition>): JsonSchema {
  const names = Object.keys(fields);
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((n) => [n, fieldSchema(fields[n], true)])),
    required: names,
    additionalProperties: false,
  };
}

function fieldSchema(f: FieldDefinition, nullable: boolean): JsonSchema {
  const described = f.description !== undefined ? { description: f.description } : {};
  const typed = (type: string) => (nullable ? [type, 'null'] : type);
  switch (f.type) {
    case 'object':
      return { ...described, ...objectSchema(f.fields ?? {}) };
    case 'array':
      return {
        ...described,
        type: 'array',
        items: f.items ? fieldSchema(f.items, false) : {},
        maxItems: f.max_items ?? DEFINITION_LIMITS.defaultMaxItems,
      };
    case 'enum':
      return { ...described, type: typed('string'), enum: nullable ? [...(f.values ?? []), null] : [...(f.values ?? [])] };
    case 'string':
      return { ...described, type: typed('string'), ...(f.pattern !== undefined && { pattern: f.pattern }) };
    case 'number':
    case 'money':
    case 'integer':
      return {
        ...described,
        type: typed(f.type === 'integer' ? 'integer' : 'number'),
        ...(f.minimum !== undefined && { minimum: f.minimum }),
        ...(f.maximum !== undefined && { maximum: f.maximum }),
      };
    case 'boolean':
      return { ...described, type: typed('boolean') };
    case 'date':
      // format for validators that know it, pattern for those that do not.
      return { ...described, type: typed('string'), format: 'date', pattern: DATE_PATTERN };
    case 'time':
      return { ...described, type: typed('string'), pattern: TIME_PATTERN };
    case 'datetime':
      return { ...described, type: typed('string'), pattern: DATETIME_PATTERN };
    case 'currency':
      return { ...described, type: typed('string'), pattern: CURRENCY_PATTERN };
  }
}
