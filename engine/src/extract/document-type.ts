import type { Definition } from '../contracts/definition.js';
import { checkDefinition } from '../doctypes/check-definition.js';
import { schemaIdFor } from '../doctypes/schema-id.js';
import { templateDefinition } from '../doctypes/templates/index.js';

/** A published document type version as extraction needs it. */
export interface DocumentTypeVersion {
  key: string;
  version: number;
  schema_id: string;
  definition: Definition;
}

/** Scope of the built-in templates' schema ids. */
export const TEMPLATE_SCOPE = 'builtin';

/** A built-in template as version 1 of its key; `unknown_template` for any other name. */
export function templateVersion(key: string): DocumentTypeVersion {
  const definition = templateDefinition(key);
  return { key, version: 1, schema_id: schemaIdFor(TEMPLATE_SCOPE, key, 1, definition), definition };
}

/**
 * A user's definition (a file given to the CLI, a draft tried in the console) as an unpublished
 * version 0 under `key`; refused with `invalid_definition` like any definition.
 */
export function definitionVersion(key: string, input: unknown): DocumentTypeVersion {
  const definition = checkDefinition(input);
  return { key, version: 0, schema_id: schemaIdFor('local', key, 0, definition), definition };
}
