import { statement, type Db } from '../open-database.js';

/** A row of an organization's audit log, as the console shows it. */
export interface AuditEntry {
  id: string;
  actor: string;
  action: string;
  target: string | null;
  details: unknown;
  created_at: string;
}

/** The position after an audit entry: the log is read newest first by created_at, then by the order rows were written. */
export interface AuditPosition {
  created_at: string;
  id: string;
}

/** The organization's applications, named `@org` in every statement below. */
const APPS = '(SELECT id FROM applications WHERE organization_id = @org)';
const KEYS = `(SELECT id FROM api_keys WHERE application_id IN ${APPS})`;

/**
 * Everything an organization owns, deleted when its deletion falls due; children before their
 * parents, since foreign keys are enforced. Users stay: a person may belong to other
 * organizations. Access requests stay as the operator's record of what was decided.
 */
const PURGE = [
  `DELETE FROM jobs WHERE extraction_id IN (SELECT id FROM extractions WHERE application_id IN ${APPS})`,
  `DELETE FROM extractions WHERE application_id IN ${APPS}`,
  "DELETE FROM monthly_usage WHERE subject = 'org:' || @org",
  `DELETE FROM monthly_usage WHERE subject IN (SELECT 'key:' || id FROM ${KEYS})`,
  `DELETE FROM idempotency_keys WHERE credential_id IN ${KEYS}`,
  `DELETE FROM webhook_deliveries WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE application_id IN ${APPS})`,
  `DELETE FROM webhook_deliveries WHERE event_id IN (SELECT id FROM events WHERE application_id IN ${APPS})`,
  `DELETE FROM events WHERE application_id IN ${APPS}`,
  `DELETE FROM webhook_endpoints WHERE application_id IN ${APPS}`,
  `DELETE FROM request_log WHERE application_id IN ${APPS}`,
  `DELETE FROM api_keys WHERE application_id IN ${APPS}`,
  'DELETE FROM document_type_versions WHERE organization_id = @org',
  'DELETE FROM document_types WHERE organization_id = @org',
  'DELETE FROM applications WHERE organization_id = @org',
  'DELETE FROM members WHERE organization_id = @org',
  'DELETE FROM audit_log WHERE organization_id = @org',
  'DELETE FROM organizations WHERE id = @org',
];

/** Organization changes of the console, the deletion purge and the audit log: their SQL. */
export class OrganizationsRepo {
  constructor(readonly db: Db) {}

  rename(id: string, name: string): void {
    statement(this.db, 'UPDATE organizations SET name = ? WHERE id = ?').run(name, id);
  }

  /** Schedules the deletion of an active organization; false when it was not active. */
  scheduleDeletion(id: string, dueAt: string): boolean {
    return statement(this.db, "UPDATE organizations SET status = 'closed', deletion_due_at = ? WHERE id = ? AND status = 'active'").run(dueAt, id).changes === 1;
  }

  /** Cancels a pending deletion that is not yet due (once due, the purge may have begun); false otherwise. */
  cancelDeletion(id: string, nowIso: string): boolean {
    return (
      statement(this.db, "UPDATE organizations SET status = 'active', deletion_due_at = NULL WHERE id = ? AND status = 'closed' AND deletion_due_at > ?").run(id, nowIso).changes === 1
    );
  }

  /** Organizations whose deletion is due at `nowIso`. */
  dueForDeletion(nowIso: string, limit: number): string[] {
    return statement(this.db, "SELECT id FROM organizations WHERE status = 'closed' AND deletion_due_at IS NOT NULL AND deletion_due_at <= ? ORDER BY deletion_due_at LIMIT ?")
      .pluck()
      .all(nowIso, limit) as string[];
  }

  /** A batch of the organization's extractions with their stored documents, for the purge. */
  extractionsOf(organizationId: string, limit: number): { id: string; document_path: string | null }[] {
    return statement(this.db, `SELECT id, document_path FROM extractions WHERE application_id IN ${APPS} LIMIT @limit`).all({ org: organizationId, limit }) as {
      id: string;
      document_path: string | null;
    }[];
  }

  /**
   * Deletes extractions with their jobs (corrections go by cascade). The result cache of
   * `ExtractionsRepo` may still hold some of them; nothing can reach them any more (their keys
   * and memberships are gone with the organization), and the cache's LRU lets them go.
   */
  deleteExtractions(ids: string[]): void {
    this.db
      .transaction(() => {
        for (const id of ids) {
          statement(this.db, 'DELETE FROM jobs WHERE extraction_id = ?').run(id);
          statement(this.db, 'DELETE FROM extractions WHERE id = ?').run(id);
        }
      })
      .immediate();
  }

  /**
   * Deletes the organization and what it still owns, in one transaction, if its deletion is
   * still due (an owner may have cancelled meanwhile); true when it was deleted.
   */
  purgeOrganization(organizationId: string, nowIso: string): boolean {
    return this.db
      .transaction(() => {
        const due = statement(this.db, "SELECT 1 FROM organizations WHERE id = ? AND status = 'closed' AND deletion_due_at <= ?").get(organizationId, nowIso);
        if (!due) return false;
        for (const sql of PURGE) statement(this.db, sql).run({ org: organizationId });
        return true;
      })
      .immediate();
  }

  /**
   * A page of the audit log, newest first, after `after` when given. Entries written in the same
   * millisecond keep the order they were written in (the row's insertion order, not its random id).
   */
  auditPage(organizationId: string, limit: number, after: AuditPosition | null): AuditEntry[] {
    const rows = (
      after
        ? statement(
            this.db,
            'SELECT id, actor, action, target, details, created_at FROM audit_log WHERE organization_id = ? AND (created_at < ? OR (created_at = ? AND rowid < (SELECT rowid FROM audit_log WHERE id = ?))) ORDER BY created_at DESC, rowid DESC LIMIT ?',
          ).all(organizationId, after.created_at, after.created_at, after.id, limit)
        : statement(this.db, 'SELECT id, actor, action, target, details, created_at FROM audit_log WHERE organization_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?').all(organizationId, limit)
    ) as (Omit<AuditEntry, 'details'> & { details: string | null })[];
    return rows.map((r) => ({ ...r, details: r.details === null ? null : (JSON.parse(r.details) as unknown) }));
  }

  /** The purge of audit rows written before `beforeIso`. */
  purgeAudit(beforeIso: string): number {
    return statement(this.db, 'DELETE FROM audit_log WHERE created_at < ?').run(beforeIso).changes;
  }
}
