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

  bySchemaId(organizationId: string, schemaId: string): (StoredVersion & { key: string }) | null {
    const r = statement(this.db, 'SELECT key, body, created_at FROM document_type_versions WHERE organization_id = ? AND schema_id = ?').get(organizationId, schemaId) as
      | { key: string; body: string; created_at: string }
      | undefined;
    return r ? { ...(JSON.parse(r.body) as PublishedVersion), key: r.key, created_at: r.created_at } : null;
  }
}
