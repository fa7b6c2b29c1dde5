import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations.js';

export type Db = Database.Database;

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * The prepared statement for `sql` on `db`, compiled once: repositories call this on every
 * request, and compiling a statement costs more than running a point query.
 */
export function statement(db: Db, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) cache.set(sql, (stmt = db.prepare(sql)));
  return stmt;
}

/**
 * Opens (creating if needed) `DATA_DIR/docex.sqlite` and brings its schema up to date. WAL lets
 * readers go on while a write commits; `synchronous=FULL` makes every committed extraction, job
 * and delivery survive a power cut, not only a crash of the process. A busy timeout lets the
 * admin CLI write while the server runs on the same directory.
 */
export function openDatabase(dataDir: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'docex.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

/** Applies the steps not yet applied, each in its own transaction with its record. */
export function migrate(db: Db, migrations: readonly Migration[]): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const done = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    // IMMEDIATE: a second process opening the same directory waits instead of applying it twice.
    db.transaction(() => {
      if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(m.version)) return;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
      applied.push(m.version);
    }).immediate();
  }
  return applied;
}
