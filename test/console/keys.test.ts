// Console API: keys of an application: listing (never the key), creation with the key shown
// once, rotation with grace, revocation that the API answers with api_key_revoked on the next
// request; every console key code, the role rules per environment, and the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../server/src/admin/key-admin.js';
import { CAPABILITIES, PUBLIC_CAPABILITIES } from '../../server/src/auth/capabilities.js';
import { hashPasswordSync } from '../../server/src/console/password.js';
import type { Application } from '../../server/src/db/repos/accounts.js';
import { MembersRepo, type Role } from '../../server/src/db/repos/members.js';
import { signIn, type ConsoleClient } from '../support/console-client.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
let owner: ConsoleClient;
const as: Partial<Record<Role, ConsoleClient>> = {};
let admin: KeyAdmin;
let prodApp: Application;
const PASSWORD = 'a long enough password';

interface Summary {
  id: string;
  kind: string;
  livemode: boolean;
  name: string | null;
  hint: string;
  state: string;
  scopes: string[];
  rate_limit_per_minute: number | null;
  monthly_quota: number | null;
  allowed_ips: string[];
  allowed_origins: string[];
  allowed_bundle_ids: string[];
  expires_at: string | null;
  revoked_at: string | null;
  replaced_by: string | null;
  created_at: string;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = new KeyAdmin(s.app.services.accounts);
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
  const members = new MembersRepo(s.app.services.db);
  for (const role of ['admin', 'developer', 'viewer'] as const) {
    const email = `${role}@keys.example`;
    const user = members.ensureUser(email, hashPasswordSync(PASSWORD));
    members.addMember(s.boot.tenant, user.id, email, role);
    as[role] = await signIn(s.app, email, PASSWORD);
  }
  prodApp = s.app.services.accounts.createApplication({ organizationId: s.boot.tenant, name: 'production', environment: 'production', capabilities: CAPABILITIES });
});
afterAll(async () => {
  await s?.close();
});

const appPath = (appId: string, org = s.boot.tenant) => `/console/api/organizations/${org}/applications/${appId}`;
const keysPath = (appId = s.boot.application, org = s.boot.tenant) => `${appPath(appId, org)}/keys`;
const err = (res: { statusCode: number; json(): unknown }) => {
  const e = (res.json() as { error?: { code: string; param?: string } }).error;
  return { status: res.statusCode, code: e?.code, ...(e?.param ? { param: e.param } : {}) };
};
const auditRows = (target: string) =>
  (s.app.services.db.prepare('SELECT actor, action, details FROM audit_log WHERE organization_id = ? AND target = ? ORDER BY created_at, rowid').all(s.boot.tenant, target) as { actor: string; action: string; details: string | null }[]).map((r) => ({
    ...r,
    details: r.details === null ? null : (JSON.parse(r.details) as Record<string, unknown>),
  }));
const me = (key: string) => s.app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${key}` } });
const meCode = async (key: string) => {
  const res = await me(key);
  return res.statusCode === 200 ? 200 : { status: res.statusCode, code: (res.json() as { error: { code: string } }).error.code };
};
/** A fresh development application of the organization, with no keys. */
const freshApp = (environment: Application['environment'] = 'development', capabilities: readonly string[] = CAPABILITIES) =>
  s.app.services.accounts.createApplication({ organizationId: s.boot.tenant, name: `keys ${Math.random().toString(36).slice(2, 8)}`, environment, capabilities });

async function createKey(c: ConsoleClient, appId: string, body: Record<string, unknown> = { kind: 'secret' }) {
  const res = await c.post(keysPath(appId), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Summary & { key: string };
}

describe('listing keys', () => {
  it('lists every key of the application as a summary, never the key or its hash, to every role', async () => {
    for (const c of [owner, as.viewer!]) {
      const res = await c.get(keysPath());
      expect(res.statusCode).toBe(200);
      const list = (res.json() as { data: Summary[] }).data;
      expect(list.map((k) => k.name)).toEqual(['bootstrap secret key', 'bootstrap publishable key']);
      expect(list[0]).toEqual({
        id: expect.stringMatching(/^key_/),
        kind: 'secret',
        livemode: false,
        name: 'bootstrap secret key',
        hint: expect.stringMatching(/^\.\.\./),
        state: 'active',
        scopes: [...CAPABILITIES],
        rate_limit_per_minute: 100_000,
        monthly_quota: null,
        allowed_ips: [],
        allowed_origins: [],
        allowed_bundle_ids: [],
        expires_at: null,
        revoked_at: null,
        replaced_by: null,
        created_at: expect.stringMatching(/^\d{4}-/),
      });
      expect(res.body).not.toContain(s.boot.secret_key);
      expect(res.body).not.toContain(s.boot.publishable_key);
      expect(res.body).not.toContain('hash');
    }
  });

  it('answers application_not_found for an application of another organization', async () => {
    const other = s.bootAnother();
    expect(err(await owner.get(keysPath(other.application)))).toEqual({ status: 404, code: 'application_not_found' });
  });
});

describe('creating keys', () => {
  it('creates a secret key, shows it once, and the API accepts it; audited with the person’s address', async () => {
    const app = freshApp();
    const res = await as.developer!.post(keysPath(app.id), { kind: 'secret', name: ' server ', scopes: ['documents.extract', 'usage.read'], rate_limit_per_minute: 60, monthly_quota: 1000, expires_in_days: 30, allowed_ips: ['10.1.2.3/8'] });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Summary & { key: string };
    expect(made).toMatchObject({ kind: 'secret', livemode: false, name: 'server', state: 'active', scopes: ['documents.extract', 'usage.read'], rate_limit_per_minute: 60, monthly_quota: 1000, allowed_ips: ['10.0.0.0/8'] });
    expect(made.key).toMatch(/^\S{20,}$/);
    expect(made.hint).toBe(`...${made.key.slice(-4)}`);
    expect(Math.abs(Date.parse(made.expires_at!) - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    // Shown once: the list has the key without it.
    const listed = await owner.get(keysPath(app.id));
    expect(listed.body).not.toContain(made.key);
    const { key, ...summary } = made;
    expect((listed.json() as { data: Summary[] }).data).toEqual([summary]);
    expect((await owner.get(appPath(app.id))).json()).toMatchObject({ active_keys: 1 });
    expect(auditRows(made.id)).toEqual([{ actor: 'developer@keys.example', action: 'key.created', details: { application: app.id, kind: 'secret', name: 'server' } }]);
    // A key restricted to 10.0.0.0/8 is refused from the test's address; an unrestricted one works.
    expect(await meCode(key)).toEqual({ status: 403, code: 'ip_not_allowed' });
    const open = await createKey(owner, app.id);
    expect(await meCode(open.key)).toBe(200);
  });

  it('defaults to every capability the kind may hold within the application; a publishable key with origins and bundle ids', async () => {
    const app = freshApp('development', ['documents.extract', 'documents.upload', 'usage.read']);
    const secret = await createKey(owner, app.id, { kind: 'secret' });
    expect(secret).toMatchObject({ scopes: ['documents.upload', 'documents.extract', 'usage.read'], name: null });
    const pk = await createKey(owner, app.id, { kind: 'publishable', allowed_origins: ['https://*.Example.com:443/'], allowed_bundle_ids: ['com.example.app'] });
    expect(pk).toMatchObject({ kind: 'publishable', scopes: ['documents.upload', 'documents.extract'], allowed_origins: ['https://*.example.com'], allowed_bundle_ids: ['com.example.app'] });
  });

  it('a publishable key made without scopes holds the public capabilities only', async () => {
    const app = freshApp();
    const pk = await createKey(owner, app.id, { kind: 'publishable' });
    expect(pk.scopes).toEqual([...PUBLIC_CAPABILITIES]);
  });

  it('makes live keys for production applications', async () => {
    const made = await createKey(as.admin!, prodApp.id);
    expect(made.livemode).toBe(true);
    expect(((await me(made.key)).json() as { livemode: boolean }).livemode).toBe(true);
  });

  it('answers every console key code', async () => {
    const app = freshApp('development', CAPABILITIES.filter((c) => c !== 'documents.verify'));
    const cases: [Record<string, unknown>, { status: number; code: string; param?: string }][] = [
      [{}, { status: 400, code: 'invalid_kind', param: 'kind' }],
      [{ kind: 'restricted' }, { status: 400, code: 'invalid_kind', param: 'kind' }],
      [{ kind: 'secret', scopes: ['documents.extract', 'teleport'] }, { status: 400, code: 'unknown_scope', param: 'scopes' }],
      [{ kind: 'secret', scopes: 'documents.extract' }, { status: 400, code: 'unknown_scope', param: 'scopes' }],
      [{ kind: 'publishable', scopes: ['documents.extract', 'usage.read'] }, { status: 400, code: 'scope_not_public', param: 'scopes' }],
      [{ kind: 'secret', scopes: ['documents.verify'] }, { status: 403, code: 'scope_not_granted' }],
      [{ kind: 'secret', scopes: [] }, { status: 400, code: 'no_scopes', param: 'scopes' }],
      [{ kind: 'secret', expires_in_days: 0 }, { status: 400, code: 'invalid_expiry', param: 'expires_in_days' }],
      [{ kind: 'secret', expires_in_days: 3651 }, { status: 400, code: 'invalid_expiry', param: 'expires_in_days' }],
      [{ kind: 'secret', expires_in_days: 1.5 }, { status: 400, code: 'invalid_expiry', param: 'expires_in_days' }],
      [{ kind: 'publishable', allowed_origins: ['https://example.com/path'] }, { status: 400, code: 'invalid_origin', param: 'allowed_origins' }],
      [{ kind: 'publishable', allowed_origins: ['https://*.com'] }, { status: 400, code: 'invalid_origin', param: 'allowed_origins' }],
      [{ kind: 'publishable', allowed_bundle_ids: ['example'] }, { status: 400, code: 'invalid_bundle_id', param: 'allowed_bundle_ids' }],
      [{ kind: 'secret', allowed_ips: ['10.0.0.300'] }, { status: 400, code: 'invalid_ip', param: 'allowed_ips' }],
      [{ kind: 'secret', allowed_ips: ['10.0.0.0/33'] }, { status: 400, code: 'invalid_ip', param: 'allowed_ips' }],
      [{ kind: 'secret', allowed_ips: Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`) }, { status: 400, code: 'too_many_restrictions', param: 'allowed_ips' }],
      [{ kind: 'publishable', allowed_origins: Array.from({ length: 51 }, (_, i) => `https://a${i}.example.com`) }, { status: 400, code: 'too_many_restrictions', param: 'allowed_origins' }],
      [{ kind: 'secret', allowed_origins: ['https://example.com'] }, { status: 400, code: 'restriction_not_applicable', param: 'allowed_origins' }],
      [{ kind: 'secret', allowed_bundle_ids: ['com.example.app'] }, { status: 400, code: 'restriction_not_applicable', param: 'allowed_bundle_ids' }],
      [{ kind: 'secret', rate_limit_per_minute: 0 }, { status: 400, code: 'invalid_rate_limit', param: 'rate_limit_per_minute' }],
      [{ kind: 'secret', rate_limit_per_minute: 100_001 }, { status: 400, code: 'invalid_rate_limit', param: 'rate_limit_per_minute' }],
      [{ kind: 'secret', rate_limit_per_minute: '60' }, { status: 400, code: 'invalid_rate_limit', param: 'rate_limit_per_minute' }],
      [{ kind: 'secret', monthly_quota: 0 }, { status: 400, code: 'invalid_quota', param: 'monthly_quota' }],
      [{ kind: 'secret', monthly_quota: 2.5 }, { status: 400, code: 'invalid_quota', param: 'monthly_quota' }],
      [{ kind: 'secret', name: 'x'.repeat(101) }, { status: 400, code: 'invalid_parameters', param: 'name' }],
      [{ kind: 'secret', name: 5 }, { status: 400, code: 'invalid_parameters', param: 'name' }],
      [{ kind: 'secret', environment: 'live' }, { status: 400, code: 'invalid_parameters', param: 'environment' }],
    ];
    for (const [body, expected] of cases) expect(err(await owner.post(keysPath(app.id), body)), JSON.stringify(body).slice(0, 80)).toEqual(expected);
    const notGranted = await owner.post(keysPath(app.id), { kind: 'secret', scopes: ['documents.extract', 'documents.verify'] });
    expect((notGranted.json() as { error: { details: unknown } }).error.details).toEqual({ not_granted: ['documents.verify'] });
    // Nothing was made; the limits themselves are accepted.
    expect((await owner.get(keysPath(app.id))).json()).toEqual({ data: [] });
    await createKey(owner, app.id, { kind: 'secret', expires_in_days: 3650, rate_limit_per_minute: 100_000, monthly_quota: 1, allowed_ips: Array.from({ length: 50 }, (_, i) => `10.0.0.${i}`) });
  });

  it('answers too_many_credentials at 25 active keys; revoked and expired keys do not count', async () => {
    const app = freshApp();
    const made = Array.from({ length: 25 }, () => admin.create(app, { kind: 'secret' }));
    expect(err(await owner.post(keysPath(app.id), { kind: 'publishable' }))).toEqual({ status: 409, code: 'too_many_credentials' });
    admin.revoke(app.id, made[0].record.id);
    await createKey(owner, app.id);
    expect(err(await owner.post(keysPath(app.id), { kind: 'secret' }))).toEqual({ status: 409, code: 'too_many_credentials' });
    s.app.services.db.prepare('UPDATE api_keys SET expires_at = ? WHERE id = ?').run('2000-01-01T00:00:00.000Z', made[1].record.id);
    await createKey(owner, app.id);
  });

  it('answers application_inactive for a disabled application and tenant_inactive for an organization that is not active', async () => {
    const app = freshApp();
    const key = admin.create(app, { kind: 'secret' }).record;
    s.app.services.accounts.updateApplication(app.id, { status: 'disabled' });
    expect(err(await owner.post(keysPath(app.id), { kind: 'secret' }))).toEqual({ status: 403, code: 'application_inactive' });
    expect(err(await owner.post(`${keysPath(app.id)}/${key.id}/rotate`, {}))).toEqual({ status: 403, code: 'application_inactive' });
    // Revoking still works in a disabled application.
    expect((await owner.post(`${keysPath(app.id)}/${key.id}/revoke`)).json()).toMatchObject({ state: 'revoked' });

    const other = s.bootAnother();
    const otherOwner = await signIn(s.app, other.console.email, other.console.password);
    const otherKey = s.app.services.accounts.keys(other.application)[0];
    for (const status of ['suspended', 'closed'] as const) {
      s.app.services.accounts.updateOrganization(other.tenant, { status });
      expect(err(await otherOwner.post(keysPath(other.application, other.tenant), { kind: 'secret' }))).toEqual({ status: 403, code: 'tenant_inactive' });
      expect(err(await otherOwner.post(`${keysPath(other.application, other.tenant)}/${otherKey.id}/rotate`, {}))).toEqual({ status: 403, code: 'tenant_inactive' });
      // Revocation is a change like any other: the organization is read-only.
      expect(err(await otherOwner.post(`${keysPath(other.application, other.tenant)}/${otherKey.id}/revoke`))).toEqual({ status: 403, code: status === 'suspended' ? 'tenant_suspended' : 'tenant_closed' });
      expect((await otherOwner.get(keysPath(other.application, other.tenant))).statusCode).toBe(200);
    }
  });
});

describe('rotating keys', () => {
  it('makes a new key with the same settings; the old one keeps working for the grace period (default 24 h); audited', async () => {
    const app = freshApp();
    const old = await createKey(owner, app.id, { kind: 'publishable', name: 'web', scopes: ['documents.extract'], rate_limit_per_minute: 30, monthly_quota: 10, allowed_origins: ['https://shop.example.com'], allowed_ips: ['192.0.2.0/24'] });
    const res = await as.developer!.post(`${keysPath(app.id)}/${old.id}/rotate`, {});
    expect(res.statusCode, res.body).toBe(201);
    const rotated = res.json() as Summary & { key: string; previous: Summary };
    expect(rotated.key).not.toBe(old.key);
    expect(rotated).toMatchObject({ kind: 'publishable', name: 'web', state: 'active', scopes: ['documents.extract'], rate_limit_per_minute: 30, monthly_quota: 10, allowed_origins: ['https://shop.example.com'], allowed_ips: ['192.0.2.0/24'], replaced_by: null });
    expect(rotated.id).not.toBe(old.id);
    expect(rotated.previous).toMatchObject({ id: old.id, state: 'active', replaced_by: rotated.id, revoked_at: null });
    expect(Math.abs(Date.parse(rotated.previous.expires_at!) - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    expect(auditRows(old.id).map((r) => r.action)).toEqual(['key.created', 'key.rotated']);
    expect(auditRows(old.id)[1]).toEqual({ actor: 'developer@keys.example', action: 'key.rotated', details: { application: app.id, replaced_by: rotated.id, grace_hours: 24 } });
    expect((await owner.get(appPath(app.id))).json()).toMatchObject({ active_keys: 2 });
  });

  it('with grace 0 revokes the old key at once: the API answers api_key_revoked on the next request', async () => {
    const app = freshApp();
    const old = await createKey(owner, app.id);
    expect(await meCode(old.key)).toBe(200);
    const res = await owner.post(`${keysPath(app.id)}/${old.id}/rotate`, { grace_hours: 0 });
    expect(res.statusCode).toBe(201);
    const rotated = res.json() as Summary & { key: string; previous: Summary };
    expect(rotated.previous.state).toBe('revoked');
    expect(await meCode(old.key)).toEqual({ status: 401, code: 'api_key_revoked' });
    expect(await meCode(rotated.key)).toBe(200);
  });

  it('a key due earlier keeps its earlier date; grace up to 168 hours', async () => {
    const app = freshApp();
    const soon = await createKey(owner, app.id, { kind: 'secret', expires_in_days: 1 });
    const rotated = (await owner.post(`${keysPath(app.id)}/${soon.id}/rotate`, { grace_hours: 168 })).json() as { previous: Summary };
    expect(rotated.previous.expires_at).toBe(soon.expires_at);
    const later = await createKey(owner, app.id);
    const longest = (await owner.post(`${keysPath(app.id)}/${later.id}/rotate`, { grace_hours: 168 })).json() as { previous: Summary };
    expect(Math.abs(Date.parse(longest.previous.expires_at!) - (Date.now() + 168 * 3_600_000))).toBeLessThan(60_000);
  });

  it('answers invalid_grace outside 0 to 168 whole hours, credential_inactive for a revoked or expired key, credential_not_found for another application’s or no key', async () => {
    const app = freshApp();
    const k = await createKey(owner, app.id);
    for (const grace_hours of [-1, 169, 1.5, '24', null]) {
      expect(err(await owner.post(`${keysPath(app.id)}/${k.id}/rotate`, { grace_hours }))).toEqual({ status: 400, code: 'invalid_grace', param: 'grace_hours' });
    }
    expect(err(await owner.post(`${keysPath(app.id)}/${k.id}/rotate`, { grace: 1 }))).toEqual({ status: 400, code: 'invalid_parameters', param: 'grace' });
    const revoked = await createKey(owner, app.id);
    admin.revoke(app.id, revoked.id);
    expect(err(await owner.post(`${keysPath(app.id)}/${revoked.id}/rotate`, {}))).toEqual({ status: 409, code: 'credential_inactive' });
    const expired = await createKey(owner, app.id);
    s.app.services.db.prepare('UPDATE api_keys SET expires_at = ? WHERE id = ?').run('2000-01-01T00:00:00.000Z', expired.id);
    expect(err(await owner.post(`${keysPath(app.id)}/${expired.id}/rotate`, {}))).toEqual({ status: 409, code: 'credential_inactive' });
    const bootKey = s.app.services.accounts.keys(s.boot.application)[0];
    expect(err(await owner.post(`${keysPath(app.id)}/${bootKey.id}/rotate`, {}))).toEqual({ status: 404, code: 'credential_not_found' });
    expect(err(await owner.post(`${keysPath(app.id)}/key_nothere/rotate`, {}))).toEqual({ status: 404, code: 'credential_not_found' });
  });

  it('rotates with grace 0 at 25 active keys', async () => {
    const app = freshApp();
    const made = Array.from({ length: 25 }, () => admin.create(app, { kind: 'secret' }));
    expect(err(await owner.post(`${keysPath(app.id)}/${made[0].record.id}/rotate`, { grace_hours: 1 }))).toEqual({ status: 409, code: 'too_many_credentials' });
    expect((await owner.post(`${keysPath(app.id)}/${made[0].record.id}/rotate`, { grace_hours: 0 })).statusCode).toBe(201);
  });
});

describe('revoking keys', () => {
  it('revokes a key: the API answers 401 api_key_revoked on the next request; audited', async () => {
    const app = freshApp();
    const k = await createKey(owner, app.id);
    expect(await meCode(k.key)).toBe(200);
    const res = await as.developer!.post(`${keysPath(app.id)}/${k.id}/revoke`);
    expect(res.statusCode).toBe(200);
    const summary = res.json() as Summary;
    expect(summary).toMatchObject({ id: k.id, state: 'revoked', revoked_at: expect.stringMatching(/^\d{4}-/) });
    expect(res.body).not.toContain(k.key);
    expect(await meCode(k.key)).toEqual({ status: 401, code: 'api_key_revoked' });
    expect(auditRows(k.id)[1]).toEqual({ actor: 'developer@keys.example', action: 'key.revoked', details: { application: app.id } });
    expect((await owner.get(appPath(app.id))).json()).toMatchObject({ active_keys: 0 });
  });

  it('answers already_revoked, and credential_not_found for a key of another application or none', async () => {
    const app = freshApp();
    const k = await createKey(owner, app.id);
    expect((await owner.post(`${keysPath(app.id)}/${k.id}/revoke`)).statusCode).toBe(200);
    expect(err(await owner.post(`${keysPath(app.id)}/${k.id}/revoke`))).toEqual({ status: 409, code: 'already_revoked' });
    expect(err(await owner.post(`${keysPath(s.boot.application)}/${k.id}/revoke`))).toEqual({ status: 404, code: 'credential_not_found' });
    expect(err(await owner.post(`${keysPath(app.id)}/key_nothere/revoke`))).toEqual({ status: 404, code: 'credential_not_found' });
    // A rotated key in its grace period can still be revoked.
    const graced = await createKey(owner, app.id);
    await owner.post(`${keysPath(app.id)}/${graced.id}/rotate`, {});
    expect((await owner.post(`${keysPath(app.id)}/${graced.id}/revoke`)).json()).toMatchObject({ state: 'revoked' });
  });
});

describe('roles', () => {
  it('developers manage keys of development and test applications; production keys need admin or owner; viewers never', async () => {
    const dev = freshApp('development');
    const test = freshApp('test');
    for (const app of [dev, test]) {
      const k = await createKey(as.developer!, app.id);
      expect((await as.developer!.post(`${keysPath(app.id)}/${k.id}/rotate`, {})).statusCode).toBe(201);
      expect((await as.developer!.post(`${keysPath(app.id)}/${k.id}/revoke`)).statusCode).toBe(200);
    }
    const prodKey = admin.create(prodApp, { kind: 'secret' }).record;
    for (const [method, path] of [
      ['post', keysPath(prodApp.id)],
      ['post', `${keysPath(prodApp.id)}/${prodKey.id}/rotate`],
      ['post', `${keysPath(prodApp.id)}/${prodKey.id}/revoke`],
    ] as const) {
      const refused = await as.developer![method](path, { kind: 'secret' });
      expect(err(refused)).toEqual({ status: 403, code: 'role_insufficient' });
      expect((refused.json() as { error: { details: unknown } }).error.details).toEqual({ role: 'developer', needs: 'admin' });
      const viewer = await as.viewer![method](path.replace(prodApp.id, dev.id), { kind: 'secret' });
      expect(err(viewer)).toEqual({ status: 403, code: 'role_insufficient' });
    }
    // Viewers read production keys; admins and owners manage them.
    expect((await as.viewer!.get(keysPath(prodApp.id))).statusCode).toBe(200);
    const byAdmin = await createKey(as.admin!, prodApp.id);
    expect((await as.admin!.post(`${keysPath(prodApp.id)}/${byAdmin.id}/rotate`, { grace_hours: 0 })).statusCode).toBe(201);
    expect((await owner.post(`${keysPath(prodApp.id)}/${prodKey.id}/revoke`)).json()).toMatchObject({ state: 'revoked' });
    expect(auditRows(prodKey.id).at(-1)).toMatchObject({ actor: s.boot.console.email, action: 'key.revoked' });
  });

  it('changes need the CSRF token', async () => {
    const res = await owner.send('POST', keysPath(), { body: { kind: 'secret' }, headers: { 'x-csrf-token': 'wrong' } });
    expect(err(res)).toEqual({ status: 403, code: 'csrf_token_invalid' });
  });
});
