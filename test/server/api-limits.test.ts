import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/src/admin/bootstrap.js';
import { CAPABILITIES } from '../../server/src/auth/capabilities.js';
import type { Environment } from '../../server/src/db/repos/accounts.js';
import { bearer, createKey, expectApiError, expectRateHeaders, expectRetryAfter, extractSlip, keyIdOf, me, mintToken, tokenFor, TRANSPORTS } from '../support/api-checks.js';
import { multipart, startTestServer, type TestServer } from '../support/server-harness.js';
import type { ApiResponse, Transport } from '../support/server-transport.js';

/**
 * Limits and account endpoints through the HTTP API (spec: Limits "Rate limits"; GET /v1/me;
 * GET /v1/usage; the service switch; unknown paths), once with `inject` and once over a real
 * socket.
 */

const RATE_LIMITED = { status: 429, type: 'rate_limit_error', code: 'rate_limited' } as const;
const INVALID_PARAMETERS = { status: 400, type: 'invalid_request_error', code: 'invalid_parameters' } as const;
const ME_FIELDS = ['application', 'application_name', 'credential', 'environment', 'kind', 'livemode', 'object', 'rate_limit_per_minute', 'scopes', 'tenant', 'token_expires_at'];
const today = () => new Date().toISOString().slice(0, 10);

describe.each(TRANSPORTS)('API limits and account endpoints ($name)', ({ connect }) => {
  let s: TestServer;
  let api: Transport;
  const usage = (credential: string, query = '') => api({ method: 'GET', url: `/v1/usage${query}`, headers: bearer(credential) });
  const session = (pk: string, headers: Record<string, string> = {}) => api({ method: 'POST', url: '/v1/client-sessions', headers: { ...bearer(pk), ...headers }, json: {} });
  /** An organization as `cli bootstrap` makes it, keys without a limit of their own. */
  const bootPlain = (environment: Environment) => bootstrap(s.app.services.accounts, s.config.organizationDefaults, { environment });

  beforeAll(async () => {
    s = await startTestServer();
    api = await connect(s.app);
  });
  afterAll(async () => s.close());

  describe('rate-limit headers', () => {
    it('are on every response to a valid credential, errors included', async () => {
      const key = createKey(s.app, s.boot.application, { kind: 'secret', rate_limit_per_minute: 1000 });
      const token = await tokenFor(api, key.key);
      const responses: [string, ApiResponse][] = [
        ['me', await me(api, key.key)],
        ['token me', await me(api, token)],
        ['404 extraction', await api({ method: 'GET', url: '/v1/extractions/svc_req_doesnotexist00000000', headers: bearer(key.key) })],
        ['404 extraction by token', await api({ method: 'GET', url: '/v1/extractions/svc_req_doesnotexist00000000', headers: bearer(token) })],
        ['400 usage', await usage(key.key, '?days=0')],
        ['400 ttl', await mintToken(api, key.key, { ttl_seconds: 1 })],
        ['403 scope', await mintToken(api, key.key, { scopes: ['usage.read'] })],
        ['400 no document', await api({ method: 'POST', url: '/v1/extractions', headers: { ...bearer(key.key), ...multipart({}).headers }, payload: multipart({}).payload })],
        ['201 token', await mintToken(api, key.key)],
        ['200 extraction', await extractSlip(api, token)],
        ['200 document types', await api({ method: 'GET', url: '/v1/document-types', headers: bearer(key.key) })],
      ];
      // One window for the key and its token: minting took the first request, each of these one more.
      responses.forEach(([what, res], i) => {
        expect(res.status, what).not.toBe(429);
        expect(expectRateHeaders(res, 1000).remaining, what).toBe(998 - i);
      });
      expect(responses[2][1].body.error.code).toBe('extraction_not_found');
      const forbidden = await usage(createKey(s.app, s.boot.application, { kind: 'secret', scopes: ['documents.extract'] }).key);
      expect(forbidden.status).toBe(403);
      expectRateHeaders(forbidden);
      const pk = createKey(s.app, s.boot.application, { kind: 'publishable', rate_limit_per_minute: 50 });
      const opened = await session(pk.key);
      expect(opened.status).toBe(201);
      expect(expectRateHeaders(opened, 50).remaining).toBe(49);
    });

    it('are readable by cross-origin pages (Access-Control-Expose-Headers)', async () => {
      const origin = 'https://pages.example.com';
      const exposed = (res: ApiResponse) => (res.headers['access-control-expose-headers'] ?? '').toLowerCase().split(/\s*,\s*/);
      const ok = await me(api, s.boot.secret_key, { origin });
      expect(ok.status).toBe(200);
      expect(ok.headers['access-control-allow-origin']).toBe(origin);
      for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'x-request-id']) expect(exposed(ok)).toContain(h);
      expectRateHeaders(ok);

      const missing = await api({ method: 'GET', url: '/v1/extractions/svc_req_doesnotexist00000000', headers: { ...bearer(s.boot.secret_key), origin } });
      expect(missing.status).toBe(404);
      expect(exposed(missing)).toContain('x-ratelimit-remaining');

      const tight = createKey(s.app, s.boot.application, { kind: 'secret', rate_limit_per_minute: 1 });
      expect((await me(api, tight.key, { origin })).status).toBe(200);
      const limited = await me(api, tight.key, { origin });
      expectApiError(limited, RATE_LIMITED, [tight.key]);
      expect(exposed(limited)).toEqual(expect.arrayContaining(['retry-after', 'x-ratelimit-limit']));
      expect(limited.headers['access-control-allow-origin']).toBe(origin);

      // Without Origin it is not a CORS request: no CORS headers, the rate headers all the same.
      const plain = await me(api, s.boot.secret_key);
      expect(Object.keys(plain.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expectRateHeaders(plain);
    });

    it('a preflight allows the credential headers', async () => {
      const res = await api({
        method: 'OPTIONS',
        url: '/v1/client-sessions',
        headers: { origin: 'https://pages.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-service-key,x-service-bundle-id,content-type' },
      });
      expect(res.status).toBeLessThan(300);
      const allowed = (res.headers['access-control-allow-headers'] ?? '').toLowerCase();
      for (const h of ['authorization', 'x-service-key', 'x-service-bundle-id', 'content-type']) expect(allowed).toContain(h);
    });
  });

  describe('limits per credential', () => {
    it('bootstrap without a rate limit gives test keys the default 30 a minute; the 31st request is 429', async () => {
      const r = bootPlain('development');
      expect(r.secret_key).toMatch(/^svc_test_/);
      const first = await me(api, r.secret_key);
      expect(first.body.rate_limit_per_minute).toBe(30);
      expect(expectRateHeaders(first, 30)).toMatchObject({ remaining: 29 });
      for (let i = 2; i <= 30; i++) {
        const res = await me(api, r.secret_key);
        expect(res.status, `request ${i}`).toBe(200);
        expect(expectRateHeaders(res, 30).remaining).toBe(30 - i);
      }
      const refused = await me(api, r.secret_key);
      expectApiError(refused, RATE_LIMITED, [r.secret_key]);
      const h = expectRateHeaders(refused, 30);
      expect(h.remaining).toBe(0);
      expect(expectRetryAfter(refused)).toBe(h.reset);
      // Still refused, and the other key of the application has its own window.
      expectApiError(await usage(r.secret_key), RATE_LIMITED, [r.secret_key]);
      const pkSession = await session(r.publishable_key);
      expect(pkSession.status).toBe(201);
      expect(expectRateHeaders(pkSession, 30).remaining).toBe(29);
    });

    it('a key of a test application also defaults to 30', async () => {
      const r = bootPlain('test');
      const res = await me(api, r.secret_key);
      expect(res.body).toMatchObject({ environment: 'test', livemode: false, rate_limit_per_minute: 30 });
      expectRateHeaders(res, 30);
    });

    it('live keys default to 120 a minute', async () => {
      const r = bootPlain('production');
      expect(r.secret_key).toMatch(/^svc_live_/);
      expect(r.publishable_key).toMatch(/^svc_pk_live_/);
      const res = await me(api, r.secret_key);
      expect(res.body).toMatchObject({ environment: 'production', livemode: true, rate_limit_per_minute: 120 });
      expectRateHeaders(res, 120);
      expectRateHeaders(await session(r.publishable_key), 120);
      // The harness's own bootstrap gives its keys 100000.
      const harness = s.bootAnother('production');
      expectRateHeaders(await me(api, harness.secret_key), 100_000);
      const own = createKey(s.app, harness.application, { kind: 'secret' });
      expectRateHeaders(await me(api, own.key), 120);
    });

    it("a key's own rate_limit_per_minute overrides the default", async () => {
      const r = bootPlain('production');
      const key = createKey(s.app, r.application, { kind: 'secret', rate_limit_per_minute: 5 });
      for (let i = 1; i <= 5; i++) {
        const res = await me(api, key.key);
        expect(res.status).toBe(200);
        expect(res.body.rate_limit_per_minute).toBe(5);
        expect(expectRateHeaders(res, 5).remaining).toBe(5 - i);
      }
      expectApiError(await me(api, key.key), RATE_LIMITED, [key.key]);
      // Another key of the same application is not affected.
      expect((await me(api, r.secret_key)).status).toBe(200);
      const generous = createKey(s.app, r.application, { kind: 'secret', rate_limit_per_minute: 100_000 });
      expectRateHeaders(await me(api, generous.key), 100_000);
    });

    it('client tokens count against the key that minted them', async () => {
      const key = createKey(s.app, s.boot.application, { kind: 'secret', rate_limit_per_minute: 6 });
      const minted = await mintToken(api, key.key);
      expect(expectRateHeaders(minted, 6).remaining).toBe(5);
      const token = minted.body.token as string;
      expect(expectRateHeaders(await me(api, token), 6).remaining).toBe(4);
      expect(expectRateHeaders(await me(api, key.key), 6).remaining).toBe(3);
      const second = await mintToken(api, key.key);
      expect(expectRateHeaders(second, 6).remaining).toBe(2);
      expect(expectRateHeaders(await me(api, second.body.token), 6).remaining).toBe(1);
      expect((await me(api, token)).body.rate_limit_per_minute).toBe(6);
      for (const credential of [token, second.body.token, key.key]) {
        const res = await me(api, credential);
        expectApiError(res, RATE_LIMITED, [credential]);
        expect(expectRateHeaders(res, 6).remaining).toBe(0);
      }
      expectApiError(await extractSlip(api, token), RATE_LIMITED, [token]);
    });

    it('session tokens count against their publishable key', async () => {
      const pk = createKey(s.app, s.boot.application, { kind: 'publishable', rate_limit_per_minute: 3 });
      const opened = await session(pk.key);
      expect(opened.status).toBe(201);
      const token = opened.body.token as string;
      expect(expectRateHeaders(await me(api, token), 3).remaining).toBe(1);
      expect(expectRateHeaders(await me(api, token), 3).remaining).toBe(0);
      expectApiError(await me(api, token), RATE_LIMITED, [token]);
      expectApiError(await session(pk.key), RATE_LIMITED, [pk.key]);
    });
  });

  describe('GET /v1/me', () => {
    it('describes the calling secret key', async () => {
      const res = await me(api, s.boot.secret_key);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(ME_FIELDS);
      expect(res.body).toEqual({
        object: 'credential_context',
        tenant: s.boot.tenant,
        application: s.boot.application,
        application_name: 'development application',
        environment: 'development',
        livemode: false,
        kind: 'secret',
        credential: keyIdOf(s.app, s.boot.secret_key),
        scopes: [...CAPABILITIES],
        rate_limit_per_minute: 100_000,
        token_expires_at: null,
      });
      expect(res.body.tenant).toMatch(/^tnt_/);
      expect(res.body.application).toMatch(/^app_/);
      expect(res.body.credential).toMatch(/^key_/);
    });

    it('describes a client token of a live key', async () => {
      const r = s.bootAnother('production');
      const minted = await mintToken(api, r.secret_key, { ttl_seconds: 120 });
      const res = await me(api, minted.body.token);
      expect(Object.keys(res.body).sort()).toEqual(ME_FIELDS);
      expect(res.body).toMatchObject({ tenant: r.tenant, application: r.application, application_name: 'production application', environment: 'production', livemode: true, kind: 'client_token', credential: keyIdOf(s.app, r.secret_key), token_expires_at: minted.body.expires_at });
    });

    it('refuses a publishable key', async () => {
      expectApiError(await me(api, s.boot.publishable_key), { status: 403, type: 'permission_error', code: 'publishable_key_not_allowed' }, [s.boot.publishable_key]);
    });
  });

  describe('GET /v1/usage', () => {
    it('takes days from 1 to 90 (default 30); outside is 400 invalid_parameters', async () => {
      for (const [query, days] of [['', 30], ['?days=1', 1], ['?days=90', 90], ['?days=7', 7]] as const) {
        const res = await usage(s.boot.secret_key, query);
        expect(res.status, query).toBe(200);
        expect(res.body.days).toBe(days);
        const from = new Date(res.body.from);
        const start = new Date(`${today()}T00:00:00.000Z`);
        expect(from.getTime()).toBe(start.getTime() - (days - 1) * 86_400_000);
      }
      for (const query of ['?days=0', '?days=91', '?days=-1', '?days=abc', '?days=1.5', '?days=']) {
        const res = await usage(s.boot.secret_key, query);
        expectApiError(res, INVALID_PARAMETERS, [s.boot.secret_key]);
        expect(res.body.error.details.errors).toEqual(expect.arrayContaining([expect.objectContaining({ param: 'days' })]));
      }
    });

    it("counts the application's requests, documents, pages and errors, by day, and the organization's documents this month", async () => {
      const r = s.bootAnother();
      const empty = await usage(r.secret_key, '?days=1');
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ object: 'usage', application: r.application, days: 1, requests: 0, documents: 0, pages: 0, errors: 0, error_rate: 0, daily: [], organization: { documents_this_month: 0, monthly_quota: null } });

      const created: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await extractSlip(api, r.secret_key);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        created.push(res.body.id);
      }
      expect((await api({ method: 'GET', url: `/v1/extractions/${created[0]}`, headers: bearer(r.secret_key) })).status).toBe(200);
      expect((await api({ method: 'GET', url: '/v1/extractions/svc_req_doesnotexist00000000', headers: bearer(r.secret_key) })).status).toBe(404);
      // Requests without a valid credential belong to no application.
      expect((await me(api, `svc_test_${'x'.repeat(32)}`)).status).toBe(401);

      const res = await usage(r.secret_key, '?days=1');
      expect(res.status).toBe(200);
      // The first usage call, 3 extractions, one read, one 404.
      expect(res.body).toMatchObject({ requests: 6, documents: 3, pages: 3, errors: 1, error_rate: Math.round((1 / 6) * 10_000) / 10_000 });
      expect(res.body.daily).toEqual([{ date: today(), requests: 6, documents: 3, pages: 3, errors: 1 }]);
      expect(res.body.organization).toEqual({ documents_this_month: 3, monthly_quota: null });
      const { p50, p95, p99 } = res.body.latency_ms;
      expect(p50).toBeGreaterThanOrEqual(0);
      expect(p95).toBeGreaterThanOrEqual(p50);
      expect(p99).toBeGreaterThanOrEqual(p95);
      expect(Date.parse(res.body.to)).toBeLessThanOrEqual(Date.now());

      // Other organizations see none of it.
      const other = await usage(s.bootAnother().secret_key);
      expect(other.body).toMatchObject({ requests: 0, documents: 0, organization: { documents_this_month: 0 } });
    });

    it('counts client-token requests with their application; an idempotent replay is no new document', async () => {
      const r = s.bootAnother();
      const token = await tokenFor(api, r.secret_key);
      const form = () => multipart({ client_ocr: JSON.stringify({ width: 1000, height: 1000, lines: [{ text: 'TOTAL USD 9.99', bounding_box: { x: 0.1, y: 0.5, width: 0.5, height: 0.03 } }] }) });
      const first = form();
      const once = await api({ method: 'POST', url: '/v1/extractions', headers: { ...first.headers, ...bearer(token), 'idempotency-key': 'usage-replay-1' }, payload: first.payload });
      expect(once.status).toBe(200);
      const again = await api({ method: 'POST', url: '/v1/extractions', headers: { ...first.headers, ...bearer(token), 'idempotency-key': 'usage-replay-1' }, payload: first.payload });
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(once.body.id);
      expect((await extractSlip(api, token)).status).toBe(200);

      const res = await usage(r.secret_key);
      // Minting, two extractions and a replay.
      expect(res.body).toMatchObject({ requests: 4, documents: 2, pages: 2, errors: 0 });
      expect(res.body.organization.documents_this_month).toBe(2);
    });

    it("shows the organization's documents of every application, and only the caller's own figures", async () => {
      const r = s.bootAnother();
      const accounts = s.app.services.accounts;
      const second = accounts.createApplication({ organizationId: r.tenant, name: 'second', environment: 'development', capabilities: [...CAPABILITIES], defaultDocumentType: 'payment_receipt' });
      const secondKey = createKey(s.app, second.id, { kind: 'secret' });
      expect((await extractSlip(api, r.secret_key)).status).toBe(200);
      expect((await extractSlip(api, secondKey.key)).status).toBe(200);
      expect((await extractSlip(api, secondKey.key)).status).toBe(200);
      const mine = await usage(r.secret_key);
      expect(mine.body).toMatchObject({ application: r.application, requests: 1, documents: 1, organization: { documents_this_month: 3 } });
      const theirs = await usage(secondKey.key);
      expect(theirs.body).toMatchObject({ application: second.id, requests: 2, documents: 2, organization: { documents_this_month: 3 } });
      // A request the extraction refuses is an error, not a document.
      const bad = multipart({});
      expect((await api({ method: 'POST', url: '/v1/extractions', headers: { ...bad.headers, ...bearer(r.secret_key) }, payload: bad.payload })).status).toBe(400);
      const after = await usage(r.secret_key);
      expect(after.body).toMatchObject({ requests: 3, documents: 1, errors: 1, organization: { documents_this_month: 3 } });
    });
  });

  describe('service switch and unknown paths', () => {
    it('answers 503 receviz_disabled while the public API is switched off, and serves again once on', async () => {
      const token = await tokenFor(api, s.boot.secret_key);
      const pk = createKey(s.app, s.boot.application, { kind: 'publishable' });
      s.app.services.accounts.putSetting('api_enabled', 'false');
      try {
        // Effective from the next request: the switch is read through the accounts version.
        const disabled = { status: 503, type: 'service_unavailable_error', code: 'receviz_disabled' } as const;
        expectApiError(await me(api, s.boot.secret_key), disabled, [s.boot.secret_key]);
        expectApiError(await me(api, token), disabled, [token]);
        expectApiError(await session(pk.key), disabled, [pk.key]);
        expectApiError(await extractSlip(api, s.boot.secret_key), disabled, [s.boot.secret_key]);
        expectApiError(await usage(s.boot.secret_key), disabled, [s.boot.secret_key]);
        expectApiError(await mintToken(api, s.boot.secret_key), disabled, [s.boot.secret_key]);
        expectApiError(await me(api, 'not-a-key'), disabled, ['not-a-key']);
      } finally {
        s.app.services.accounts.putSetting('api_enabled', 'true');
      }
      expect((await me(api, s.boot.secret_key)).status).toBe(200);
      expect((await me(api, token)).status).toBe(200);
      expect((await session(pk.key)).status).toBe(201);
    });

    it('answers 404 http_404 for an unknown path or method, with or without a credential', async () => {
      const notFound = { status: 404, type: 'not_found_error', code: 'http_404' } as const;
      for (const url of ['/v1/nope', '/v2/me', '/', '/v1/me/extra', '/v1/extractions']) {
        expectApiError(await api({ method: 'GET', url }), notFound);
        expectApiError(await api({ method: 'GET', url, headers: bearer(s.boot.secret_key) }), notFound, [s.boot.secret_key]);
      }
      expectApiError(await api({ method: 'POST', url: '/v1/me', headers: bearer(s.boot.secret_key), json: {} }), notFound, [s.boot.secret_key]);
      expectApiError(await api({ method: 'DELETE', url: '/v1/usage', headers: bearer(s.boot.secret_key) }), notFound, [s.boot.secret_key]);
    });
  });
});
