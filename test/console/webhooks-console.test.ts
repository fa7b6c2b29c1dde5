// Console API: webhook endpoints of an application against a real HTTPS receiver (a private CA
// and the test's own DNS): adding with the secret shown once, reading with deliveries, editing,
// secret rotation, disabling and re-enabling, webhook.test, removal; every error code of the
// area, the role rules per environment, and the audit log.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../engine/src/contracts/webhook-signature.js';
import { CAPABILITIES } from '../../server/src/auth/capabilities.js';
import { hashPasswordSync } from '../../server/src/console/password.js';
import type { Application } from '../../server/src/db/repos/accounts.js';
import { MembersRepo, type Role } from '../../server/src/db/repos/members.js';
import type { Resolver } from '../../server/src/webhooks/url-guard.js';
import { signIn, type ConsoleClient } from '../support/console-client.js';
import { makeTestPki, startHttpsReceiver, type HttpsReceiver, type TestPki } from '../support/https-receiver.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

let pki: TestPki;
let receiver: HttpsReceiver;
let s: TestServer;
let owner: ConsoleClient;
const as: Partial<Record<Role, ConsoleClient>> = {};
let devApp: Application;
let prodApp: Application;

/** The test's DNS: hooks.example.test is the receiver, multicast.example.test a multicast group, everything else unknown. */
const resolver: Resolver = async (host) => {
  if (host === 'hooks.example.test') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'multicast.example.test') return [{ address: '224.0.0.1', family: 4 }];
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  pki = makeTestPki();
  receiver = await startHttpsReceiver(pki);
  // Private targets allowed: the receiver is on loopback. The default retry schedule keeps a failed test's retry a minute away.
  s = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }, webhooks: { resolver, ca: pki.caPem, pollMs: 50 } });
  owner = await signIn(s.app, s.boot.console.email, s.boot.console.password);
  const members = new MembersRepo(s.app.services.db);
  for (const role of ['admin', 'developer', 'viewer'] as const) {
    const email = `${role}@webhooks.example`;
    const user = members.ensureUser(email, hashPasswordSync('a long enough password'));
    members.addMember(s.boot.tenant, user.id, email, role);
    as[role] = await signIn(s.app, email, 'a long enough password');
  }
  devApp = s.app.services.accounts.application(s.boot.application)!;
  prodApp = s.app.services.accounts.createApplication({ organizationId: s.boot.tenant, name: 'production', environment: 'production', capabilities: CAPABILITIES });
});
afterAll(async () => {
  await s?.close();
  await receiver?.close();
  pki?.cleanup();
});
// Each test adds its own endpoints; an application holds at most 5.
afterEach(() => {
  for (const a of [devApp, prodApp]) for (const e of s.app.services.webhooks.list(a)) s.app.services.webhooks.remove(a, e.id);
  receiver.answer = () => ({ status: 200 });
});

const org = () => `/console/api/organizations/${s.boot.tenant}`;
const hooks = (appId = devApp.id) => `${org()}/applications/${appId}/webhooks`;
const err = (res: { statusCode: number; json(): unknown }) => ({ status: res.statusCode, code: (res.json() as { error?: { code: string } }).error?.code });
const newPath = () => `/hooks/${Math.random().toString(36).slice(2)}`;
const auditRows = (target: string) =>
  s.app.services.db.prepare('SELECT actor, action, details FROM audit_log WHERE organization_id = ? AND target = ? ORDER BY created_at, rowid').all(s.boot.tenant, target) as {
    actor: string;
    action: string;
    details: string | null;
  }[];

async function addEndpoint(c: ConsoleClient = owner, appId = devApp.id, body: Record<string, unknown> = {}) {
  const path = newPath();
  const res = await c.post(hooks(appId), { url: receiver.url(path, 'hooks.example.test'), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { id: string; secret: string; url: string; events: string[]; status: string }), path };
}

describe('endpoints', () => {
  it('adds an endpoint and shows its secret once; lists and reads it without the secret; records the change in the audit log', async () => {
    const res = await owner.post(hooks(), { url: receiver.url('/hooks/a', 'hooks.example.test'), events: ['extraction.completed', 'extraction.completed'] });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ object: 'webhook_endpoint', application: devApp.id, url: receiver.url('/hooks/a', 'hooks.example.test'), events: ['extraction.completed'], status: 'enabled', consecutive_failures: 0 });
    expect(created.id).toMatch(/^whe_/);
    expect(created.secret).toMatch(/^svcwhsec_[A-Za-z0-9]{32}$/);

    const list = await as.viewer!.get(hooks());
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((e: { id: string }) => e.id)).toEqual([created.id]);
    expect(list.body).not.toContain('svcwhsec_');
    const one = await as.viewer!.get(`${hooks()}/${created.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: created.id, deliveries: [] });
    expect(one.body).not.toContain('svcwhsec_');
    // Stored sealed, never as shown.
    expect(s.app.services.webhooksRepo.sealedSecret(created.id)).not.toContain(created.secret);

    expect(auditRows(created.id)).toEqual([{ actor: s.boot.console.email, action: 'webhook.created', details: expect.stringContaining(devApp.id) }]);
  });

  it('edits the URL and the events; a bad value in either is refused and changes nothing', async () => {
    const e = await addEndpoint();
    const url = receiver.url('/hooks/edited', 'hooks.example.test');
    const res = await owner.patch(`${hooks()}/${e.id}`, { url, events: ['extraction.failed'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: e.id, url, events: ['extraction.failed'] });
    expect(err(await owner.patch(`${hooks()}/${e.id}`, { url: 'http://hooks.example.test/x' }))).toEqual({ status: 400, code: 'invalid_webhook_url' });
    expect(err(await owner.patch(`${hooks()}/${e.id}`, { events: ['extraction.started'] }))).toEqual({ status: 400, code: 'unknown_event' });
    expect((await owner.get(`${hooks()}/${e.id}`)).json()).toMatchObject({ url, events: ['extraction.failed'] });
    expect(auditRows(e.id).map((r) => r.action)).toEqual(['webhook.created', 'webhook.updated']);
  });

  it('deletes an endpoint: 204, then webhook_not_found', async () => {
    const e = await addEndpoint();
    const res = await owner.delete(`${hooks()}/${e.id}`);
    expect(res.statusCode).toBe(204);
    expect(err(await owner.get(`${hooks()}/${e.id}`))).toEqual({ status: 404, code: 'webhook_not_found' });
    expect(err(await owner.delete(`${hooks()}/${e.id}`))).toEqual({ status: 404, code: 'webhook_not_found' });
    expect(auditRows(e.id).map((r) => r.action)).toEqual(['webhook.created', 'webhook.deleted']);
  });

  it('answers webhook_not_found for an unknown endpoint and for one of another application, on every path', async () => {
    const other = await addEndpoint(owner, prodApp.id);
    for (const id of ['whe_nope', other.id]) {
      expect(err(await owner.get(`${hooks()}/${id}`))).toEqual({ status: 404, code: 'webhook_not_found' });
      expect(err(await owner.patch(`${hooks()}/${id}`, { events: [] }))).toEqual({ status: 404, code: 'webhook_not_found' });
      for (const verb of ['rotate-secret', 'enable', 'disable', 'test']) expect(err(await owner.post(`${hooks()}/${id}/${verb}`))).toEqual({ status: 404, code: 'webhook_not_found' });
    }
  });
});

describe('webhook.test, secrets, disabling and enabling', () => {
  it('sends webhook.test and answers the attempt; the endpoint then shows the delivery with its attempt figures', async () => {
    const e = await addEndpoint();
    const res = await owner.post(`${hooks()}/${e.id}/test`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, endpoint_disabled: false, delivery: { object: 'webhook_delivery', endpoint: e.id, event_type: 'webhook.test', status: 'succeeded', attempts: 1, last_status_code: 200, last_error: null, next_attempt_at: null } });
    expect(body.delivery.response_ms).toBeGreaterThanOrEqual(0);
    // It really arrived, signed with the secret shown at creation.
    const got = receiver.received.filter((r) => r.path === e.path);
    expect(got).toHaveLength(1);
    expect(verifySignature(got[0].raw, got[0].headers['service-signature'] as string, e.secret).ok).toBe(true);
    expect(JSON.parse(got[0].raw.toString('utf8'))).toMatchObject({ type: 'webhook.test', application: devApp.id, livemode: false, data: { object: { object: 'test' } } });

    const shown = (await as.viewer!.get(`${hooks()}/${e.id}`)).json();
    expect(shown.deliveries).toEqual([body.delivery]);
    expect(auditRows(e.id).map((r) => r.action)).toEqual(['webhook.created', 'webhook.tested']);
  });

  it('answers a failed test attempt with its status code and the next attempt time', async () => {
    const e = await addEndpoint();
    receiver.answer = (r) => ({ status: r.path === e.path ? 500 : 200 });
    const body = (await owner.post(`${hooks()}/${e.id}/test`)).json();
    expect(body).toMatchObject({ ok: false, delivery: { status: 'failed', attempts: 1, last_status_code: 500, last_error: 'status 500' } });
    // The default schedule: the second attempt a minute later.
    const wait = Date.parse(body.delivery.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect((await owner.get(`${hooks()}/${e.id}`)).json()).toMatchObject({ consecutive_failures: 1, deliveries: [{ status: 'failed', last_status_code: 500 }] });
  });

  it('rotates the secret: the new one is shown once and signs the next attempt; the old one no longer verifies', async () => {
    const e = await addEndpoint();
    const res = await owner.post(`${hooks()}/${e.id}/rotate-secret`);
    expect(res.statusCode).toBe(200);
    const { secret } = res.json();
    expect(secret).toMatch(/^svcwhsec_/);
    expect(secret).not.toBe(e.secret);
    expect((await owner.get(`${hooks()}/${e.id}`)).body).not.toContain(secret);
    await owner.post(`${hooks()}/${e.id}/test`);
    const [got] = receiver.received.filter((r) => r.path === e.path);
    const header = got.headers['service-signature'] as string;
    expect(verifySignature(got.raw, header, secret).ok).toBe(true);
    expect(verifySignature(got.raw, header, e.secret).ok).toBe(false);
    expect(auditRows(e.id).map((r) => r.action)).toContain('webhook.secret_rotated');
  });

  it('disables an endpoint with the reason shown, and enables it again with the failure count reset', async () => {
    const e = await addEndpoint();
    const disabled = await as.developer!.post(`${hooks()}/${e.id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'disabled', disabled_reason: 'disabled in the console by developer@webhooks.example' });
    // As if the endpoint had failed many times in a row before.
    s.app.services.db.prepare('UPDATE webhook_endpoints SET consecutive_failures = 50 WHERE id = ?').run(e.id);
    expect((await owner.get(`${hooks()}/${e.id}`)).json()).toMatchObject({ status: 'disabled', consecutive_failures: 50 });
    const enabled = await as.developer!.post(`${hooks()}/${e.id}/enable`);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ status: 'enabled', disabled_reason: null, consecutive_failures: 0 });
    expect(auditRows(e.id).map((r) => [r.actor, r.action])).toEqual([
      [s.boot.console.email, 'webhook.created'],
      ['developer@webhooks.example', 'webhook.disabled'],
      ['developer@webhooks.example', 'webhook.enabled'],
    ]);
  });

  it('sends a test to a disabled endpoint (to try the receiver before enabling it)', async () => {
    const e = await addEndpoint();
    await owner.post(`${hooks()}/${e.id}/disable`);
    expect((await owner.post(`${hooks()}/${e.id}/test`)).json()).toMatchObject({ ok: true, delivery: { status: 'succeeded' } });
  });
});

describe('refusals', () => {
  it('refuses a URL that is not https, has credentials or is not a URL with invalid_webhook_url', async () => {
    for (const url of ['http://hooks.example.test/x', 'https://user:pw@hooks.example.test/x', 'not a url', 42, undefined]) {
      expect(err(await owner.post(hooks(), { url }))).toEqual({ status: 400, code: 'invalid_webhook_url' });
    }
  });

  it('refuses a non-public address with webhook_url_not_public and a name that does not resolve with webhook_url_unresolvable', async () => {
    expect(err(await owner.post(hooks(), { url: 'https://multicast.example.test/x' }))).toEqual({ status: 400, code: 'webhook_url_not_public' });
    expect(err(await owner.post(hooks(), { url: 'https://0.0.0.0/x' }))).toEqual({ status: 400, code: 'webhook_url_not_public' });
    expect(err(await owner.post(hooks(), { url: 'https://nowhere.example.test/x' }))).toEqual({ status: 400, code: 'webhook_url_unresolvable' });
    expect(s.app.services.webhooks.list(devApp)).toEqual([]);
  });

  it('refuses an event that is not one of the three with unknown_event', async () => {
    for (const events of [['webhook.test'], ['extraction.created'], 'extraction.completed', [1]]) {
      expect(err(await owner.post(hooks(), { url: receiver.url('/x', 'hooks.example.test'), events }))).toEqual({ status: 400, code: 'unknown_event' });
    }
  });

  it('refuses a sixth endpoint with too_many_endpoints', async () => {
    for (let i = 0; i < 5; i++) await addEndpoint();
    expect(err(await owner.post(hooks(), { url: receiver.url('/sixth', 'hooks.example.test') }))).toEqual({ status: 409, code: 'too_many_endpoints' });
  });

  it('refuses an endpoint for an application or organization without webhooks.receive with missing_capability', async () => {
    const bare = s.app.services.accounts.createApplication({ organizationId: s.boot.tenant, name: 'no webhooks', environment: 'development', capabilities: CAPABILITIES.filter((c) => c !== 'webhooks.receive') });
    const res = await owner.post(hooks(bare.id), { url: receiver.url('/x', 'hooks.example.test') });
    expect(err(res)).toEqual({ status: 403, code: 'missing_capability' });
    expect(res.json().error.details).toEqual({ missing: ['webhooks.receive'] });

    const other = s.bootAnother();
    const c = await signIn(s.app, other.console.email, other.console.password);
    s.app.services.accounts.updateOrganization(other.tenant, { capabilities: CAPABILITIES.filter((x) => x !== 'webhooks.receive') });
    expect(err(await c.post(`/console/api/organizations/${other.tenant}/applications/${other.application}/webhooks`, { url: receiver.url('/x', 'hooks.example.test') }))).toEqual({
      status: 403,
      code: 'missing_capability',
    });
  });

  it("answers application_not_found for another organization's application and tenant_not_found for its organization", async () => {
    const other = s.bootAnother();
    expect(err(await owner.get(hooks(other.application)))).toEqual({ status: 404, code: 'application_not_found' });
    expect(err(await owner.post(hooks(other.application), { url: receiver.url('/x', 'hooks.example.test') }))).toEqual({ status: 404, code: 'application_not_found' });
    expect(err(await owner.get(`/console/api/organizations/${other.tenant}/applications/${other.application}/webhooks`))).toEqual({ status: 404, code: 'tenant_not_found' });
  });

  it('needs a session, and the CSRF token for a change', async () => {
    expect(err(await s.app.inject({ method: 'GET', url: hooks() }))).toEqual({ status: 401, code: 'sign_in_required' });
    expect(err(await owner.send('POST', hooks(), { body: { url: receiver.url('/x', 'hooks.example.test') }, headers: { 'x-csrf-token': '' } }))).toEqual({ status: 403, code: 'csrf_token_invalid' });
  });

  it('refuses every change in a suspended organization with tenant_suspended; reading still works', async () => {
    const e = await addEndpoint();
    s.app.services.accounts.updateOrganization(s.boot.tenant, { status: 'suspended' });
    try {
      expect(err(await owner.post(hooks(), { url: receiver.url('/x', 'hooks.example.test') }))).toEqual({ status: 403, code: 'tenant_suspended' });
      expect(err(await owner.post(`${hooks()}/${e.id}/disable`))).toEqual({ status: 403, code: 'tenant_suspended' });
      expect((await owner.get(`${hooks()}/${e.id}`)).statusCode).toBe(200);
    } finally {
      s.app.services.accounts.updateOrganization(s.boot.tenant, { status: 'active' });
    }
  });
});

describe('roles', () => {
  it('lets a viewer read but change nothing (role_insufficient with the role needed)', async () => {
    const e = await addEndpoint();
    expect((await as.viewer!.get(hooks())).statusCode).toBe(200);
    const refused = await as.viewer!.post(hooks(), { url: receiver.url('/x', 'hooks.example.test') });
    expect(err(refused)).toEqual({ status: 403, code: 'role_insufficient' });
    expect(refused.json().error.details).toEqual({ role: 'viewer', needs: 'developer' });
    expect(err(await as.viewer!.patch(`${hooks()}/${e.id}`, { events: [] }))).toEqual({ status: 403, code: 'role_insufficient' });
    expect(err(await as.viewer!.delete(`${hooks()}/${e.id}`))).toEqual({ status: 403, code: 'role_insufficient' });
    for (const verb of ['rotate-secret', 'enable', 'disable', 'test']) expect(err(await as.viewer!.post(`${hooks()}/${e.id}/${verb}`))).toEqual({ status: 403, code: 'role_insufficient' });
    expect(receiver.received.filter((r) => r.path === e.path)).toEqual([]);
  });

  it('lets a developer manage the endpoints of a development application but not of a production one; an admin manages both', async () => {
    const dev = await addEndpoint(as.developer);
    expect(dev.secret).toMatch(/^svcwhsec_/);
    const refused = await as.developer!.post(hooks(prodApp.id), { url: receiver.url('/x', 'hooks.example.test') });
    expect(err(refused)).toEqual({ status: 403, code: 'role_insufficient' });
    expect(refused.json().error.details).toEqual({ role: 'developer', needs: 'admin' });
    const prod = await addEndpoint(as.admin, prodApp.id);
    expect((await as.developer!.get(`${hooks(prodApp.id)}/${prod.id}`)).statusCode).toBe(200);
    for (const verb of ['rotate-secret', 'disable', 'test']) expect(err(await as.developer!.post(`${hooks(prodApp.id)}/${prod.id}/${verb}`))).toEqual({ status: 403, code: 'role_insufficient' });
    expect(err(await as.developer!.delete(`${hooks(prodApp.id)}/${prod.id}`))).toEqual({ status: 403, code: 'role_insufficient' });
    expect((await as.admin!.post(`${hooks(prodApp.id)}/${prod.id}/rotate-secret`)).statusCode).toBe(200);
    // A production application's test event is livemode.
    expect((await as.admin!.post(`${hooks(prodApp.id)}/${prod.id}/test`)).json()).toMatchObject({ ok: true });
    const [got] = receiver.received.filter((r) => r.path === prod.path);
    expect(JSON.parse(got.raw.toString('utf8')).livemode).toBe(true);
  });
});

describe('a deployment that cannot encrypt secrets', () => {
  it('refuses adding an endpoint with encryption_unconfigured', async () => {
    const plain = await startTestServer({ env: { DOCEX_ENCRYPTION_KEY_AUTO: '0', WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }, webhooks: { resolver, ca: pki.caPem } });
    try {
      const c = await signIn(plain.app, plain.boot.console.email, plain.boot.console.password);
      const res = await c.post(`/console/api/organizations/${plain.boot.tenant}/applications/${plain.boot.application}/webhooks`, { url: receiver.url('/x', 'hooks.example.test') });
      expect(err(res)).toEqual({ status: 503, code: 'encryption_unconfigured' });
    } finally {
      await plain.close();
    }
  });
});
