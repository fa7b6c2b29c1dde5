import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/src/admin/bootstrap.js';
import { hashKey } from '../../server/src/auth/key-material.js';
import { openDatabase, type Db } from '../../server/src/db/open-database.js';
import { AccountsRepo } from '../../server/src/db/repos/accounts.js';
import { RequestLogRepo, type RequestLogEntry } from '../../server/src/db/repos/request-log.js';
import { randomToken } from '../../server/src/ids.js';

const DEFAULTS = { monthlyQuota: null, maxApplications: 20, maxDocumentTypes: 50 };

describe('key contexts kept in memory while accounts_version stands', () => {
  let dir: string;
  let db: Db;
  let accounts: AccountsRepo;
  let made: ReturnType<typeof bootstrap>;
  const version = () => db.prepare('SELECT version FROM accounts_version').pluck().get() as number;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docex-accounts-'));
    db = openDatabase(dir);
    accounts = new AccountsRepo(db);
    made = bootstrap(accounts, DEFAULTS, { environment: 'development' });
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the same frozen context until something changes', () => {
    const a = accounts.keyContextByHash(hashKey(made.secret_key))!;
    expect(accounts.keyContextByHash(hashKey(made.secret_key))).toBe(a);
    expect(Object.isFrozen(a.key) && Object.isFrozen(a.application.capabilities)).toBe(true);
    expect(() => {
      (a.organization as { status: string }).status = 'closed';
    }).toThrow(TypeError);
    // Writes the repository did not make (no insert, no failed write) leave the cache alone.
    db.prepare("INSERT INTO audit_log (id, organization_id, actor, action, created_at) VALUES ('x', 'o', 'a', 'b', 'c')").run();
    expect(accounts.keyContextByHash(hashKey(made.secret_key))).toBe(a);
  });

  it.each([
    ['organizations', "UPDATE organizations SET status = 'suspended'", (c: ReturnType<AccountsRepo['keyContextById']>) => c!.organization.status, 'suspended'],
    ['applications', "UPDATE applications SET status = 'disabled'", (c: ReturnType<AccountsRepo['keyContextById']>) => c!.application.status, 'disabled'],
    ['api_keys', "UPDATE api_keys SET revoked_at = '2026-01-01T00:00:00.000Z'", (c: ReturnType<AccountsRepo['keyContextById']>) => c!.key.revoked_at, '2026-01-01T00:00:00.000Z'],
  ])('sees a change to %s made with plain SQL on the same connection at once', (_table, sql, read, expected) => {
    const id = accounts.keyContextByHash(hashKey(made.secret_key))!.key.id;
    const before = version();
    db.prepare(sql).run();
    expect(version()).toBeGreaterThan(before);
    expect(read(accounts.keyContextById(id))).toBe(expected);
    expect(read(accounts.keyContextByHash(hashKey(made.secret_key)))).toBe(expected);
  });

  it('sees changes another connection (another process) commits, and settings with them', () => {
    const view = accounts.current();
    expect(view.setting('api_enabled')).toBeNull();
    const ctx = view.keyContextByHash(hashKey(made.secret_key))!;
    const other = new Database(join(dir, 'docex.sqlite'));
    other.prepare('UPDATE api_keys SET rate_limit_per_minute = 7 WHERE id = ?').run(ctx.key.id);
    other.prepare("INSERT INTO server_settings (name, value) VALUES ('api_enabled', 'false')").run();
    other.close();
    const next = accounts.current();
    expect(next.keyContextByHash(hashKey(made.secret_key))!.key.rate_limit_per_minute).toBe(7);
    expect(next.setting('api_enabled')).toBe('false');
  });

  it('keeps nothing a transaction read, so a rollback cannot leave a context behind', () => {
    const id = accounts.keyContextByHash(hashKey(made.secret_key))!.key.id;
    expect(() =>
      accounts.transaction(() => {
        accounts.revokeKey(id, '2026-01-01T00:00:00.000Z');
        expect(accounts.keyContextById(id)!.key.revoked_at).not.toBeNull();
        throw new Error('roll back');
      }),
    ).toThrow('roll back');
    expect(accounts.keyContextById(id)!.key.revoked_at).toBeNull();
  });

  it('remembers no unknown credential', () => {
    expect(accounts.keyContextByHash(hashKey('svc_test_nope'))).toBeNull();
    expect(accounts.keyContextById('key_nope')).toBeNull();
  });
});

describe('request log batches', () => {
  it('writes every row of a flush, whole 50-row statements and the rest, with their values', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docex-log-'));
    const db = openDatabase(dir);
    try {
      const log = new RequestLogRepo(db, 60_000);
      const at = new Date().toISOString();
      const entry = (i: number): RequestLogEntry => ({ application_id: 'app_a', key_id: 'key_a', method: 'GET', route: '/v1/me', status: i % 10 === 0 ? 429 : 200, code: i % 10 === 0 ? 'rate_limited' : null, duration_ms: i, documents: i % 2, pages: i % 3, sdk: i % 4 === 0 ? 'web' : null, created_at: at });
      for (let i = 0; i < 123; i++) log.record(entry(i));
      const usage = log.usage('app_a', '2000-01-01T00:00:00.000Z');
      expect(usage.requests).toBe(123);
      expect(usage.errors).toBe(13);
      expect(usage.documents).toBe(61);
      expect(usage.pages).toBe(Array.from({ length: 123 }, (_, i) => i % 3).reduce((a, b) => a + b, 0));
      expect(usage.durations).toEqual(Array.from({ length: 123 }, (_, i) => i));
      const rows = db.prepare('SELECT code, sdk FROM request_log ORDER BY duration_ms').all() as { code: string | null; sdk: string | null }[];
      expect(rows[120]).toEqual({ code: 'rate_limited', sdk: 'web' });
      expect(rows[121]).toEqual({ code: null, sdk: null });
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('randomToken', () => {
  it('draws base62 characters, all of them, none favoured beyond chance', () => {
    const counts = new Map<string, number>();
    const text = Array.from({ length: 2000 }, () => randomToken(31)).join('');
    expect(text).toMatch(/^[0-9A-Za-z]+$/);
    for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 62,000 draws: each character about 1,000 times; a modulo bias would push the first
    // eight characters to about 1,200.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(160);
  });
});
