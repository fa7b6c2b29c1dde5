import type { PublishedVersion } from '../contracts/definition.js';
import { ServiceError } from '../errors/service-error.js';
import { checkDefinition } from './check-definition.js';
import { diffDefinitions } from './diff-definitions.js';
import { definitionJsonSchema } from './json-schema.js';
import { schemaIdFor } from './schema-id.js';

export interface PublishInput {
  /** Owner of the type (an organization id); part of the schema id. */
  scope: string;
  /** The document type's key. */
  key: string;
  /** The draft to publish; null or undefined when there is none. */
  draft: unknown;
  /** The latest published version, if any. */
  latest: PublishedVersion | null;
  /** Publish a breaking draft deliberately. */
  acknowledgeBreaking?: boolean;
}

/**
 * Publication as a pure function: the next version from a draft, or the reason there is none
 * (`no_draft`, `invalid_definition`, `nothing_changed`, `breaking_change` with the changes).
 * The version returned is frozen: published versions never change.
 */
export function publishDraft(input: PublishInput): PublishedVersion {
  if (input.draft === null || input.draft === undefined) throw new ServiceError('no_draft');
  const definition = structuredClone(checkDefinition(input.draft));
  const { changes, breaking } = input.latest ? diffDefinitions(input.latest.definition, definition) : { changes: [], breaking: false };
  if (input.latest && changes.length === 0) throw new ServiceError('nothing_changed');
  if (breaking && !input.acknowledgeBreaking) {
    throw new ServiceError('breaking_change', { details: { changes } });
  }
  const version = (input.latest?.version ?? 0) + 1;
  const schema_id = schemaIdFor(input.scope, input.key, version, definition);
  return deepFreeze({
    version,
    schema_id,
    definition,
    schema: definitionJsonSchema(definition, { id: `urn:docex:schema:${schema_id}` }),
    changes,
    breaking,
  });
}

/** Freezes a value and everything it holds (published versions never change). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

