import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readServerConfig } from '../../server/src/config.js';
import { migrate, openDatabase } from '../../server/src/db/open-database.js';

describe('readServerConfig', () => {
  it('gives the defaults on an empty environment', () => {
    const c = readServerConfig({}, '/srv/app');
    expect(c).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      encryptionKey: null,
      llm: null,
      organizationDefaults: { monthlyQuota: null, maxApplications: 20, maxDocumentTypes: 50 },
      resultCacheBytes: 32 * 1024 * 1024,
      autoEncryptionKey: true,
      publicUrl: 'http://127.0.0.1:8080',
      trustProxy: false,
      webhooks: { allowPrivateTargets: false, retrySchedule: [60, 300, 1800, 7200, 21600, 43200, 86400] },
    });
  });

  it('reads every setting', () => {
    const hex = 'ab'.repeat(32);
    const c = readServerConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/docex',
        DOCEX_ENCRYPTION_KEY: hex,
        DOCEX_LLM_BASE_URL: 'http://127.0.0.1:8081/v1',
        DOCEX_LLM_MODEL: 'qwen2.5:3b',
        DOCEX_ORG_MONTHLY_QUOTA: '5000',
        DOCEX_ORG_MAX_APPLICATIONS: '3',
        DOCEX_ORG_MAX_DOCUMENT_TYPES: '7',
        DOCEX_RESULT_CACHE_MB: '0',
        DOCEX_TRUST_PROXY: '1',
      },
      '/srv/app',
    );
    expect(c.trustProxy).toBe(true);
    expect(c.port).toBe(9000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe('/var/lib/docex');
    expect(c.encryptionKey?.equals(Buffer.from(hex, 'hex'))).toBe(true);
    expect(c.llm).toEqual({ baseUrl: 'http://127.0.0.1:8081/v1', model: 'qwen2.5:3b' });
    expect(c.organizationDefaults).toEqual({ monthlyQuota: 5000, maxApplications: 3, maxDocumentTypes: 7 });
    expect(c.resultCacheBytes).toBe(0);
    expect(readServerConfig({ DOCEX_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).encryptionKey).toEqual(Buffer.alloc(32, 7));
  });

  it('names every bad variable at once, never its value', () => {
    let error: unknown;
    try {
      readServerConfig({ PORT: '80a', DOCEX_ENCRYPTION_KEY: 'short-secret', DOCEX_LLM_MODEL: 'm', DOCEX_ORG_MAX_APPLICATIONS: '0', DOCEX_RESULT_CACHE_MB: '-1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(5);
    expect(problems.join(' ')).toMatch(/PORT.*DOCEX_ENCRYPTION_KEY.*DOCEX_LLM_BASE_URL and DOCEX_LLM_MODEL.*DOCEX_ORG_MAX_APPLICATIONS.*DOCEX_RESULT_CACHE_MB/);
    expect(message).not.toContain('short-secret');
  });
});

describe('openDatabase', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'docex-db-'));
    dirs.push(d);
    return join(d, 'nested', 'data');
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('creates the data directory and the schema, in WAL mode with full sync', () => {
    const db = openDatabase(tempDir());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['organizations', 'applications', 'api_keys', 'extractions', 'jobs', 'idempotency_keys', 'events', 'request_log', 'schema_migrations', 'webhook_endpoints', 'webhook_deliveries']));
    db.close();
  });

  it('applies each step once, across reopenings, and only the new ones later', () => {
    const dir = tempDir();
    openDatabase(dir).close();
    const db = openDatabase(dir);
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual([1, 2, 3, 4]);
    const step = { version: 10, name: 'test step', sql: 'CREATE TABLE extra (id INTEGER PRIMARY KEY)' };
    expect(migrate(db, [step])).toEqual([10]);
    expect(migrate(db, [step])).toEqual([]);
    // A step another process applied after this one looked: found again inside the transaction, not re-run.
    const next = { version: 11, name: 'another step', sql: 'CREATE TABLE another (id INTEGER PRIMARY KEY)' };
    expect(migrate(db, [next, next])).toEqual([11]);
    db.close();
  });

  it('leaves no trace of a step that fails', () => {
    const db = openDatabase(tempDir());
    expect(() => migrate(db, [{ version: 10, name: 'broken', sql: 'CREATE TABLE half (id INTEGER); SELECT * FROM missing_table' }])).toThrow();
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'half'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual([1, 2, 3, 4]);
    db.close();
  });

  it('keeps foreign keys: an application needs its organization', () => {
    const db = openDatabase(tempDir());
    expect(() => db.prepare("INSERT INTO applications (id, organization_id, name, created_at) VALUES ('app_1', 'org_missing', 'x', '2026-01-01')").run()).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
