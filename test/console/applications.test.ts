// Console API: applications of an organization: listing and reading, creation within the
// organization's limit, settings (name, default mode, document types, pinned version,
// capabilities), data policy and states (disabled answers application_disabled on the API,
// archived revokes every key and is final); every error code of the area, the role rules per
// environment, and the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrapResult } from '../../server/src/admin/bootstrap.js';
import { KeyAdmin } from '../../server/src/admin/key-admin.js';
import { CAPABILITIES } from '../../server/src/auth/capabilities.js';
import { hashPasswordSync } from '../../server/src/console/password.js';
import type { Application } from '../../server/src/db/repos/accounts.js';
import { MembersRepo, type Role } from '../../server/src/db/repos/members.js';
import { signIn, type ConsoleClient } from '../support/console-client.js';
import { multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
let owner: ConsoleClient;
const as: Partial<Record<Role, ConsoleClient>> = {};
let prodApp: Application;
let keys: KeyAdmin;
const PASSWORD = 'a long enough password';

interface AppView {
  id: string;
  name: string;
  environment: string;
  status: string;
  capabilities: string[];
  default_mode: string;
  default_document_type: string | null;
  document_types: string[] | null;
  pinned_version: number | null;
  data_policy: { retention: string; llm: string };
  created_at: string;
  active_keys: number;
}

beforeAll(async () => {
  s = await startTestServer();
  keys = new KeyAdmin(s.app.services.accounts);
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
  const members = new MembersRepo(s.app.services.db);
  for (const role of ['admin', 'developer', 'viewer'] as const) {
    const email = `${role}@applications.example`;
    const user = members.ensureUser(email, hashPasswordSync(PASSWORD));
    members.addMember(s.boot.tenant, user.id, email, role);
    as[role] = await signIn(s.app, email, PASSWORD);
  }
  // Each test makes its own applications; the limit is tested in organizations of their own.
  s.app.services.db.prepare('UPDATE organizations SET max_applications = 1000 WHERE id = ?').run(s.boot.tenant);
  prodApp = s.app.services.accounts.createApplication({ organizationId: s.boot.tenant, name: 'production', environment: 'production', capabilities: CAPABILITIES });
});
afterAll(async () => {
  await s?.close();
});

const orgPath = (org = s.boot.tenant) => `/console/api/organizations/${org}`;
const apps = (org = s.boot.tenant) => `${orgPath(org)}/applications`;
const appPath = (id: string, org = s.boot.tenant) => `${apps(org)}/${id}`;
const err = (res: { statusCode: number; json(): unknown }) => {
  const e = (res.json() as { error?: { code: string; param?: string } }).error;
  return { status: res.statusCode, code: e?.code, ...(e?.param ? { param: e.param } : {}) };
};
const auditRows = (target: string, org = s.boot.tenant) =>
  (s.app.services.db.prepare('SELECT actor, action, details FROM audit_log WHERE organization_id = ? AND target = ? ORDER BY created_at, rowid').all(org, target) as { actor: string; action: string; details: string | null }[]).map((r) => ({
    ...r,
    details: r.details === null ? null : (JSON.parse(r.details) as Record<string, unknown>),
  }));
const me = (key: string) => s.app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${key}` } });

/** A new application made through the console by `c`. */
async function create(c: ConsoleClient = owner, body: Record<string, unknown> = {}, org = s.boot.tenant) {
  const res = await c.post(apps(org), { name: `app ${Math.random().toString(36).slice(2, 8)}`, environment: 'development', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AppView;
}

/** Another organization with its owner signed in. */
async function otherOrg(): Promise<{ boot: BootstrapResult; owner: ConsoleClient }> {
  const boot = s.bootAnother();
  return { boot, owner: await signIn(s.app, boot.console.email, boot.console.password) };
}

describe('reading applications', () => {
  it('lists the organization’s applications with their settings and active key counts, to every role', async () => {
    for (const c of [owner, as.viewer!]) {
      const res = await c.get(apps());
      expect(res.statusCode).toBe(200);
      const list = (res.json() as { data: AppView[] }).data;
      const boot = list.find((a) => a.id === s.boot.application)!;
      expect(boot).toEqual({
        id: s.boot.application,
        name: 'development application',
        environment: 'development',
        status: 'active',
        capabilities: [...CAPABILITIES],
        default_mode: 'standard',
        default_document_type: 'payment_receipt',
        document_types: null,
        pinned_version: null,
        data_policy: { retention: '30d', llm: 'enabled' },
        created_at: expect.stringMatching(/^\d{4}-/),
        active_keys: 2,
      });
      expect(list.map((a) => a.id)).toContain(prodApp.id);
    }
  });

  it('reads one application as the list shows it', async () => {
    const listed = ((await as.viewer!.get(apps())).json() as { data: { id: string }[] }).data.find((a) => a.id === s.boot.application);
    const res = await as.viewer!.get(appPath(s.boot.application));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(listed);
  });

  it('answers 404 application_not_found for an unknown application and for one of another organization', async () => {
    const other = await otherOrg();
    expect(err(await owner.get(appPath('app_nothere')))).toEqual({ status: 404, code: 'application_not_found' });
    expect(err(await owner.get(appPath(other.boot.application)))).toEqual({ status: 404, code: 'application_not_found' });
    expect(err(await owner.patch(appPath(other.boot.application), { name: 'x' }))).toEqual({ status: 404, code: 'application_not_found' });
    // Through its own organization's path, a non-member is told the organization does not exist.
    expect(err(await owner.get(appPath(other.boot.application, other.boot.tenant)))).toEqual({ status: 404, code: 'tenant_not_found' });
    expect(err(await owner.get(apps(other.boot.tenant)))).toEqual({ status: 404, code: 'tenant_not_found' });
  });

  it('needs a session', async () => {
    const res = await s.app.inject({ method: 'GET', url: apps() });
    expect(err(res)).toEqual({ status: 401, code: 'sign_in_required' });
  });
});

describe('creating applications', () => {
  it('creates an application with every capability the organization is granted, default settings, no keys; audited', async () => {
    const res = await as.developer!.post(apps(), { name: '  Checkout  ', environment: 'test' });
    expect(res.statusCode).toBe(201);
    const made = res.json() as AppView;
    expect(made).toEqual({
      id: expect.stringMatching(/^app_/),
      name: 'Checkout',
      environment: 'test',
      status: 'active',
      capabilities: [...CAPABILITIES],
      default_mode: 'standard',
      default_document_type: null,
      document_types: null,
      pinned_version: null,
      data_policy: { retention: '30d', llm: 'enabled' },
      created_at: expect.stringMatching(/^\d{4}-/),
      active_keys: 0,
    });
    expect((await owner.get(appPath(made.id))).json()).toEqual(made);
    expect(auditRows(made.id)).toEqual([{ actor: 'developer@applications.example', action: 'application.created', details: { name: 'Checkout', environment: 'test', capabilities: [...CAPABILITIES] } }]);
  });

  it('takes a subset of capabilities, kept once each in the spec’s order', async () => {
    const made = await create(owner, { capabilities: ['documents.upload', 'documents.extract', 'documents.extract'] });
    expect(made.capabilities).toEqual(['documents.upload', 'documents.extract']);
  });

  it('defaults to the organization’s capabilities and refuses one it lacks with invalid_setting (details.not_granted)', async () => {
    const other = await otherOrg();
    s.app.services.accounts.updateOrganization(other.boot.tenant, { capabilities: ['documents.extract', 'documents.upload', 'schemas.read'] });
    const made = await create(other.owner, {}, other.boot.tenant);
    expect(made.capabilities).toEqual(['documents.upload', 'documents.extract', 'schemas.read']);
    const res = await other.owner.post(apps(other.boot.tenant), { name: 'x', environment: 'development', capabilities: ['documents.extract', 'usage.read'] });
    expect(err(res)).toEqual({ status: 400, code: 'invalid_setting', param: 'capabilities' });
    expect((res.json() as { error: { details: unknown } }).error.details).toEqual({ not_granted: ['usage.read'] });
  });

  it('refuses unknown capabilities, an empty list and a list that is not one with invalid_setting', async () => {
    for (const capabilities of [['documents.extract', 'teleport'], [], 'documents.extract', [1]]) {
      expect(err(await owner.post(apps(), { name: 'x', environment: 'development', capabilities }))).toEqual({ status: 400, code: 'invalid_setting', param: 'capabilities' });
    }
  });

  it('answers name_required for a missing, null or blank name; invalid_setting for a name over 100 characters or not a string', async () => {
    for (const body of [{}, { name: null }, { name: '' }, { name: '   ' }]) {
      expect(err(await owner.post(apps(), { environment: 'development', ...body }))).toEqual({ status: 400, code: 'name_required', param: 'name' });
    }
    expect(err(await owner.post(apps(), { name: 'x'.repeat(101), environment: 'development' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'name' });
    expect(err(await owner.post(apps(), { name: 42, environment: 'development' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'name' });
    const longest = await create(owner, { name: 'y'.repeat(100) });
    expect(longest.name).toHaveLength(100);
  });

  it('answers invalid_environment for anything but development, test or production', async () => {
    for (const environment of [undefined, 'staging', 'Production', 3]) {
      expect(err(await owner.post(apps(), { name: 'x', environment }))).toEqual({ status: 400, code: 'invalid_environment', param: 'environment' });
    }
  });

  it('refuses a field it does not know with invalid_setting', async () => {
    expect(err(await owner.post(apps(), { name: 'x', environment: 'development', default_mode: 'fast' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'default_mode' });
  });

  it('lets a developer create development and test applications, not production ones; viewers none; admins and owners production', async () => {
    const refused = await as.developer!.post(apps(), { name: 'prod', environment: 'production' });
    expect(err(refused)).toEqual({ status: 403, code: 'role_insufficient' });
    expect((refused.json() as { error: { details: unknown } }).error.details).toEqual({ role: 'developer', needs: 'admin' });
    const viewer = await as.viewer!.post(apps(), { name: 'dev', environment: 'development' });
    expect(err(viewer)).toEqual({ status: 403, code: 'role_insufficient' });
    expect((viewer.json() as { error: { details: unknown } }).error.details).toEqual({ role: 'viewer', needs: 'developer' });
    expect((await create(as.developer!, { environment: 'development' })).environment).toBe('development');
    expect((await create(as.admin!, { environment: 'production' })).environment).toBe('production');
    expect((await create(owner, { environment: 'production' })).environment).toBe('production');
  });

  it('answers too_many_applications at the organization’s limit; archived applications do not count', async () => {
    const other = await otherOrg();
    s.app.services.db.prepare('UPDATE organizations SET max_applications = 2 WHERE id = ?').run(other.boot.tenant);
    const second = await create(other.owner, {}, other.boot.tenant);
    const refused = await other.owner.post(apps(other.boot.tenant), { name: 'third', environment: 'development' });
    expect(err(refused)).toEqual({ status: 409, code: 'too_many_applications' });
    expect((refused.json() as { error: { details: unknown } }).error.details).toEqual({ limit: 2 });
    // A disabled application still counts; an archived one does not.
    expect((await other.owner.post(`${appPath(second.id, other.boot.tenant)}/status`, { status: 'disabled' })).statusCode).toBe(200);
    expect(err(await other.owner.post(apps(other.boot.tenant), { name: 'third', environment: 'development' }))).toEqual({ status: 409, code: 'too_many_applications' });
    expect((await other.owner.post(`${appPath(second.id, other.boot.tenant)}/status`, { status: 'archived' })).statusCode).toBe(200);
    await create(other.owner, { name: 'third' }, other.boot.tenant);
  });

  it('the default limit is 20', async () => {
    const other = await otherOrg();
    for (let i = 1; i < 20; i++) await create(other.owner, {}, other.boot.tenant);
    expect(err(await other.owner.post(apps(other.boot.tenant), { name: 'twenty-first', environment: 'test' }))).toEqual({ status: 409, code: 'too_many_applications' });
  });

  it('refuses changes in a suspended organization (tenant_suspended) and one scheduled for deletion (tenant_closed)', async () => {
    const other = await otherOrg();
    s.app.services.accounts.updateOrganization(other.boot.tenant, { status: 'suspended' });
    expect(err(await other.owner.post(apps(other.boot.tenant), { name: 'x', environment: 'development' }))).toEqual({ status: 403, code: 'tenant_suspended' });
    expect(err(await other.owner.patch(appPath(other.boot.application, other.boot.tenant), { name: 'x' }))).toEqual({ status: 403, code: 'tenant_suspended' });
    expect(err(await other.owner.put(`${appPath(other.boot.application, other.boot.tenant)}/data-policy`, { retention: '1h', llm: 'enabled' }))).toEqual({ status: 403, code: 'tenant_suspended' });
    expect(err(await other.owner.post(`${appPath(other.boot.application, other.boot.tenant)}/status`, { status: 'disabled' }))).toEqual({ status: 403, code: 'tenant_suspended' });
    // Still readable.
    expect((await other.owner.get(apps(other.boot.tenant))).statusCode).toBe(200);
    s.app.services.accounts.updateOrganization(other.boot.tenant, { status: 'closed' });
    expect(err(await other.owner.post(apps(other.boot.tenant), { name: 'x', environment: 'development' }))).toEqual({ status: 403, code: 'tenant_closed' });
  });
});

describe('settings', () => {
  it('changes the name, default mode, assigned types, default type and pinned version; audits what changed', async () => {
    const made = await create(as.developer!);
    const res = await as.developer!.patch(appPath(made.id), { name: 'Receipts', default_mode: 'fast', document_types: ['invoice', 'payment_receipt', 'invoice'], default_document_type: 'invoice', pinned_version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: made.id, name: 'Receipts', default_mode: 'fast', document_types: ['invoice', 'payment_receipt'], default_document_type: 'invoice', pinned_version: 1 });
    expect((await owner.get(appPath(made.id))).json()).toEqual(res.json());
    const audit = auditRows(made.id).filter((r) => r.action === 'application.updated');
    expect(audit).toEqual([
      {
        actor: 'developer@applications.example',
        action: 'application.updated',
        details: { changes: { name: 'Receipts', default_mode: 'fast', document_types: ['invoice', 'payment_receipt'], default_document_type: 'invoice', pinned_version: 1 } },
      },
    ]);
    // Sending the same values again changes nothing and writes nothing.
    expect((await as.developer!.patch(appPath(made.id), { name: 'Receipts', default_mode: 'fast' })).statusCode).toBe(200);
    expect(auditRows(made.id).filter((r) => r.action === 'application.updated')).toHaveLength(1);
    // null: every type, no default, follow the latest.
    const back = await as.developer!.patch(appPath(made.id), { document_types: null, default_document_type: null, pinned_version: null });
    expect(back.json()).toMatchObject({ document_types: null, default_document_type: null, pinned_version: null });
  });

  it('answers invalid_setting for a default mode other than fast, standard, verified', async () => {
    const made = await create();
    for (const default_mode of ['slow', null, 1]) expect(err(await owner.patch(appPath(made.id), { default_mode }))).toEqual({ status: 400, code: 'invalid_setting', param: 'default_mode' });
    expect((await owner.patch(appPath(made.id), { default_mode: 'verified' })).json()).toMatchObject({ default_mode: 'verified' });
  });

  it('answers invalid_setting for document types the organization does not have (unknown, another organization’s, archived) and for an empty list', async () => {
    const made = await create();
    const other = await otherOrg();
    const otherOrgRecord = s.app.services.accounts.organization(other.boot.tenant)!;
    s.app.services.documentTypes.create(otherOrgRecord, { key: 'their_type', template: 'invoice' });
    const org = s.app.services.accounts.organization(s.boot.tenant)!;
    s.app.services.documentTypes.create(org, { key: 'old_type', template: 'invoice' });
    s.app.services.documentTypes.archive(org, 'old_type');
    for (const document_types of [['invoice', 'no_such_type'], ['their_type'], ['old_type'], [], 'invoice', [7]]) {
      expect(err(await owner.patch(appPath(made.id), { document_types }))).toEqual({ status: 400, code: 'invalid_setting', param: 'document_types' });
    }
    for (const default_document_type of ['no_such_type', 'their_type', 'old_type', 5]) {
      expect(err(await owner.patch(appPath(made.id), { default_document_type }))).toEqual({ status: 400, code: 'invalid_setting', param: 'default_document_type' });
    }
    const res = await owner.patch(appPath(made.id), { document_types: ['invoice', 'nope'] });
    expect((res.json() as { error: { details: unknown } }).error.details).toEqual({ not_found: ['nope'] });
  });

  it('accepts the organization’s own active types', async () => {
    const org = s.app.services.accounts.organization(s.boot.tenant)!;
    s.app.services.documentTypes.create(org, { key: 'own_type', template: 'retail_receipt' });
    const made = await create();
    const res = await owner.patch(appPath(made.id), { document_types: ['own_type', 'invoice'], default_document_type: 'own_type' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ document_types: ['own_type', 'invoice'], default_document_type: 'own_type' });
  });

  it('answers invalid_setting for a default type not among the assigned ones, however the two are sent', async () => {
    const made = await create();
    expect(err(await owner.patch(appPath(made.id), { document_types: ['invoice'], default_document_type: 'payment_receipt' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'default_document_type' });
    expect((await owner.patch(appPath(made.id), { document_types: ['invoice', 'retail_receipt'] })).statusCode).toBe(200);
    expect(err(await owner.patch(appPath(made.id), { default_document_type: 'payment_receipt' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'default_document_type' });
    expect((await owner.patch(appPath(made.id), { default_document_type: 'invoice' })).statusCode).toBe(200);
    // Narrowing the list so that it leaves the default out.
    expect(err(await owner.patch(appPath(made.id), { document_types: ['retail_receipt'] }))).toEqual({ status: 400, code: 'invalid_setting', param: 'default_document_type' });
  });

  it('pins a version of the default type, or of the one assigned type; invalid_version for a version the type lacks', async () => {
    const org = s.app.services.accounts.organization(s.boot.tenant)!;
    s.app.services.documentTypes.create(org, { key: 'pinned_type', template: 'invoice' });
    const made = await create();
    expect((await owner.patch(appPath(made.id), { default_document_type: 'pinned_type', pinned_version: 1 })).json()).toMatchObject({ pinned_version: 1 });
    for (const pinned_version of [2, 0, -1]) {
      const res = await owner.patch(appPath(made.id), { pinned_version });
      expect(err(res)).toEqual({ status: 400, code: 'invalid_version', param: 'pinned_version' });
      expect((res.json() as { error: { details: unknown } }).error.details).toEqual({ document_type: 'pinned_type' });
    }
    // A built-in template has version 1 only.
    expect(err(await owner.patch(appPath(made.id), { default_document_type: 'invoice', pinned_version: 2 }))).toEqual({ status: 400, code: 'invalid_version', param: 'pinned_version' });
    // The single assigned type is the pinned one when there is no default.
    const single = await create();
    expect((await owner.patch(appPath(single.id), { document_types: ['retail_receipt'], pinned_version: 1 })).json()).toMatchObject({ pinned_version: 1, document_types: ['retail_receipt'] });
    expect(err(await owner.patch(appPath(single.id), { pinned_version: 3 }))).toEqual({ status: 400, code: 'invalid_version', param: 'pinned_version' });
  });

  it('answers invalid_setting for a pin with no type to pin, or not a whole number', async () => {
    const made = await create();
    expect(err(await owner.patch(appPath(made.id), { pinned_version: 1 }))).toEqual({ status: 400, code: 'invalid_setting', param: 'pinned_version' });
    expect(err(await owner.patch(appPath(made.id), { document_types: ['invoice', 'retail_receipt'], pinned_version: 1 }))).toEqual({ status: 400, code: 'invalid_setting', param: 'pinned_version' });
    for (const pinned_version of ['1', 1.5]) {
      expect(err(await owner.patch(appPath(made.id), { default_document_type: 'invoice', pinned_version }))).toEqual({ status: 400, code: 'invalid_setting', param: 'pinned_version' });
    }
  });

  it('drops a pin, unless one is sent, when the pinned type changes', async () => {
    const made = await create();
    expect((await owner.patch(appPath(made.id), { default_document_type: 'invoice', pinned_version: 1 })).json()).toMatchObject({ pinned_version: 1 });
    expect((await owner.patch(appPath(made.id), { name: 'renamed' })).json()).toMatchObject({ pinned_version: 1 });
    expect((await owner.patch(appPath(made.id), { default_document_type: 'retail_receipt' })).json()).toMatchObject({ default_document_type: 'retail_receipt', pinned_version: null });
    expect((await owner.patch(appPath(made.id), { default_document_type: 'invoice', pinned_version: 1 })).json()).toMatchObject({ default_document_type: 'invoice', pinned_version: 1 });
  });

  it('narrows capabilities to a subset of the organization’s; invalid_setting beyond it', async () => {
    const other = await otherOrg();
    s.app.services.accounts.updateOrganization(other.boot.tenant, { capabilities: ['documents.extract', 'documents.upload'] });
    const path = appPath(other.boot.application, other.boot.tenant);
    const narrowed = await other.owner.patch(path, { capabilities: ['documents.extract'] });
    expect(narrowed.json()).toMatchObject({ capabilities: ['documents.extract'] });
    const res = await other.owner.patch(path, { capabilities: ['documents.extract', 'documents.verify'] });
    expect(err(res)).toEqual({ status: 400, code: 'invalid_setting', param: 'capabilities' });
    expect((res.json() as { error: { details: unknown } }).error.details).toEqual({ not_granted: ['documents.verify'] });
    expect(err(await other.owner.patch(path, { capabilities: ['nonsense'] }))).toEqual({ status: 400, code: 'invalid_setting', param: 'capabilities' });
  });

  it('answers name_required for a blank name, invalid_setting for an unknown setting', async () => {
    const made = await create();
    expect(err(await owner.patch(appPath(made.id), { name: '  ' }))).toEqual({ status: 400, code: 'name_required', param: 'name' });
    expect(err(await owner.patch(appPath(made.id), { name: null }))).toEqual({ status: 400, code: 'name_required', param: 'name' });
    expect(err(await owner.patch(appPath(made.id), { environment: 'production' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'environment' });
    expect(err(await owner.patch(appPath(made.id), { status: 'disabled' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'status' });
  });

  it('lets developers edit development and test applications; production needs an admin; viewers nothing', async () => {
    const refused = await as.developer!.patch(appPath(prodApp.id), { name: 'renamed' });
    expect(err(refused)).toEqual({ status: 403, code: 'role_insufficient' });
    expect((refused.json() as { error: { details: unknown } }).error.details).toEqual({ role: 'developer', needs: 'admin' });
    expect(err(await as.viewer!.patch(appPath(s.boot.application), { name: 'renamed' }))).toEqual({ status: 403, code: 'role_insufficient' });
    expect((await as.admin!.patch(appPath(prodApp.id), { name: 'production (renamed)' })).json()).toMatchObject({ name: 'production (renamed)' });
    const testApp = await create(owner, { environment: 'test' });
    expect((await as.developer!.patch(appPath(testApp.id), { name: 'by a developer' })).json()).toMatchObject({ name: 'by a developer' });
  });
});

describe('data policy', () => {
  const policy = (id: string) => `${appPath(id)}/data-policy`;

  it('is set by an admin, audited, and applies to extractions read from then on', async () => {
    const made = await create(owner);
    const key = keys.create(s.app.services.accounts.application(made.id)!, { kind: 'secret' }).key;
    const extract = async () => {
      const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR), document_type: 'payment_receipt' });
      const res = await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, authorization: `Bearer ${key}` }, payload: form.payload });
      expect(res.statusCode, res.body).toBe(200);
      const id = (res.json() as { id: string }).id;
      return s.app.services.db.prepare('SELECT expires_at FROM extractions WHERE id = ?').pluck().get(id) as string;
    };
    const before = await extract();
    expect(Date.parse(before) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const res = await as.admin!.put(policy(made.id), { retention: '1h', llm: 'disabled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: made.id, data_policy: { retention: '1h', llm: 'disabled' } });
    expect(auditRows(made.id).filter((r) => r.action === 'application.data_policy_changed')).toEqual([
      { actor: 'admin@applications.example', action: 'application.data_policy_changed', details: { from: { retention: '30d', llm: 'enabled' }, to: { retention: '1h', llm: 'disabled' } } },
    ]);
    const after = await extract();
    expect(Math.abs(Date.parse(after) - (Date.now() + 3_600_000))).toBeLessThan(60_000);
    // The earlier result keeps the expiry it was given.
    expect(s.app.services.db.prepare('SELECT COUNT(*) FROM extractions WHERE expires_at = ?').pluck().get(before)).toBe(1);
    // Language models disabled: verified mode is refused on the API.
    const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR), document_type: 'payment_receipt', mode: 'verified' });
    const verified = await s.app.inject({ method: 'POST', url: '/v1/extractions', headers: { ...form.headers, authorization: `Bearer ${key}` }, payload: form.payload });
    expect((verified.json() as { error: { code: string } }).error.code).toBe('verification_disabled');
  });

  it('needs admin or owner in every environment', async () => {
    const devApp = await create(as.developer!);
    const refused = await as.developer!.put(policy(devApp.id), { retention: 'zero', llm: 'enabled' });
    expect(err(refused)).toEqual({ status: 403, code: 'role_insufficient' });
    expect((refused.json() as { error: { details: unknown } }).error.details).toEqual({ role: 'developer', needs: 'admin' });
    expect(err(await as.viewer!.put(policy(devApp.id), { retention: 'zero', llm: 'enabled' }))).toEqual({ status: 403, code: 'role_insufficient' });
    expect((await owner.put(policy(devApp.id), { retention: 'zero', llm: 'enabled' })).json()).toMatchObject({ data_policy: { retention: 'zero', llm: 'enabled' } });
    expect((await as.admin!.put(policy(prodApp.id), { retention: '24h', llm: 'enabled' })).json()).toMatchObject({ data_policy: { retention: '24h', llm: 'enabled' } });
  });

  it('answers invalid_policy for any other value, a missing value or an unknown field', async () => {
    const made = await create();
    const cases: [Record<string, unknown>, string][] = [
      [{ retention: '7d', llm: 'enabled' }, 'retention'],
      [{ retention: 30, llm: 'enabled' }, 'retention'],
      [{ llm: 'enabled' }, 'retention'],
      [{ retention: '1h', llm: 'on' }, 'llm'],
      [{ retention: '1h' }, 'llm'],
      [{ retention: '1h', llm: 'enabled', days: 3 }, 'days'],
    ];
    for (const [body, param] of cases) expect(err(await owner.put(policy(made.id), body))).toEqual({ status: 400, code: 'invalid_policy', param });
    expect((await owner.get(appPath(made.id))).json()).toMatchObject({ data_policy: { retention: '30d', llm: 'enabled' } });
  });
});

describe('states', () => {
  const status = (id: string) => `${appPath(id)}/status`;

  it('disables an application, whose keys then answer application_disabled, and enables it again; audited', async () => {
    const made = await create(as.developer!);
    const key = keys.create(s.app.services.accounts.application(made.id)!, { kind: 'secret' }).key;
    expect((await me(key)).statusCode).toBe(200);
    const res = await as.developer!.post(status(made.id), { status: 'disabled' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'disabled', active_keys: 1 });
    const refused = await me(key);
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('application_disabled');
    expect((await as.developer!.post(status(made.id), { status: 'active' })).json()).toMatchObject({ status: 'active' });
    expect((await me(key)).statusCode).toBe(200);
    expect(auditRows(made.id).filter((r) => r.action === 'application.status_changed')).toEqual([
      { actor: 'developer@applications.example', action: 'application.status_changed', details: { from: 'active', to: 'disabled', revoked_keys: [] } },
      { actor: 'developer@applications.example', action: 'application.status_changed', details: { from: 'disabled', to: 'active', revoked_keys: [] } },
    ]);
    // The same state again: nothing changes, nothing is written.
    expect((await as.developer!.post(status(made.id), { status: 'active' })).json()).toMatchObject({ status: 'active' });
    expect(auditRows(made.id).filter((r) => r.action === 'application.status_changed')).toHaveLength(2);
  });

  it('archives an application: every active key is revoked at once, each audited; archived is final', async () => {
    const made = await create(owner);
    const record = s.app.services.accounts.application(made.id)!;
    const a = keys.create(record, { kind: 'secret' });
    const b = keys.create(record, { kind: 'publishable' });
    const gone = keys.create(record, { kind: 'secret' });
    keys.revoke(made.id, gone.record.id);
    const res = await owner.post(status(made.id), { status: 'archived' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'archived', active_keys: 0 });
    for (const k of [a, b]) {
      // A publishable key is judged on the path made for it.
      const answer = k === a ? await me(k.key) : await s.app.inject({ method: 'POST', url: '/v1/client-sessions', headers: { authorization: `Bearer ${k.key}` } });
      expect(answer.statusCode).toBe(401);
      expect((answer.json() as { error: { code: string } }).error.code).toBe('api_key_revoked');
      expect(auditRows(k.record.id).filter((r) => r.action === 'key.revoked')).toEqual([
        { actor: s.boot.console.email, action: 'key.revoked', details: { application: made.id, reason: 'application_archived' } },
      ]);
    }
    const list = ((await owner.get(`${appPath(made.id)}/keys`)).json() as { data: { id: string; state: string }[] }).data;
    expect(list.map((k) => k.state)).toEqual(['revoked', 'revoked', 'revoked']);
    expect(auditRows(made.id).filter((r) => r.action === 'application.status_changed')).toEqual([
      { actor: s.boot.console.email, action: 'application.status_changed', details: { from: 'active', to: 'archived', revoked_keys: [a.record.id, b.record.id] } },
    ]);

    // Final: no state, setting or policy changes; no keys.
    for (const next of ['active', 'disabled', 'archived']) expect(err(await owner.post(status(made.id), { status: next }))).toEqual({ status: 400, code: 'invalid_setting', param: 'status' });
    expect(err(await owner.patch(appPath(made.id), { name: 'revived' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'status' });
    expect(err(await owner.put(`${appPath(made.id)}/data-policy`, { retention: '1h', llm: 'enabled' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'status' });
    expect(err(await owner.post(`${appPath(made.id)}/keys`, { kind: 'secret' }))).toEqual({ status: 403, code: 'application_inactive' });
    // Still readable.
    expect((await as.viewer!.get(appPath(made.id))).json()).toMatchObject({ status: 'archived' });
  });

  it('answers invalid_setting for a status other than active, disabled, archived, or an unknown field', async () => {
    const made = await create();
    for (const value of ['deleted', null, undefined]) expect(err(await owner.post(status(made.id), { status: value }))).toEqual({ status: 400, code: 'invalid_setting', param: 'status' });
    expect(err(await owner.post(status(made.id), { status: 'disabled', reason: 'x' }))).toEqual({ status: 400, code: 'invalid_setting', param: 'reason' });
  });

  it('needs the environment’s role: developer for development and test, admin for production; viewers never', async () => {
    const made = await create();
    const prod = await create(owner, { environment: 'production' });
    expect(err(await as.viewer!.post(status(made.id), { status: 'disabled' }))).toEqual({ status: 403, code: 'role_insufficient' });
    expect(err(await as.developer!.post(status(prod.id), { status: 'disabled' }))).toEqual({ status: 403, code: 'role_insufficient' });
    expect(err(await as.developer!.post(status(prod.id), { status: 'archived' }))).toEqual({ status: 403, code: 'role_insufficient' });
    expect((await as.developer!.post(status(made.id), { status: 'disabled' })).json()).toMatchObject({ status: 'disabled' });
    expect((await as.admin!.post(status(prod.id), { status: 'disabled' })).json()).toMatchObject({ status: 'disabled' });
  });
});
