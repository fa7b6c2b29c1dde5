// The console's organization: the page (role, documents this month against the quota), renaming,
// scheduling and cancelling the deletion (owners only; keys answer tenant_closed at once), the
// audit log newest first with cursors, and the retention sweep: a due organization deleted with
// everything it owns and its stored documents, audit rows past 400 days, ended sessions.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrapResult } from '../../server/src/admin/bootstrap.js';
import { CAPABILITIES } from '../../server/src/auth/capabilities.js';
import { MembersRepo } from '../../server/src/db/repos/members.js';
import { OrganizationsRepo } from '../../server/src/db/repos/organizations.js';
import { RetentionSweeper } from '../../server/src/retention.js';
import { clientFrom, signIn, type ConsoleClient } from '../support/console-client.js';
import { multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
let owner: ConsoleClient;
let orgUrl: string;
beforeAll(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
  orgUrl = `/console/api/organizations/${s.boot.tenant}`;
});
afterAll(async () => s?.close());

const PASSWORD = 'a long enough password';
let counter = 0;

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect((res.json() as { error: { code: string } }).error.code).toBe(code);
}

/** A member with `role` in the organization of `by`, signed in. */
async function person(role: string, by: ConsoleClient, tenant: string): Promise<ConsoleClient> {
  const res = await by.post(`/console/api/organizations/${tenant}/members`, { email: `${role}-${++counter}@example.com`, role });
  expect(res.statusCode, res.body).toBe(201);
  const token = new URL(res.json().invitation_url, 'http://x').searchParams.get('token');
  return clientFrom(s.app, await s.app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token, password: PASSWORD } }));
}

/** A synchronous extraction with the key; an Idempotency-Key makes it leave a row there too. */
async function extract(key: string) {
  const form = multipart({ client_ocr: JSON.stringify(SLIP_CLIENT_OCR) });
  return s.app.inject({ method: 'POST', url: '/v1/extractions', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${key}`, 'idempotency-key': `k-${++counter}` } });
}

const me = (key: string) => s.app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${key}` } });
const sweeper = () => new RetentionSweeper(s.app.services.extractionsRepo, s.app.services.requestLog, s.app.services.webhooksRepo, 60_000, {
  organizations: new OrganizationsRepo(s.app.services.db),
  members: new MembersRepo(s.app.services.db),
});

describe('the organization page', () => {
  it('shows the organization, its limits, documents this month against the quota, and the caller role', async () => {
    expect((await extract(s.boot.secret_key)).statusCode).toBe(200);
    const res = await owner.get(orgUrl);
    expect(res.statusCode).toBe(200);
    const org = s.app.services.accounts.organization(s.boot.tenant)!;
    expect(res.json()).toEqual({
      id: s.boot.tenant,
      name: 'Development organization',
      status: 'active',
      deletion_due_at: null,
      capabilities: [...CAPABILITIES],
      monthly_quota: null,
      documents_this_month: 1,
      limits: { max_applications: 20, max_document_types: 50, max_file_bytes: null, max_pages: null },
      created_at: org.created_at,
      role: 'owner',
    });
    const viewer = await person('viewer', owner, s.boot.tenant);
    expect((await viewer.get(orgUrl)).json()).toMatchObject({ role: 'viewer', documents_this_month: 1 });
  });

  it('answers sign_in_required without a session and tenant_not_found for an organization one is not in or that does not exist', async () => {
    expectError(await s.app.inject({ method: 'GET', url: orgUrl }), 401, 'sign_in_required');
    expectError(await owner.get(`/console/api/organizations/${s.bootAnother().tenant}`), 404, 'tenant_not_found');
    expectError(await owner.get('/console/api/organizations/tnt_nosuchorganization'), 404, 'tenant_not_found');
  });
});

describe('renaming', () => {
  it('renames (admin or owner), trimmed, and audits it', async () => {
    const admin = await person('admin', owner, s.boot.tenant);
    const res = await admin.patch(orgUrl, { name: '  Acme Receipts  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Acme Receipts', role: 'admin' });
    expect((await owner.get(orgUrl)).json().name).toBe('Acme Receipts');
    const log = (await owner.get(`${orgUrl}/audit-log`)).json().data;
    expect(log[0]).toMatchObject({ action: 'organization.renamed', target: s.boot.tenant, details: { from: 'Development organization', to: 'Acme Receipts' } });
    expect(log[0].actor).toMatch(/^admin-\d+@example\.com$/);
  });

  it('answers name_required for a missing or blank name, invalid_parameters for one over 200 characters', async () => {
    for (const name of [undefined, '', '   ', 12]) expectError(await owner.patch(orgUrl, name === undefined ? {} : { name }), 400, 'name_required');
    const long = await owner.patch(orgUrl, { name: 'x'.repeat(201) });
    expectError(long, 400, 'invalid_parameters');
    expect(long.json().error.param).toBe('name');
    expect((await owner.patch(orgUrl, { name: 'y'.repeat(200) })).statusCode).toBe(200);
  });

  it('refuses viewers and developers with role_insufficient', async () => {
    for (const role of ['viewer', 'developer']) {
      const p = await person(role, owner, s.boot.tenant);
      const res = await p.patch(orgUrl, { name: 'Mine now' });
      expectError(res, 403, 'role_insufficient');
      expect(res.json().error.details).toEqual({ role, needs: 'admin' });
    }
  });
});

describe('scheduling the deletion', () => {
  let boot: BootstrapResult;
  let o: ConsoleClient;
  let url: string;
  beforeAll(async () => {
    boot = s.bootAnother();
    o = await signIn(s.app, boot.console.email, boot.console.password);
    url = `/console/api/organizations/${boot.tenant}`;
  });

  it('is for owners only: viewers, developers and admins get role_insufficient, for scheduling and cancelling', async () => {
    for (const role of ['viewer', 'developer', 'admin']) {
      const p = await person(role, o, boot.tenant);
      for (const method of ['POST', 'DELETE']) {
        const res = await p.send(method, `${url}/deletion`);
        expectError(res, 403, 'role_insufficient');
        expect(res.json().error.details).toEqual({ role, needs: 'owner' });
      }
    }
    expect((await o.get(url)).json().status).toBe('active');
  });

  it('schedules it 30 days ahead: the keys answer tenant_closed at once, the console is read-only, the page still reads', async () => {
    expect((await me(boot.secret_key)).statusCode).toBe(200);
    const before = Date.now();
    const res = await o.post(`${url}/deletion`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled_for_deletion', role: 'owner' });
    const due = Date.parse(res.json().deletion_due_at);
    expect(due).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);
    expect(s.app.services.accounts.organization(boot.tenant)!.status).toBe('closed');
    expectError(await me(boot.secret_key), 403, 'tenant_closed');
    expectError(await extract(boot.secret_key), 403, 'tenant_closed');
    expectError(await o.patch(url, { name: 'Renamed' }), 403, 'tenant_closed');
    expectError(await o.post(`${url}/deletion`), 403, 'tenant_closed');
    expect((await o.get(url)).json().status).toBe('scheduled_for_deletion');
    expect((await o.get(`${url}/audit-log`)).json().data[0]).toMatchObject({ action: 'organization.deletion_scheduled', actor: boot.console.email, details: { deletion_due_at: res.json().deletion_due_at } });
  });

  it('lets an owner cancel: active again, the keys work again; cancelling an active organization changes nothing', async () => {
    const res = await o.delete(`${url}/deletion`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', deletion_due_at: null });
    expect((await me(boot.secret_key)).statusCode).toBe(200);
    expect((await o.get(`${url}/audit-log`)).json().data[0]).toMatchObject({ action: 'organization.deletion_cancelled' });
    const again = await o.delete(`${url}/deletion`);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('active');
    expect((await o.get(`${url}/audit-log`)).json().data[0].action).toBe('organization.deletion_cancelled');
    expect((await o.get(`${url}/audit-log`)).json().data[1].action).toBe('organization.deletion_scheduled');
  });

  it('cannot be cancelled once due (the purge may be under way): tenant_closed', async () => {
    expect((await o.post(`${url}/deletion`)).statusCode).toBe(200);
    s.app.services.db.prepare('UPDATE organizations SET deletion_due_at = ? WHERE id = ?').run(new Date(Date.now() - 1000).toISOString(), boot.tenant);
    expectError(await o.delete(`${url}/deletion`), 403, 'tenant_closed');
    // Put back so the sweep tests do not take it.
    s.app.services.db.prepare("UPDATE organizations SET status = 'active', deletion_due_at = NULL WHERE id = ?").run(boot.tenant);
  });

  it('is refused while the organization is suspended (tenant_suspended), scheduling and cancelling alike', async () => {
    s.app.services.accounts.updateOrganization(boot.tenant, { status: 'suspended' });
    try {
      const page = await o.get(url);
      expect(page.json().status).toBe('suspended');
      expectError(await o.post(`${url}/deletion`), 403, 'tenant_suspended');
      expectError(await o.delete(`${url}/deletion`), 403, 'tenant_suspended');
      expectError(await o.patch(url, { name: 'x' }), 403, 'tenant_suspended');
    } finally {
      s.app.services.accounts.updateOrganization(boot.tenant, { status: 'active' });
    }
  });
});

describe('the audit log', () => {
  it('pages newest first with next_cursor, for any role', async () => {
    const boot = s.bootAnother();
    const o = await signIn(s.app, boot.console.email, boot.console.password);
    const url = `/console/api/organizations/${boot.tenant}`;
    for (let i = 1; i <= 5; i++) expect((await o.patch(url, { name: `Name ${i}` })).statusCode).toBe(200);
    const viewer = await person('viewer', o, boot.tenant);
    const all = (await viewer.get(`${url}/audit-log`)).json();
    expect(all.next_cursor).toBeNull();
    // member.joined, member.invited, 5 renames, organization.bootstrapped.
    expect(all.data.map((e: { action: string }) => e.action)).toEqual([
      'member.joined',
      'member.invited',
      ...Array(5).fill('organization.renamed'),
      'organization.bootstrapped',
    ]);
    expect(all.data[2]).toEqual({ id: expect.stringMatching(/^aud_/), actor: boot.console.email, action: 'organization.renamed', target: boot.tenant, details: { from: 'Name 4', to: 'Name 5' }, created_at: expect.any(String) });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await viewer.get(`${url}/audit-log?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((e: { id: string }) => e.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.data.map((e: { id: string }) => e.id));
    // Another organization's log is not there.
    expect(seen).not.toContain((await owner.get(`${orgUrl}/audit-log`)).json().data[0].id);
  });

  it('answers invalid_parameters for a bad limit or cursor', async () => {
    for (const q of ['limit=0', 'limit=201', 'limit=abc', 'limit=1.5', 'cursor=notacursor', `cursor=${Buffer.from('x|y|z').toString('base64url')}`]) {
      const res = await owner.get(`${orgUrl}/audit-log?${q}`);
      expectError(res, 400, 'invalid_parameters');
      expect(res.json().error.param).toBe(q.split('=')[0]);
    }
    expect((await owner.get(`${orgUrl}/audit-log?limit=200`)).statusCode).toBe(200);
  });
});

describe('the retention sweep', () => {
  /** What an organization owns, counted table by table. */
  function holdings(tenant: string, apps: string[], keys: string[]) {
    const db = s.app.services.db;
    const count = (sql: string, ...args: unknown[]) => db.prepare(sql).pluck().get(...args) as number;
    const inApps = `(${apps.map(() => '?').join(',')})`;
    const inKeys = `(${keys.map(() => '?').join(',')})`;
    return {
      organizations: count('SELECT COUNT(*) FROM organizations WHERE id = ?', tenant),
      applications: count('SELECT COUNT(*) FROM applications WHERE organization_id = ?', tenant),
      api_keys: count(`SELECT COUNT(*) FROM api_keys WHERE application_id IN ${inApps}`, ...apps),
      extractions: count(`SELECT COUNT(*) FROM extractions WHERE application_id IN ${inApps}`, ...apps),
      jobs: count(`SELECT COUNT(*) FROM jobs WHERE extraction_id IN (SELECT id FROM extractions WHERE application_id IN ${inApps})`, ...apps),
      corrections: count(`SELECT COUNT(*) FROM corrections WHERE extraction_id IN (SELECT id FROM extractions WHERE application_id IN ${inApps})`, ...apps),
      events: count(`SELECT COUNT(*) FROM events WHERE application_id IN ${inApps}`, ...apps),
      webhook_endpoints: count(`SELECT COUNT(*) FROM webhook_endpoints WHERE application_id IN ${inApps}`, ...apps),
      webhook_deliveries: count(`SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE application_id IN ${inApps})`, ...apps),
      document_types: count('SELECT COUNT(*) FROM document_types WHERE organization_id = ?', tenant),
      document_type_versions: count('SELECT COUNT(*) FROM document_type_versions WHERE organization_id = ?', tenant),
      members: count('SELECT COUNT(*) FROM members WHERE organization_id = ?', tenant),
      audit_log: count('SELECT COUNT(*) FROM audit_log WHERE organization_id = ?', tenant),
      monthly_usage: count(`SELECT COUNT(*) FROM monthly_usage WHERE subject = ? OR subject IN (${keys.map(() => '?').join(',')})`, `org:${tenant}`, ...keys.map((k) => `key:${k}`)),
      idempotency_keys: count(`SELECT COUNT(*) FROM idempotency_keys WHERE credential_id IN ${inKeys}`, ...keys),
      request_log: count(`SELECT COUNT(*) FROM request_log WHERE application_id IN ${inApps}`, ...apps),
    };
  }

  /** An organization with something in every table it owns, and a stored document file. */
  async function populated(): Promise<{ boot: BootstrapResult; apps: string[]; keys: string[]; file: string; client: ConsoleClient }> {
    const boot = s.bootAnother();
    const { db, webhooksRepo } = s.app.services;
    webhooksRepo.createEndpoint({ application_id: boot.application, url: 'https://hooks.example.com/in', events: [], secret: 'sealed' });
    const typeRes = await s.app.inject({ method: 'POST', url: '/v1/document-types', headers: { authorization: `Bearer ${boot.secret_key}` }, payload: { key: `own_${++counter}`, template: 'invoice' } });
    expect(typeRes.statusCode, typeRes.body).toBe(201);
    const ex = await extract(boot.secret_key);
    expect(ex.statusCode, ex.body).toBe(200);
    const extractionId = ex.json().id as string;
    const file = join(s.dataDir, `document-${extractionId}`);
    writeFileSync(file, 'stored document');
    db.prepare('UPDATE extractions SET document_path = ? WHERE id = ?').run(file, extractionId);
    // A queued extraction with its job (not due: the queue leaves it).
    const queued = await extract(boot.secret_key);
    db.prepare("UPDATE extractions SET status = 'queued', completed_at = NULL, expires_at = NULL WHERE id = ?").run(queued.json().id);
    db.prepare('INSERT INTO jobs (extraction_id, run_after, input) VALUES (?, ?, ?)').run(queued.json().id, '9999-01-01T00:00:00.000Z', '{}');
    db.prepare('INSERT INTO corrections (id, extraction_id, field, previous_value, value, user_id, email, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
      `cor_${++counter}`,
      extractionId,
      'total',
      '"1"',
      '"2"',
      'usr_x',
      boot.console.email,
      new Date().toISOString(),
    );
    const client = await signIn(s.app, boot.console.email, boot.console.password);
    await person('developer', client, boot.tenant);
    await s.app.services.requestLog.flush();
    const apps = db.prepare('SELECT id FROM applications WHERE organization_id = ?').pluck().all(boot.tenant) as string[];
    const keys = db.prepare(`SELECT id FROM api_keys WHERE application_id IN (${apps.map(() => '?').join(',')})`).pluck().all(...apps) as string[];
    return { boot, apps, keys, file, client };
  }

  it('deletes an organization whose deletion is due, with everything it owns and its stored documents; another stays whole', async () => {
    const doomed = await populated();
    const kept = await populated();
    const before = holdings(doomed.boot.tenant, doomed.apps, doomed.keys);
    for (const [table, n] of Object.entries(before)) expect(n, table).toBeGreaterThan(0);
    const keptBefore = holdings(kept.boot.tenant, kept.apps, kept.keys);
    // Scheduled through the console, then made due.
    expect((await doomed.client.post(`/console/api/organizations/${doomed.boot.tenant}/deletion`)).statusCode).toBe(200);
    s.app.services.db.prepare('UPDATE organizations SET deletion_due_at = ? WHERE id = ?').run(new Date(Date.now() - 1000).toISOString(), doomed.boot.tenant);

    const result = await sweeper().sweep();
    expect(result.organizations).toBe(1);
    const after = holdings(doomed.boot.tenant, doomed.apps, doomed.keys);
    for (const [table, n] of Object.entries(after)) expect(n, table).toBe(0);
    expect(existsSync(doomed.file)).toBe(false);
    expect(holdings(kept.boot.tenant, kept.apps, kept.keys)).toEqual(keptBefore);
    expect(existsSync(kept.file)).toBe(true);
    // The person stays, without the organization; its keys are unknown now.
    expectError(await doomed.client.get(`/console/api/organizations/${doomed.boot.tenant}`), 404, 'tenant_not_found');
    expect((await doomed.client.get('/console/api/session')).json().organizations).toEqual([]);
    expectError(await me(doomed.boot.secret_key), 401, 'invalid_api_key');
    expect((await me(kept.boot.secret_key)).statusCode).toBe(200);
  });

  it('leaves an organization whose deletion is scheduled but not yet due, and one that was cancelled', async () => {
    const pending = await populated();
    const url = `/console/api/organizations/${pending.boot.tenant}/deletion`;
    expect((await pending.client.post(url)).statusCode).toBe(200);
    const before = holdings(pending.boot.tenant, pending.apps, pending.keys);
    expect((await sweeper().sweep()).organizations).toBe(0);
    expect(holdings(pending.boot.tenant, pending.apps, pending.keys)).toEqual(before);
    expect((await pending.client.delete(url)).statusCode).toBe(200);
    // Cancelled: even a sweep a year later leaves it.
    expect((await sweeper().sweep(new Date(Date.now() + 365 * 86_400_000))).organizations).toBe(0);
    expect(holdings(pending.boot.tenant, pending.apps, pending.keys).organizations).toBe(1);
  });

  it('deletes audit rows older than 400 days and keeps younger ones', async () => {
    const { db } = s.app.services;
    const insert = db.prepare("INSERT INTO audit_log (id, organization_id, actor, action, target, details, created_at) VALUES (?, ?, 'operator', 'test.old', NULL, NULL, ?)");
    const day = 86_400_000;
    insert.run('aud_old401', s.boot.tenant, new Date(Date.now() - 401 * day).toISOString());
    insert.run('aud_old399', s.boot.tenant, new Date(Date.now() - 399 * day).toISOString());
    await sweeper().sweep();
    const ids = db.prepare("SELECT id FROM audit_log WHERE action = 'test.old'").pluck().all();
    expect(ids).toEqual(['aud_old399']);
  });

  it('deletes console sessions that have ended (past 7 days, or 12 hours idle) and keeps live ones', async () => {
    const { db } = s.app.services;
    const live = await signIn(s.app, s.boot.console.email, s.boot.console.password);
    const user = db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(s.boot.console.email) as string;
    const now = Date.now();
    const insert = db.prepare("INSERT INTO console_sessions (id, user_id, csrf_token, created_at, last_seen_at, expires_at) VALUES (?, ?, 'x', ?, ?, ?)");
    const iso = (ms: number) => new Date(ms).toISOString();
    insert.run('s-expired', user, iso(now - 8 * 86_400_000), iso(now - 60_000), iso(now - 1000));
    insert.run('s-idle', user, iso(now - 86_400_000), iso(now - 13 * 3_600_000), iso(now + 86_400_000));
    insert.run('s-live', user, iso(now - 86_400_000), iso(now - 3_600_000), iso(now + 86_400_000));
    await sweeper().sweep();
    const left = db.prepare("SELECT id FROM console_sessions WHERE id LIKE 's-%'").pluck().all();
    expect(left).toEqual(['s-live']);
    // A session just opened is live and stays.
    expect((await live.get('/console/api/session')).statusCode).toBe(200);
  });
});
