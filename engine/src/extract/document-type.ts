import type { Definition } from '../contracts/definition.js';
import { checkDefinition } from '../doctypes/check-definition.js';
import { deepFreeze } from '../doctypes/publish.js';
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

const templates = new Map<string, DocumentTypeVersion>();

/**
 * A built-in template as version 1 of its key; `unknown_template` for any other name. Made once
 * per key and frozen: every extraction with it shares the version (and its compiled labels).
 */
export function templateVersion(key: string): DocumentTypeVersion {
  let version = templates.get(key);
  if (!version) {
    const definition = templateDefinition(key);
    version = deepFreeze({ key, version: 1, schema_id: schemaIdFor(TEMPLATE_SCOPE, key, 1, definition), definition });
    templates.set(key, version);
  }
  return version;
}

/**
 * A user's definition (a file given to the CLI, a draft tried in the console) as an unpublished
 * version 0 under `key`; refused with `invalid_definition` like any definition.
 */
export function definitionVersion(key: string, input: unknown): DocumentTypeVersion {
  const definition = checkDefinition(input);
  return { key, version: 0, schema_id: schemaIdFor('local', key, 0, definition), definition };
}
