import { createHash } from 'node:crypto';
import { statement, openDatabase, type Db } from '../../../server/src/db/open-database.js';
import { DocumentFiles } from './document-files.js';
import { STORE_MIGRATIONS } from './store-migrations.js';

export type DocumentSource = 'camera' | 'file' | 'folder';
/** Where a document stands with the server: not read yet, waiting to be sent, sent, or refused for good. */
export type SyncState = 'local' | 'pending' | 'synced' | 'failed';

export interface LocalDocument {
  id: string;
  name: string;
  media_type: string | null;
  bytes: number;
  sha256: string;
  source: DocumentSource;
  status: 'captured' | 'extracted' | 'failed';
  review: 'pending' | 'needed' | 'done';
  created_at: string;
  updated_at: string;
  sync: SyncState;
  /** The server's extraction id once synced. */
  server_id: string | null;
}

export interface OutboxItem {
  id: number;
  document_id: string;
  kind: 'extraction' | 'correction';
  ref: string;
  attempts: number;
  next_attempt_at: string;
}

export interface LocalCorrection {
  id: string;
  document_id: string;
  field: string;
  previous_value: unknown;
  value: unknown;
  created_at: string;
}

const now = () => new Date().toISOString();
const DOC_COLUMNS = `d.id, d.name, d.media_type, d.bytes, d.sha256, d.source, d.status, d.review, d.created_at, d.updated_at,
  (SELECT server_id FROM outbox o WHERE o.document_id = d.id AND o.kind = 'extraction') AS server_id,
  CASE
    WHEN NOT EXISTS (SELECT 1 FROM outbox o WHERE o.document_id = d.id) THEN 'local'
    WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.document_id = d.id AND o.state = 'failed') THEN 'failed'
    WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.document_id = d.id AND o.state = 'pending') THEN 'pending'
    ELSE 'synced' END AS sync`;

/**
 * The desktop app's local store: better-sqlite3 (WAL, synchronous=FULL) in the user-data folder
 * and the documents' files beside it. Every step commits whole: a document's file is durable
 * before its row, and an extraction's result, its review state and its outbox entry commit
 * together, so killing the app at any point loses nothing it reported done and leaves nothing
 * half made (a file without a row is removed at the next open; a document captured but not read
 * is read again).
 */
export class LocalStore {
  readonly files: DocumentFiles;

  private constructor(readonly db: Db, root: string) {
    this.files = new DocumentFiles(root);
  }

  static open(root: string): LocalStore {
    const store = new LocalStore(openDatabase(root, STORE_MIGRATIONS), root);
    const known = statement(store.db, 'SELECT 1 FROM documents WHERE id = ?').pluck();
    store.files.removeOrphans((id) => known.get(id) !== undefined);
    return store;
  }

  close(): void {
    this.db.close();
  }

  /** Keeps a captured document; the same bytes again are the same document (returned as it is). */
  capture(input: { bytes: Uint8Array; name: string; mediaType?: string | null; source: DocumentSource }): LocalDocument {
    const sha256 = createHash('sha256').update(input.bytes).digest('hex');
    const id = `doc_${sha256.slice(0, 32)}`;
    const existing = this.document(id);
    if (existing) return existing;
    this.files.write(id, input.bytes);
    const at = now();
    statement(this.db, 'INSERT OR IGNORE INTO documents (id, name, media_type, bytes, sha256, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      id,
      input.name.slice(0, 255),
      input.mediaType ?? null,
      input.bytes.length,
      sha256,
      input.source,
      at,
      at,
    );
    return this.document(id)!;
  }

  /**
   * The engine's answer for a document: its result (or error), whether a person must review it,
   * and its outbox entry, in one transaction.
   */
  saveExtraction(documentId: string, outcome: { result: unknown; reviewRequired: boolean } | { error: { code: string; message: string } }): void {
    const at = now();
    this.db
      .transaction(() => {
        if ('error' in outcome) {
          statement(this.db, 'INSERT OR REPLACE INTO extractions (document_id, result, error, created_at) VALUES (?, NULL, ?, ?)').run(documentId, JSON.stringify(outcome.error), at);
          statement(this.db, "UPDATE documents SET status = 'failed', updated_at = ? WHERE id = ?").run(at, documentId);
          return;
        }
        statement(this.db, 'INSERT OR REPLACE INTO extractions (document_id, result, error, created_at) VALUES (?, ?, NULL, ?)').run(documentId, JSON.stringify(outcome.result), at);
        statement(this.db, "UPDATE documents SET status = 'extracted', review = ?, updated_at = ? WHERE id = ?").run(outcome.reviewRequired ? 'needed' : 'pending', at, documentId);
        statement(this.db, "INSERT OR IGNORE INTO outbox (document_id, kind, ref, next_attempt_at, created_at, updated_at) VALUES (?, 'extraction', ?, ?, ?, ?)").run(documentId, documentId, at, at, at);
      })
      .immediate();
  }

  document(id: string): LocalDocument | null {
    return (statement(this.db, `SELECT ${DOC_COLUMNS} FROM documents d WHERE d.id = ?`).get(id) as LocalDocument | undefined) ?? null;
  }

  /** Newest first; `review: 'needed'` gives the review queue. */
  documents(filter: { review?: LocalDocument['review']; limit?: number } = {}): LocalDocument[] {
    const where = filter.review ? 'WHERE d.review = ?' : '';
    const args = filter.review ? [filter.review] : [];
    return statement(this.db, `SELECT ${DOC_COLUMNS} FROM documents d ${where} ORDER BY d.created_at DESC, d.id LIMIT ?`).all(...args, filter.limit ?? 500) as LocalDocument[];
  }

  /** Documents kept but not read: after a kill during extraction they are read again. */
  unread(): string[] {
    return statement(this.db, "SELECT id FROM documents WHERE status = 'captured' ORDER BY created_at").pluck().all() as string[];
  }

  result(documentId: string): { result: unknown; error: { code: string; message: string } | null } | null {
    const row = statement(this.db, 'SELECT result, error FROM extractions WHERE document_id = ?').get(documentId) as { result: string | null; error: string | null } | undefined;
    if (!row) return null;
    return { result: row.result === null ? null : JSON.parse(row.result), error: row.error === null ? null : JSON.parse(row.error) };
  }

  /** A correction made in review: the corrected result, the correction and its outbox entry commit together. */
  recordCorrection(c: LocalCorrection, correctedResult: unknown): void {
    this.db
      .transaction(() => {
        statement(this.db, 'INSERT INTO corrections (id, document_id, field, previous_value, value, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
          c.id,
          c.document_id,
          c.field,
          JSON.stringify(c.previous_value ?? null),
          JSON.stringify(c.value ?? null),
          c.created_at,
        );
        statement(this.db, 'UPDATE extractions SET result = ? WHERE document_id = ?').run(JSON.stringify(correctedResult), c.document_id);
        statement(this.db, "INSERT INTO outbox (document_id, kind, ref, next_attempt_at, created_at, updated_at) VALUES (?, 'correction', ?, ?, ?, ?)").run(c.document_id, c.id, c.created_at, c.created_at, c.created_at);
      })
      .immediate();
  }

  corrections(documentId: string): LocalCorrection[] {
    const rows = statement(this.db, 'SELECT id, document_id, field, previous_value, value, created_at FROM corrections WHERE document_id = ? ORDER BY created_at, rowid').all(documentId) as Record<string, string>[];
    return rows.map((r) => ({ ...(r as unknown as LocalCorrection), previous_value: JSON.parse(r.previous_value ?? 'null'), value: JSON.parse(r.value ?? 'null') }));
  }

  correction(id: string): LocalCorrection | null {
    const r = statement(this.db, 'SELECT id, document_id, field, previous_value, value, created_at FROM corrections WHERE id = ?').get(id) as Record<string, string> | undefined;
    return r ? { ...(r as unknown as LocalCorrection), previous_value: JSON.parse(r.previous_value ?? 'null'), value: JSON.parse(r.value ?? 'null') } : null;
  }

  setReview(documentId: string, review: LocalDocument['review']): void {
    statement(this.db, 'UPDATE documents SET review = ?, updated_at = ? WHERE id = ?').run(review, now(), documentId);
  }

  /**
   * Outbox entries due now, oldest first. A document's corrections wait for its extraction:
   * the server must have the extraction before it can take a correction of it.
   */
  due(at: string, limit = 10): OutboxItem[] {
    return statement(
      this.db,
      `SELECT o.id, o.document_id, o.kind, o.ref, o.attempts, o.next_attempt_at FROM outbox o
       WHERE o.state = 'pending' AND o.next_attempt_at <= ?
         AND (o.kind = 'extraction' OR EXISTS (SELECT 1 FROM outbox e WHERE e.document_id = o.document_id AND e.kind = 'extraction' AND e.state = 'done'))
       ORDER BY o.next_attempt_at, o.id LIMIT ?`,
    ).all(at, limit) as OutboxItem[];
  }

  /** When the next entry falls due (null when nothing waits). */
  nextDue(): string | null {
    return (statement(this.db, "SELECT MIN(next_attempt_at) FROM outbox WHERE state = 'pending'").pluck().get() as string | null) ?? null;
  }

  serverIdOf(documentId: string): string | null {
    return (statement(this.db, "SELECT server_id FROM outbox WHERE document_id = ? AND kind = 'extraction' AND state = 'done'").pluck().get(documentId) as string | null | undefined) ?? null;
  }

  sent(id: number, serverId: string | null): void {
    statement(this.db, "UPDATE outbox SET state = 'done', attempts = attempts + 1, server_id = ?, last_error = NULL, updated_at = ? WHERE id = ?").run(serverId, now(), id);
  }

  retryLater(id: number, error: string, nextAt: string): void {
    statement(this.db, 'UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, updated_at = ? WHERE id = ?').run(error.slice(0, 500), nextAt, now(), id);
  }

  /** Refused for good (the server said the request itself is wrong): shown to a person, not retried. */
  refused(id: number, error: string): void {
    statement(this.db, "UPDATE outbox SET state = 'failed', attempts = attempts + 1, last_error = ?, updated_at = ? WHERE id = ?").run(error.slice(0, 500), now(), id);
  }

  /** Every waiting entry due at once (the network came back). */
  retryNow(): number {
    return statement(this.db, "UPDATE outbox SET next_attempt_at = ? WHERE state = 'pending'").run(now()).changes;
  }

  setting(name: string): string | null {
    return (statement(this.db, 'SELECT value FROM settings WHERE name = ?').pluck().get(name) as string | undefined) ?? null;
  }

  putSetting(name: string, value: string): void {
    statement(this.db, 'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value').run(name, value);
  }
}
