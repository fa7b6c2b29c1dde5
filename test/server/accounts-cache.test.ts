import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/src/admin/bootstrap.js';
import { keyHashHex } from '../../server/src/auth/key-material.js';
import { openDatabase, type Db } from '../../server/src/db/open-database.js';
import { AccountsRepo } from '../../server/src/db/repos/accounts.js';

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
    const a = accounts.keyContextByHash(keyHashHex(made.secret_key))!;
    expect(accounts.keyContextByHash(keyHashHex(made.secret_key))).toBe(a);
    expect(Object.isFrozen(a.key) && Object.isFrozen(a.application.capabilities)).toBe(true);
    expect(() => {
      (a.organization as { status: string }).status = 'closed';
    }).toThrow(TypeError);
    // Writes the repository did not make (no insert, no failed write) leave the cache alone.
    db.prepare("INSERT INTO audit_log (id, organization_id, actor, action, created_at) VALUES ('x', 'o', 'a', 'b', 'c')").run();
    expect(accounts.keyContextByHash(keyHashHex(made.secret_key))).toBe(a);
  });

  it.each([
    ['organizations', "UPDATE organizations SET status = 'suspended'", (c: ReturnType<AccountsRepo['keyContextById']>) => c!.organization.status, 'suspended'],
    ['applications', "UPDATE applications SET status = 'disabled'", (c: ReturnType<AccountsRepo['keyContextById']>) => c!.application.status, 'disabled'],
    ['api_keys', "UPDATE api_keys SET revoked_at = '2026-01-01T00:00:00.000Z'", (c: ReturnType<AccountsRepo['keyContextById']>) => c!.key.revoked_at, '2026-01-01T00:00:00.000Z'],
  ])('sees a change to %s made with plain SQL on the same connection at once', (_table, sql, read, expected) => {
    const id = accounts.keyContextByHash(keyHashHex(made.secret_key))!.key.id;
    const before = version();
    db.prepare(sql).run();
    expect(version()).toBeGreaterThan(before);
    expect(read(accounts.keyContextById(id))).toBe(expected);
    expect(read(accounts.keyContextByHash(keyHashHex(made.secret_key)))).toBe(expected);
  });

  it('sees changes another connection (another process) commits, and settings with them', () => {
    const view = accounts.current();
    expect(view.setting('api_enabled')).toBeNull();
    const ctx = view.keyContextByHash(keyHashHex(made.secret_key))!;
    const other = new Database(join(dir, 'docex.sqlite'));
    other.prepare('UPDATE api_keys SET rate_limit_per_minute = 7 WHERE id = ?').run(ctx.key.id);
    other.prepare("INSERT INTO server_settings (name, value) VALUES ('api_enabled', 'false')").run();
    other.close();
    const next = accounts.current();
    expect(next.keyContextByHash(keyHashHex(made.secret_key))!.key.rate_limit_per_minute).toBe(7);
    expect(next.setting('api_enabled')).toBe('false');
  });

  it('keeps nothing a transaction read, so a rollback cannot leave a context behind', () => {
    const id = accounts.keyContextByHash(keyHashHex(made.secret_key))!.key.id;
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
    expect(accounts.keyContextByHash(keyHashHex('svc_test_nope'))).toBeNull();
    expect(accounts.keyContextById('key_nope')).toBeNull();
  });
});
