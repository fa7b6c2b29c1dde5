import type { Change, Definition, PublishedVersion } from '../../../engine/src/contracts/definition.js';
import { checkDefinition } from '../../../engine/src/doctypes/check-definition.js';
import { diffDefinitions } from '../../../engine/src/doctypes/diff-definitions.js';
import { definitionJsonSchema } from '../../../engine/src/doctypes/json-schema.js';
import { publishDraft } from '../../../engine/src/doctypes/publish.js';
import { isTemplateName, TEMPLATE_NAMES, templateDefinition } from '../../../engine/src/doctypes/templates/index.js';
import { ServiceError } from '../../../engine/src/errors/service-error.js';
import { templateVersion, type DocumentTypeVersion } from '../../../engine/src/extract/document-type.js';
import type { Application, Organization } from '../db/repos/accounts.js';
import type { DocumentTypeRecord, DocumentTypesRepo } from '../db/repos/document-types.js';
import type { AuthContext } from '../auth/authenticate.js';
import { isoNow } from '../ids.js';
import { invalidParameter } from '../http/invalid-parameter.js';

/** A document type key: 2 to 64 characters of a-z, 0-9 and _, starting with a letter. */
export const KEY_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
const BUILTIN_CREATED_AT = '2026-01-01T00:00:00.000Z';

/** The spec answers `document_type_not_found` with 400 when a token's or session's type list names an unusable type. */
export const LIST_NOT_USABLE = { status: 400, type: 'invalid_request_error' } as const;

/** The public version object (`GET /v1/document-types/{key}/versions/{version}`, `GET /v1/schemas/{id}`). */
function versionObject(key: string, v: PublishedVersion & { created_at?: string }) {
  return {
    object: 'document_type_version' as const,
    document_type: key,
    version: v.version,
    schema_id: v.schema_id,
    definition: v.definition,
    schema: v.schema,
    changes: v.changes,
    breaking: v.breaking,
    created_at: v.created_at ?? BUILTIN_CREATED_AT,
  };
}

/** What an extraction reads with, of a published version. */
const runnable = (key: string, v: Pick<PublishedVersion, 'version' | 'schema_id' | 'definition'>): DocumentTypeVersion => ({ key, version: v.version, schema_id: v.schema_id, definition: v.definition });

/**
 * Document types as an application sees them: the three built-in templates (version 1 each,
 * always there) and its organization's own types with their drafts and published versions.
 */
export class DocumentTypeService {
  private readonly builtins = new Map<string, PublishedVersion>();

  constructor(private readonly repo: DocumentTypesRepo) {}

  /** A built-in template as a published version with its JSON Schema. */
  builtin(key: string): PublishedVersion {
    let v = this.builtins.get(key);
    if (!v) {
      const t = templateVersion(key);
      v = { version: 1, schema_id: t.schema_id, definition: t.definition, schema: definitionJsonSchema(t.definition, { id: `urn:docex:schema:${t.schema_id}` }), changes: [], breaking: false };
      this.builtins.set(key, v);
    }
    return v;
  }

  /** The public document type object. */
  typeObject(organizationId: string, key: string) {
    if (isTemplateName(key)) {
      return { object: 'document_type' as const, key, source: 'builtin' as const, template: key, status: 'active' as const, latest_version: 1, versions: [{ version: 1, schema_id: this.builtin(key).schema_id, created_at: BUILTIN_CREATED_AT }], draft: null, created_at: BUILTIN_CREATED_AT };
    }
    const t = this.repo.type(organizationId, key);
    if (!t) throw new ServiceError('document_type_not_found');
    const versions = this.repo.versionNumbers(organizationId, key);
    return {
      object: 'document_type' as const,
      key,
      source: t.template ? ('template' as const) : ('custom' as const),
      template: t.template,
      status: t.status,
      latest_version: versions.at(-1)?.version ?? null,
      versions,
      draft: t.draft === null ? null : { definition: JSON.parse(t.draft) as unknown, updated_at: t.updated_at },
      created_at: t.created_at,
    };
  }

  /** Keys the application may use: assigned ones, else every built-in and active own type. */
  usableKeys(application: Application): string[] {
    const own = this.repo.types(application.organization_id).filter((t) => t.status === 'active').map((t) => t.key);
    const all = [...TEMPLATE_NAMES, ...own];
    return application.document_types ? all.filter((k) => application.document_types!.includes(k)) : all;
  }

  list(application: Application) {
    return { object: 'list' as const, data: this.usableKeys(application).map((k) => this.typeObject(application.organization_id, k)) };
  }

  /**
   * The version an extraction reads with: the request's `schema_version`, else the
   * application's pinned version (for its default type), else the latest. Throws the spec's
   * document type codes in order: required, not found, not assigned, not allowed for the token,
   * custom without `schemas.execute`, unpublished, version not found.
   */
  resolveForExtraction(auth: AuthContext, requested: string | undefined, schemaVersion: number | undefined): DocumentTypeVersion {
    const app = auth.application;
    const key = requested ?? app.default_document_type ?? (app.document_types?.length === 1 ? app.document_types[0] : undefined);
    if (!key) throw new ServiceError('document_type_required', { param: 'document_type' });
    const record = isTemplateName(key) ? null : this.repo.type(app.organization_id, key);
    if (!isTemplateName(key) && (!record || record.status !== 'active')) throw new ServiceError('document_type_not_found', { param: 'document_type' });
    if (app.document_types && !app.document_types.includes(key)) throw new ServiceError('document_type_not_assigned', { param: 'document_type' });
    if (auth.token && auth.token.document_types.length > 0 && !auth.token.document_types.includes(key)) throw new ServiceError('document_type_not_allowed', { param: 'document_type' });
    if (record && !record.template && !auth.scopes.includes('schemas.execute')) throw new ServiceError('custom_document_types_not_allowed', { param: 'document_type' });
    // The pin belongs to the default type, or to the one assigned type when there is no default.
    const pinnedType = app.default_document_type ?? (app.document_types?.length === 1 ? app.document_types[0] : null);
    const pinned = key === pinnedType ? app.pinned_version : null;
    const wanted = schemaVersion ?? pinned ?? undefined;
    let version: PublishedVersion | null;
    if (!record) {
      version = wanted === undefined || wanted === 1 ? this.builtin(key) : null;
    } else {
      const latest = this.repo.latest(app.organization_id, key);
      if (!latest) throw new ServiceError('document_type_unpublished', { param: 'document_type' });
      version = wanted === undefined ? latest : this.repo.version(app.organization_id, key, wanted);
    }
    if (!version) throw new ServiceError('version_not_found', { param: 'schema_version' });
    return runnable(key, version);
  }

  /** The version a queued job was accepted with; `version_not_found` once it is gone. */
  versionForJob(organizationId: string, key: string, version: number): DocumentTypeVersion {
    const v = isTemplateName(key) ? this.builtin(key) : this.repo.version(organizationId, key, version);
    if (!v) throw new ServiceError('version_not_found');
    return runnable(key, v);
  }

  /** Checks a list of keys a token or session is limited to (400 with `param` document_types). */
  checkUsable(application: Application, keys: unknown): string[] {
    if (keys === undefined) return [];
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) throw invalidParameter('document_types', 'must be an array of strings');
    const usable = this.usableKeys(application);
    if (!keys.every((k) => usable.includes(k))) throw new ServiceError('document_type_not_found', {
        param: 'document_types',
        message: 'A document type in the list is not usable by this application.',
        answeredAs: LIST_NOT_USABLE,
      });
    return [...new Set(keys)];
  }

  version(organization: Organization, key: string, version: number) {
    if (isTemplateName(key)) {
      if (version !== 1) throw new ServiceError('version_not_found');
      return versionObject(key, this.builtin(key));
    }
    const t = this.repo.type(organization.id, key);
    if (!t) throw new ServiceError('document_type_not_found');
    const v = this.repo.version(organization.id, key, version);
    if (!v) throw new ServiceError('version_not_found');
    return versionObject(key, v);
  }

  bySchemaId(organization: Organization, schemaId: string) {
    for (const key of TEMPLATE_NAMES) if (this.builtin(key).schema_id === schemaId) return versionObject(key, this.builtin(key));
    const v = this.repo.bySchemaId(organization.id, schemaId);
    if (!v) throw new ServiceError('schema_not_found');
    return versionObject(v.key, v);
  }

  /** `POST /v1/document-types`: a new type from a template or a definition; published as version 1 unless `publish` is false. */
  create(organization: Organization, body: { key: string; template?: string; definition?: unknown; publish?: boolean }) {
    if (typeof body.key !== 'string' || !KEY_PATTERN.test(body.key)) throw new ServiceError('invalid_key', { param: 'key' });
    if ((body.template === undefined) === (body.definition === undefined)) {
      throw invalidParameter('template', 'must be given, or definition, but not both');
    }
    const definition = body.template !== undefined ? templateDefinition(body.template) : checkDefinition(body.definition);
    if (isTemplateName(body.key) || this.repo.type(organization.id, body.key)) throw new ServiceError('key_taken', { param: 'key' });
    if (this.repo.countActive(organization.id) >= organization.max_document_types) throw new ServiceError('too_many_document_types');
    const at = isoNow();
    this.repo.create({ organization_id: organization.id, key: body.key, template: body.template ?? null, draft: JSON.stringify(definition), created_at: at, updated_at: at });
    if (body.publish !== false) this.publish(organization, body.key, false);
    return this.typeObject(organization.id, body.key);
  }

  /** Replaces the draft of an active type. */
  saveDraft(organization: Organization, key: string, definition: unknown) {
    this.editable(organization, key);
    this.repo.setDraft(organization.id, key, JSON.stringify(checkDefinition(definition)), isoNow());
    return this.typeObject(organization.id, key);
  }

  publish(organization: Organization, key: string, acknowledgeBreaking: boolean) {
    const t = this.editable(organization, key);
    const latest = this.repo.latest(organization.id, key);
    const version = publishDraft({ scope: organization.id, key, draft: t.draft === null ? null : JSON.parse(t.draft), latest, acknowledgeBreaking });
    const at = isoNow();
    this.repo.publish(organization.id, key, version, at);
    return versionObject(key, { ...version, created_at: at });
  }

  /**
   * What publishing the draft now would record: the changes from the latest version, each with
   * its breaking flag (none before version 1, as publication records them). `no_draft` without a draft.
   */
  draftChanges(organization: Organization, key: string): { base_version: number | null; changes: Change[]; breaking: boolean } {
    const t = isTemplateName(key) ? null : this.repo.type(organization.id, key);
    if (!t) throw new ServiceError('document_type_not_found');
    if (t.draft === null) throw new ServiceError('no_draft');
    const latest = this.repo.latest(organization.id, key);
    if (!latest) return { base_version: null, changes: [], breaking: false };
    return { base_version: latest.version, ...diffDefinitions(latest.definition, JSON.parse(t.draft) as Definition) };
  }

  archive(organization: Organization, key: string) {
    this.editable(organization, key);
    this.repo.archive(organization.id, key, isoNow());
    return this.typeObject(organization.id, key);
  }

  private editable(organization: Organization, key: string): DocumentTypeRecord {
    if (isTemplateName(key)) throw new ServiceError('document_type_not_found', { message: 'The organization has no type of its own with this key; built-in templates cannot be edited (create a type from one).' });
    const t = this.repo.type(organization.id, key);
    if (!t) throw new ServiceError('document_type_not_found');
    if (t.status === 'archived') throw new ServiceError('document_type_archived');
    return t;
  }
}

