import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../server/src/admin/key-admin.js';
import { runAdminCommand } from '../../server/src/cli/admin-cli.js';
import { SERVER_ONLY_CAPABILITIES, CAPABILITIES } from '../../server/src/auth/capabilities.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';
import { injectTransport } from '../support/server-transport.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

/** Runs an admin command in this process; the output parsed as JSON (last line). */
async function admin(args: string[]): Promise<{ code: number; json: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  let text = '';
  const code = await runAdminCommand(args, (s) => {
    text += s;
  });
  return { code, json: text.trim() === '' ? null : JSON.parse(text.trim().split('\n').at(-1)!) };
}

describe('cli bootstrap (the contract used by outside checks)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docex-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints tenant, application, both keys and a console owner, with --rate-limit on both keys', async () => {
    const run = await runCli(['bootstrap', '--data-dir', dir, '--json', '--rate-limit', '77']);
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(Object.keys(out).sort()).toEqual(['application', 'console', 'publishable_key', 'secret_key', 'tenant']);
    expect(out.tenant).toMatch(/^tnt_/);
    expect(out.application).toMatch(/^app_/);
    expect(out.secret_key).toMatch(/^svc_test_/);
    expect(out.publishable_key).toMatch(/^svc_pk_test_/);
    expect(out.console.email).toMatch(/@/);
    expect(out.console.password.length).toBeGreaterThanOrEqual(16);

    const db = new Database(join(dir, 'docex.sqlite'), { readonly: true });
    const keys = db.prepare('SELECT kind, capabilities, rate_limit_per_minute, hash FROM api_keys').all() as { kind: string; capabilities: string; rate_limit_per_minute: number; hash: Buffer }[];
    const org = db.prepare('SELECT capabilities FROM organizations WHERE id = ?').get(out.tenant) as { capabilities: string };
    const member = db.prepare('SELECT m.role, u.password_hash FROM members m JOIN users u ON u.id = m.user_id').get() as { role: string; password_hash: string };
    db.close();
    expect(JSON.parse(org.capabilities)).toEqual([...CAPABILITIES]);
    expect(keys.map((k) => k.rate_limit_per_minute)).toEqual([77, 77]);
    const publishable = keys.find((k) => k.kind === 'publishable')!;
    expect(JSON.parse(publishable.capabilities).some((c: string) => SERVER_ONLY_CAPABILITIES.includes(c as never))).toBe(false);
    expect(JSON.parse(keys.find((k) => k.kind === 'secret')!.capabilities)).toEqual([...CAPABILITIES]);
    // Only hashes and a scrypt hash are stored.
    for (const k of keys) expect(k.hash.includes(Buffer.from(out.secret_key))).toBe(false);
    expect(member.role).toBe('owner');
    expect(member.password_hash).toMatch(/^scrypt\$/);
    expect(member.password_hash).not.toContain(out.console.password);
  });

  it('gives a production application live keys, and refuses bad arguments with exit status 2', async () => {
    const live = await admin(['bootstrap', '--data-dir', dir, '--json', '--environment', 'production']);
    expect(live.code).toBe(0);
    expect(live.json.secret_key).toMatch(/^svc_live_/);
    expect(live.json.publishable_key).toMatch(/^svc_pk_live_/);
    expect((await admin(['bootstrap', '--data-dir', dir, '--json', '--environment', 'staging'])).code).toBe(2);
    expect((await admin(['bootstrap', '--data-dir', dir, '--json', '--rate-limit', '0'])).code).toBe(2);
    expect((await admin(['bootstrap', '--data-dir', dir, '--json', '--rate-limit', '100001'])).code).toBe(2);
    expect((await admin(['keys', 'explode', '--data-dir', dir, '--application', 'app_x'])).code).toBe(2);
  });
});

describe('npm start with a bad configuration', () => {
  it('stops with status 1, naming each bad variable without its value', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', 'server/src/start.ts'], { cwd: REPO_ROOT, env: { ...process.env, PORT: 'port-zq7', DOCEX_ENCRYPTION_KEY: 'short-zq7' }, timeout: 60_000 }, (err, _stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr }),
      );
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).toContain('DOCEX_ENCRYPTION_KEY');
    expect(run.stderr).not.toContain('zq7');
  });
});

describe('cli while the server runs on the same directory', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s.close());

  it('bootstraps an organization whose key the running server accepts at once', async () => {
    const made = await admin(['bootstrap', '--data-dir', s.dataDir, '--json']);
    expect(made.code).toBe(0);
    const me = await injectTransport(s.app)({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${made.json.secret_key}` } });
    expect(me.status).toBe(200);
    expect(me.body.tenant).toBe(made.json.tenant);
  });

  it('creates, lists, rotates and revokes keys with the console codes', async () => {
    const app = s.boot.application;
    const dir = s.dataDir;
    const call = injectTransport(s.app);
    const created = await admin(['keys', 'create', '--data-dir', dir, '--application', app, '--kind', 'secret', '--name', 'ops', '--scopes', 'documents.extract,usage.read', '--rate-limit', '500', '--json']);
    expect(created.code).toBe(0);
    expect(created.json.key).toMatch(/^svc_test_/);
    expect(created.json).toMatchObject({ kind: 'secret', name: 'ops', scopes: ['documents.extract', 'usage.read'], rate_limit_per_minute: 500, state: 'active' });
    const me = await call({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${created.json.key}` } });
    expect(me.body.scopes).toEqual(['documents.extract', 'usage.read']);
    expect(me.headers['x-ratelimit-limit']).toBe('500');

    const listed = await admin(['keys', 'list', '--data-dir', dir, '--application', app, '--json']);
    expect(listed.json.data.map((k: { id: string }) => k.id)).toContain(created.json.id);
    expect(JSON.stringify(listed.json)).not.toContain(created.json.key);

    const rotated = await admin(['keys', 'rotate', '--data-dir', dir, '--application', app, '--key', created.json.id, '--grace-hours', '2', '--json']);
    expect(rotated.code).toBe(0);
    expect(rotated.json).toMatchObject({ name: 'ops', scopes: ['documents.extract', 'usage.read'], rate_limit_per_minute: 500 });
    expect(rotated.json.rotated.replaced_by).toBe(rotated.json.id);
    // During the grace both keys work.
    for (const key of [created.json.key, rotated.json.key]) expect((await call({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${key}` } })).status).toBe(200);

    const revoked = await admin(['keys', 'revoke', '--data-dir', dir, '--application', app, '--key', created.json.id, '--json']);
    expect(revoked.json.state).toBe('revoked');
    const refused = await call({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${created.json.key}` } });
    expect(refused.body.error.code).toBe('api_key_revoked');
    expect((await admin(['keys', 'revoke', '--data-dir', dir, '--application', app, '--key', created.json.id, '--json'])).json.error.code).toBe('already_revoked');
    expect((await admin(['keys', 'rotate', '--data-dir', dir, '--application', app, '--key', created.json.id, '--json'])).json.error.code).toBe('credential_inactive');
    expect((await admin(['keys', 'rotate', '--data-dir', dir, '--application', app, '--key', rotated.json.id, '--grace-hours', '169', '--json'])).json.error.code).toBe('invalid_grace');
    expect((await admin(['keys', 'revoke', '--data-dir', dir, '--application', app, '--key', 'key_nope', '--json'])).json.error.code).toBe('credential_not_found');

    // Grace 0 revokes the old key at once.
    const now = await admin(['keys', 'rotate', '--data-dir', dir, '--application', app, '--key', rotated.json.id, '--grace-hours', '0', '--json']);
    expect(now.json.rotated.state).toBe('revoked');
    expect((await call({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${rotated.json.key}` } })).body.error.code).toBe('api_key_revoked');
  });

  it.each([
    [['--kind', 'root'], 'invalid_kind'],
    [['--kind', 'secret', '--scopes', 'documents.extract,documents.teleport'], 'unknown_scope'],
    [['--kind', 'publishable', '--scopes', 'usage.read'], 'scope_not_public'],
    [['--kind', 'secret', '--expires-in-days', '0'], 'invalid_expiry'],
    [['--kind', 'secret', '--expires-in-days', '3651'], 'invalid_expiry'],
    [['--kind', 'secret', '--rate-limit', '100001'], null],
    [['--kind', 'secret', '--monthly-quota', '0'], 'invalid_quota'],
    [['--kind', 'secret', '--allowed-origins', 'https://example.com'], 'restriction_not_applicable'],
    [['--kind', 'secret', '--allowed-ips', '10.0.0.0/33'], 'invalid_ip'],
    [['--kind', 'publishable', '--allowed-origins', 'https://example.com/path'], 'invalid_origin'],
    [['--kind', 'publishable', '--allowed-bundle-ids', 'not a bundle'], 'invalid_bundle_id'],
  ])('keys create %j answers %s', async (args, code) => {
    const out = await admin(['keys', 'create', '--data-dir', s.dataDir, '--application', s.boot.application, ...args, '--json']);
    if (code === null) {
      expect(out.code).toBe(2); // a usage error: the CLI checks the rate limit's range itself
      return;
    }
    expect(out.code).toBe(1);
    expect(out.json.error.code).toBe(code);
  });

  it('answers application_not_found (exit 1) for keys of an application that does not exist', async () => {
    const out = await admin(['keys', 'list', '--data-dir', s.dataDir, '--application', 'app_missing', '--json']);
    expect(out.code).toBe(1);
    expect(out.json.error.code).toBe('application_not_found');
  });

  it('refuses a 26th active key with too_many_credentials', async () => {
    const made = await admin(['bootstrap', '--data-dir', s.dataDir, '--json']);
    const app = made.json.application;
    for (let i = 0; i < 23; i++) expect((await admin(['keys', 'create', '--data-dir', s.dataDir, '--application', app, '--kind', 'secret', '--json'])).code).toBe(0);
    const over = await admin(['keys', 'create', '--data-dir', s.dataDir, '--application', app, '--kind', 'secret', '--json']);
    expect(over.json.error.code).toBe('too_many_credentials');
  });

  it('switches the public API off and on without a restart, from the next request on', async () => {
    const call = injectTransport(s.app);
    expect((await call({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${s.boot.secret_key}` } })).status).toBe(200);
    expect((await admin(['api', 'disable', '--data-dir', s.dataDir, '--json'])).code).toBe(0);
    const off = await call({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${s.boot.secret_key}` } });
    expect(off.status).toBe(503);
    expect(off.body.error.code).toBe('receviz_disabled');
    expect((await admin(['api', 'enable', '--data-dir', s.dataDir, '--json'])).code).toBe(0);
    expect((await call({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${s.boot.secret_key}` } })).status).toBe(200);
  });
});

describe('KeyAdmin refusals the CLI does not reach first', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s.close());

  it('refuses a rate limit out of range with invalid_rate_limit, and keys for an inactive organization or application', () => {
    const { accounts } = s.app.services;
    const admin = new KeyAdmin(accounts);
    const boot = s.bootAnother();
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return (err as { code?: string }).code;
      }
      return 'created';
    };
    const application = () => accounts.application(boot.application)!;
    expect(code(() => admin.create(application(), { kind: 'secret', rate_limit_per_minute: 0 }))).toBe('invalid_rate_limit');
    expect(code(() => admin.create(application(), { kind: 'secret', rate_limit_per_minute: 100_001 }))).toBe('invalid_rate_limit');
    expect(code(() => admin.create(application(), { kind: 'secret', rate_limit_per_minute: 100_000 }))).toBe('created');
    accounts.updateApplication(boot.application, { status: 'disabled' });
    expect(code(() => admin.create(application(), { kind: 'secret' }))).toBe('application_inactive');
    accounts.updateApplication(boot.application, { status: 'active' });
    accounts.updateOrganization(boot.tenant, { status: 'suspended' });
    expect(code(() => admin.create(application(), { kind: 'secret' }))).toBe('tenant_inactive');
  });
});
