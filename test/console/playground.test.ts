// The console's playground: an extraction read with one of the application's keys (the one
// named, else the newest active secret key), attributed to it as an API request is (quota,
// request log, events), answered with the extraction and its review data; its codes
// (credential_required, credential_not_found, role_insufficient by environment, the key's
// capabilities, the form's own codes) and roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../server/src/admin/key-admin.js';
import { hashPasswordSync } from '../../server/src/console/password.js';
import type { Application, Environment } from '../../server/src/db/repos/accounts.js';
import { MembersRepo, type Role } from '../../server/src/db/repos/members.js';
import { SAMPLE_RECEIPT_PNG } from '../support/api-client.js';
import { signIn, type ConsoleClient } from '../support/console-client.js';
import { multipart, SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';

let s: TestServer;
let owner: ConsoleClient;

const errorOf = (res: { json(): unknown }) => (res.json() as { error: { code: string; param?: string; details?: Record<string, unknown> } }).error;
const slip = JSON.stringify(SLIP_CLIENT_OCR);
const month = () => new Date().toISOString().slice(0, 7);

function playgroundUrl(applicationId: string, query = ''): string {
  return `/console/api/organizations/${s.boot.tenant}/applications/${applicationId}/playground${query}`;
}

/** POSTs the playground form as the console page does (multipart, session cookie, CSRF token). */
function play(c: ConsoleClient, applicationId: string, fields: Record<string, string>, file?: { bytes: Uint8Array; type?: string }, query = '') {
  const form = multipart(fields, file);
  return c.send('POST', playgroundUrl(applicationId, query), { payload: form.payload, headers: form.headers });
}

async function member(role: Role): Promise<ConsoleClient> {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'a long enough password';
  const members = new MembersRepo(s.app.services.db);
  const user = members.ensureUser(email, hashPasswordSync(password));
  members.addMember(s.boot.tenant, user.id, email, role);
  return signIn(s.app, email, password);
}

function application(environment: Environment, extra: Partial<Parameters<typeof s.app.services.accounts.createApplication>[0]> = {}): Application {
  return s.app.services.accounts.createApplication({ organizationId: s.boot.tenant, name: `${environment} app`, environment, capabilities: ['documents.extract', 'documents.upload'], defaultDocumentType: 'payment_receipt', ...extra });
}

const keyOf = (app: Application, req: Record<string, unknown> = {}) => new KeyAdmin(s.app.services.accounts).create(app, { kind: 'secret', ...req }).record;
const bootKeyId = () => s.app.services.accounts.keys(s.boot.application).find((k) => k.kind === 'secret')!.id;

beforeAll(async () => {
  s = await startTestServer();
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
});
afterAll(async () => s?.close());

describe('the playground', () => {
  it('reads client_ocr with the application\'s newest active secret key, counted, logged and announced as an API request', async () => {
    const keyId = bootKeyId();
    const before = s.app.services.extractionsRepo.monthlyDocuments(`key:${keyId}`, month());
    const res = await play(owner, s.boot.application, { client_ocr: slip });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.extraction).toMatchObject({ object: 'extraction', status: 'succeeded', document_type: 'payment_receipt', livemode: false });
    expect(body.extraction.data.amount).toBe(12.5);
    expect(body.extraction).not.toHaveProperty('ocr');
    expect(body.corrections).toEqual([]);
    expect(body.pages).toEqual([{ number: 1, width: 1000, height: 2000, image_url: null }]);
    expect(body.ocr.pages[0].lines.map((l: { text: string }) => l.text)).toContain('TOTAL USD 12.50');
    const record = s.app.services.extractionsRepo.extraction(body.extraction.id)!;
    expect(record.key_id).toBe(keyId);
    expect(s.app.services.extractionsRepo.monthlyDocuments(`key:${keyId}`, month())).toBe(before + 1);
    expect(s.app.services.extractionsRepo.events(body.extraction.id).map((e) => e.type)).toEqual(['extraction.completed']);
    await s.app.services.requestLog.flush();
    const logged = s.app.services.db.prepare('SELECT key_id, method, status, documents, pages FROM request_log WHERE route LIKE ? ORDER BY id DESC LIMIT 1').get('%/playground') as Record<string, unknown>;
    expect(logged).toEqual({ key_id: keyId, method: 'POST', status: 200, documents: 1, pages: 1 });
    const audit = s.app.services.db.prepare("SELECT actor, details FROM audit_log WHERE action = 'playground.extracted' AND target = ?").get(body.extraction.id) as { actor: string; details: string };
    expect(audit.actor).toBe(s.boot.console.email);
    expect(JSON.parse(audit.details)).toEqual({ application_id: s.boot.application, key_id: keyId });
    // The result opens in the review view like any other, its lines kept with it.
    const view = (await owner.get(`/console/api/organizations/${s.boot.tenant}/applications/${s.boot.application}/extractions/${body.extraction.id}`)).json();
    expect(view.extraction).toEqual(body.extraction);
    expect(view.ocr).toEqual(body.ocr);
    expect(view.pages).toEqual(body.pages);
  });

  it('reads an uploaded photo, with its page image in the answer', async () => {
    const res = await play(owner, s.boot.application, {}, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.extraction.data).toMatchObject({ amount: 13.05, currency: 'GBP', transaction_date: '2025-03-14' });
    expect(body.pages).toHaveLength(1);
    expect(body.pages[0].image_url).toBe(`/console/api/organizations/${s.boot.tenant}/applications/${s.boot.application}/extractions/${body.extraction.id}/pages/1`);
    expect(body.ocr.pages[0].source).toBe('ocr');
    const image = await owner.get(body.pages[0].image_url);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('reads with the key named by key_id; the newest active secret key otherwise; queued reads answer 202', async () => {
    const app = application('development');
    const older = keyOf(app);
    await new Promise((r) => setTimeout(r, 5));
    const newer = keyOf(app);
    keyOf(app, { kind: 'publishable', scopes: ['documents.extract'] }); // newest of all, but not a secret key
    const byDefault = await play(owner, app.id, { client_ocr: slip });
    expect(s.app.services.extractionsRepo.extraction(byDefault.json().extraction.id)!.key_id).toBe(newer.id);
    const named = await play(owner, app.id, { client_ocr: slip }, undefined, `?key_id=${older.id}`);
    expect(named.statusCode).toBe(200);
    expect(s.app.services.extractionsRepo.extraction(named.json().extraction.id)!.key_id).toBe(older.id);
    const queued = await play(owner, app.id, { client_ocr: slip, async: 'true' });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ extraction: { status: 'queued' }, pages: [], ocr: null });
  });

  it('answers credential_required without an active secret key, or for a revoked or publishable key_id; credential_not_found for another application\'s key', async () => {
    const none = application('development');
    const res = await play(owner, none.id, { client_ocr: slip });
    expect([res.statusCode, errorOf(res).code]).toEqual([400, 'credential_required']);

    const app = application('development');
    const revoked = keyOf(app);
    new KeyAdmin(s.app.services.accounts).revoke(app.id, revoked.id);
    const expired = keyOf(app, { expires_in_days: 1 });
    s.app.services.db.prepare('UPDATE api_keys SET expires_at = ? WHERE id = ?').run(new Date(Date.now() - 1000).toISOString(), expired.id);
    const publishable = keyOf(app, { kind: 'publishable', scopes: ['documents.extract'] });
    expect([(await play(owner, app.id, { client_ocr: slip })).statusCode]).toEqual([400]); // only inactive or publishable keys left
    for (const id of [revoked.id, expired.id, publishable.id]) {
      const r = await play(owner, app.id, { client_ocr: slip }, undefined, `?key_id=${id}`);
      expect([r.statusCode, errorOf(r).code, errorOf(r).param]).toEqual([400, 'credential_required', 'key_id']);
    }
    const foreign = await play(owner, app.id, { client_ocr: slip }, undefined, `?key_id=${bootKeyId()}`);
    expect([foreign.statusCode, errorOf(foreign).code]).toEqual([404, 'credential_not_found']);
  });

  it('holds the key to its capabilities (organization, application and key together) and the application to being active', async () => {
    const app = application('development', { capabilities: ['documents.extract'] }); // uploads not enabled on the application
    keyOf(app); // the key holds every capability
    const file = await play(owner, app.id, {}, { bytes: SAMPLE_RECEIPT_PNG });
    expect([file.statusCode, errorOf(file).code]).toEqual([403, 'missing_capability']);
    expect(errorOf(file).details).toEqual({ missing: ['documents.upload'] });
    expect((await play(owner, app.id, { client_ocr: slip })).statusCode).toBe(200);
    s.app.services.accounts.updateApplication(app.id, { status: 'disabled' });
    const disabled = await play(owner, app.id, { client_ocr: slip });
    expect([disabled.statusCode, errorOf(disabled).code]).toEqual([403, 'application_disabled']);
  });

  it('counts against the key\'s rate limit and quota as API requests do', async () => {
    const app = application('development');
    keyOf(app, { rate_limit_per_minute: 1 });
    expect((await play(owner, app.id, { client_ocr: slip })).statusCode).toBe(200);
    const limited = await play(owner, app.id, { client_ocr: slip });
    expect([limited.statusCode, errorOf(limited).code]).toEqual([429, 'rate_limited']);
    const quota = application('development');
    keyOf(quota, { monthly_quota: 1 });
    expect((await play(owner, quota.id, { client_ocr: slip })).statusCode).toBe(200);
    const over = await play(owner, quota.id, { client_ocr: slip });
    expect([over.statusCode, errorOf(over).code]).toEqual([429, 'key_quota_exceeded']);
  });

  it('answers the form\'s own codes as POST /v1/extractions does', async () => {
    const empty = await play(owner, s.boot.application, { mode: 'fast' });
    expect([empty.statusCode, errorOf(empty).code]).toEqual([400, 'no_document']);
    const mode = await play(owner, s.boot.application, { client_ocr: slip, mode: 'quick' });
    expect([mode.statusCode, errorOf(mode).code]).toEqual([400, 'invalid_mode']);
    const type = await play(owner, s.boot.application, { client_ocr: slip, document_type: 'nothing_like_it' });
    expect([type.statusCode, errorOf(type).code]).toEqual([404, 'document_type_not_found']);
  });

  it('answers under zero retention with the result and the lines read, and keeps nothing', async () => {
    const app = application('development', { dataPolicy: { retention: 'zero' } });
    keyOf(app);
    const res = await play(owner, app.id, {}, { bytes: SAMPLE_RECEIPT_PNG });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.extraction.data.amount).toBe(13.05);
    expect(body.pages).toEqual([{ number: 1, width: expect.any(Number), height: expect.any(Number), image_url: null }]);
    expect(body.ocr.pages[0].lines.length).toBeGreaterThan(3);
    const record = s.app.services.extractionsRepo.extraction(body.extraction.id)!;
    expect([record.body, record.document_path]).toEqual([null, null]);
  });
});

describe('roles', () => {
  it('lets a developer use the playground of development and test applications, not production ones (admin and owner may)', async () => {
    const developer = await member('developer');
    const test = application('test');
    keyOf(test);
    expect((await play(developer, test.id, { client_ocr: slip })).statusCode).toBe(200);
    const production = application('production');
    keyOf(production);
    const refused = await play(developer, production.id, { client_ocr: slip });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'role_insufficient']);
    expect(errorOf(refused).details).toEqual({ role: 'developer', needs: 'admin' });
    const admin = await member('admin');
    expect((await play(admin, production.id, { client_ocr: slip })).statusCode).toBe(200);
    expect((await play(owner, production.id, { client_ocr: slip })).statusCode).toBe(200);
  });

  it('refuses a viewer (role_insufficient), a request without the CSRF token, a suspended organization, and another organization\'s application', async () => {
    const viewer = await member('viewer');
    const res = await play(viewer, s.boot.application, { client_ocr: slip });
    expect([res.statusCode, errorOf(res).code]).toEqual([403, 'role_insufficient']);
    const form = multipart({ client_ocr: slip });
    const noToken = await owner.send('POST', playgroundUrl(s.boot.application), { payload: form.payload, headers: { ...form.headers, 'x-csrf-token': '' } });
    expect([noToken.statusCode, errorOf(noToken).code]).toEqual([403, 'csrf_token_invalid']);
    const other = s.bootAnother();
    const foreign = await play(owner, other.application, { client_ocr: slip });
    expect([foreign.statusCode, errorOf(foreign).code]).toEqual([404, 'application_not_found']);
    s.app.services.accounts.updateOrganization(s.boot.tenant, { status: 'suspended' });
    try {
      const suspended = await play(owner, s.boot.application, { client_ocr: slip });
      expect([suspended.statusCode, errorOf(suspended).code]).toEqual([403, 'tenant_suspended']);
    } finally {
      s.app.services.accounts.updateOrganization(s.boot.tenant, { status: 'active' });
    }
    // Nothing was read for the refused requests.
    await s.app.services.requestLog.flush();
    expect(s.app.services.db.prepare("SELECT COUNT(*) FROM request_log WHERE route LIKE '%/playground' AND status >= 400 AND code IN ('role_insufficient', 'csrf_token_invalid', 'tenant_suspended')").pluck().get()).toBe(0);
  });
});
