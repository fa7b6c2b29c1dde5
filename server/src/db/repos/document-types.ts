import type { PublishedVersion } from '../../../../engine/src/contracts/definition.js';
import { statement, type Db } from '../open-database.js';

export interface DocumentTypeRecord {
  organization_id: string;
  key: string;
  status: 'active' | 'archived';
  template: string | null;
  /** The draft definition as JSON text; null when there is none. */
  draft: string | null;
  created_at: string;
  updated_at: string;
}

export interface StoredVersion extends PublishedVersion {
  created_at: string;
}

/** A version as a list shows it: no definition or schema. */
export interface VersionSummary {
  version: number;
  schema_id: string;
  created_at: string;
  breaking: boolean;
  changes: PublishedVersion['changes'];
}

/** A type as the console's list shows it. */
export interface TypeSummary {
  key: string;
  status: 'active' | 'archived';
  template: string | null;
  /** The definition's name: the draft's when there is one, else the latest version's. */
  name: string | null;
  latest_version: number | null;
  has_draft: boolean;
  created_at: string;
  updated_at: string;
}

/** An organization's own document types and their published versions: all their SQL. */
export class DocumentTypesRepo {
  constructor(private readonly db: Db) {}

  type(organizationId: string, key: string): DocumentTypeRecord | null {
    return (statement(this.db, 'SELECT * FROM document_types WHERE organization_id = ? AND key = ?').get(organizationId, key) as DocumentTypeRecord | undefined) ?? null;
  }

  types(organizationId: string): DocumentTypeRecord[] {
    return statement(this.db, 'SELECT * FROM document_types WHERE organization_id = ? ORDER BY key').all(organizationId) as DocumentTypeRecord[];
  }

  countActive(organizationId: string): number {
    return statement(this.db, "SELECT COUNT(*) FROM document_types WHERE organization_id = ? AND status = 'active'").pluck().get(organizationId) as number;
  }

  create(t: Omit<DocumentTypeRecord, 'status'>): void {
    statement(this.db, 'INSERT INTO document_types (organization_id, key, template, draft, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(t.organization_id, t.key, t.template, t.draft, t.created_at, t.updated_at);
  }

  setDraft(organizationId: string, key: string, draft: string | null, at: string): void {
    statement(this.db, 'UPDATE document_types SET draft = ?, updated_at = ? WHERE organization_id = ? AND key = ?').run(draft, at, organizationId, key);
  }

  archive(organizationId: string, key: string, at: string): void {
    statement(this.db, "UPDATE document_types SET status = 'archived', updated_at = ? WHERE organization_id = ? AND key = ?").run(at, organizationId, key);
  }

  /** Stores a published version and clears the draft it came from, in one transaction. */
  publish(organizationId: string, key: string, version: PublishedVersion, at: string): void {
    this.db.transaction(() => {
      statement(this.db, 'INSERT INTO document_type_versions (organization_id, key, version, schema_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(organizationId, key, version.version, version.schema_id, JSON.stringify(version), at);
      this.setDraft(organizationId, key, null, at);
    }).immediate();
  }

  version(organizationId: string, key: string, version: number): StoredVersion | null {
    const r = statement(this.db, 'SELECT body, created_at FROM document_type_versions WHERE organization_id = ? AND key = ? AND version = ?').get(organizationId, key, version) as
      | { body: string; created_at: string }
      | undefined;
    return r ? { ...(JSON.parse(r.body) as PublishedVersion), created_at: r.created_at } : null;
  }

  latest(organizationId: string, key: string): StoredVersion | null {
    const n = statement(this.db, 'SELECT MAX(version) FROM document_type_versions WHERE organization_id = ? AND key = ?').pluck().get(organizationId, key) as number | null;
    return n === null ? null : this.version(organizationId, key, n);
  }

  versionNumbers(organizationId: string, key: string): { version: number; schema_id: string; created_at: string }[] {
    return statement(this.db, 'SELECT version, schema_id, created_at FROM document_type_versions WHERE organization_id = ? AND key = ? ORDER BY version').all(organizationId, key) as {
      version: number;
      schema_id: string;
      created_at: string;
    }[];
  }

  /** Every version of a type, oldest first, with its changes and breaking flag. */
  versionSummaries(organizationId: string, key: string): VersionSummary[] {
    const rows = statement(
      this.db,
      `SELECT version, schema_id, created_at, json_extract(body, '$.breaking') AS breaking, json_extract(body, '$.changes') AS changes
       FROM document_type_versions WHERE organization_id = ? AND key = ? ORDER BY version`,
    ).all(organizationId, key) as { version: number; schema_id: string; created_at: string; breaking: number; changes: string }[];
    return rows.map((r) => ({ ...r, breaking: r.breaking === 1, changes: JSON.parse(r.changes) as VersionSummary['changes'] }));
  }

  /** The organization's types with their names, latest version numbers and whether each has a draft, by key. */
  summaries(organizationId: string): TypeSummary[] {
    const rows = statement(
      this.db,
      `SELECT t.key, t.status, t.template, t.draft IS NOT NULL AS has_draft, t.created_at, t.updated_at, v.version AS latest_version,
              COALESCE(json_extract(t.draft, '$.name'), json_extract(v.body, '$.definition.name')) AS name
       FROM document_types t
       LEFT JOIN document_type_versions v ON v.organization_id = t.organization_id AND v.key = t.key
         AND v.version = (SELECT MAX(version) FROM document_type_versions m WHERE m.organization_id = t.organization_id AND m.key = t.key)
       WHERE t.organization_id = ? ORDER BY t.key`,
    ).all(organizationId) as (Omit<TypeSummary, 'has_draft'> & { has_draft: number })[];
    return rows.map((r) => ({ ...r, has_draft: r.has_draft === 1 }));
  }

  bySchemaId(organizationId: string, schemaId: string): (StoredVersion & { key: string }) | null {
    const r = statement(this.db, 'SELECT key, body, created_at FROM document_type_versions WHERE organization_id = ? AND schema_id = ?').get(organizationId, schemaId) as
      | { key: string; body: string; created_at: string }
      | undefined;
    return r ? { ...(JSON.parse(r.body) as PublishedVersion), key: r.key, created_at: r.created_at } : null;
  }
}
