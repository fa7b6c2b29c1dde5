import type { Migration } from '../../../server/src/db/migrations.js';

/**
 * The desktop app's own database, in its user-data folder: documents captured on this device,
 * their extraction results, corrections made in review, and the outbox of what still has to
 * reach the server. Numbered steps, never edited once shipped.
 */
export const STORE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'documents, extractions, corrections, outbox',
    sql: `
      CREATE TABLE documents (
        -- doc_ + the first 32 hex digits of the bytes' SHA-256: the same file captured twice, or on
        -- two devices, is one document (and one server extraction, through its Idempotency-Key).
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        media_type TEXT,
        bytes INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('camera', 'file', 'folder')),
        -- captured: bytes kept, not read yet; extracted / failed: the engine's answer is kept.
        status TEXT NOT NULL DEFAULT 'captured' CHECK (status IN ('captured', 'extracted', 'failed')),
        review TEXT NOT NULL DEFAULT 'pending' CHECK (review IN ('pending', 'needed', 'done')),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX documents_by_time ON documents(created_at);
      CREATE TABLE extractions (
        document_id TEXT PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        -- The engine's extraction content (JSON), with its OCR pages for review and sync.
        result TEXT,
        error TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE corrections (
        id TEXT PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        field TEXT NOT NULL,
        previous_value TEXT,
        value TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX corrections_by_document ON corrections(document_id, created_at);
      -- One row per thing to send: a document's extraction, or a correction. Written in the
      -- transaction that makes it, so nothing made locally can miss the server.
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('extraction', 'correction')),
        ref TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        last_error TEXT,
        server_id TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (kind, ref)
      );
      CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE state = 'pending';
      CREATE TABLE settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
];
