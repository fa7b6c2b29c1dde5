import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyAdmin } from '../../server/src/admin/key-admin.js';
import { CAPABILITIES, PUBLIC_CAPABILITIES, SERVER_ONLY_CAPABILITIES } from '../../server/src/auth/capabilities.js';
import { signToken } from '../../server/src/auth/client-token.js';
import type { Organization } from '../../server/src/db/repos/accounts.js';
import { bearer, createKey, expectApiError, expectNotEchoed, extractSlip, keyIdOf, me, mintToken, tokenFor, TRANSPORTS } from '../support/api-checks.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';
import type { ApiResponse, Transport } from '../support/server-transport.js';

/**
 * The spec's credential and access rules (Authentication; Errors "Credential and access codes"
 * and "Capability..." codes; POST /v1/client-tokens and /v1/client-sessions) through the HTTP
 * API, once with `inject` and once over a real socket.
 */

const E = {
  missing_credentials: { status: 401, type: 'authentication_error', code: 'missing_credentials' },
  invalid_credentials: { status: 401, type: 'authentication_error', code: 'invalid_credentials' },
  invalid_api_key: { status: 401, type: 'authentication_error', code: 'invalid_api_key' },
  api_key_revoked: { status: 401, type: 'authentication_error', code: 'api_key_revoked' },
  api_key_expired: { status: 401, type: 'authentication_error', code: 'api_key_expired' },
  invalid_token: { status: 401, type: 'authentication_error', code: 'invalid_token' },
  token_expired: { status: 401, type: 'authentication_error', code: 'token_expired' },
  publishable_key_not_allowed: { status: 403, type: 'permission_error', code: 'publishable_key_not_allowed' },
  publishable_key_required: { status: 403, type: 'permission_error', code: 'publishable_key_required' },
  secret_key_required: { status: 403, type: 'permission_error', code: 'secret_key_required' },
  ip_not_allowed: { status: 403, type: 'permission_error', code: 'ip_not_allowed' },
  origin_not_allowed: { status: 403, type: 'permission_error', code: 'origin_not_allowed' },
  tenant_suspended: { status: 403, type: 'permission_error', code: 'tenant_suspended' },
  tenant_closed: { status: 403, type: 'permission_error', code: 'tenant_closed' },
  application_disabled: { status: 403, type: 'permission_error', code: 'application_disabled' },
  missing_capability: { status: 403, type: 'permission_error', code: 'missing_capability' },
  scope_not_granted: { status: 403, type: 'permission_error', code: 'scope_not_granted' },
  document_type_not_allowed: { status: 403, type: 'permission_error', code: 'document_type_not_allowed' },
  invalid_ttl: { status: 400, type: 'invalid_request_error', code: 'invalid_ttl', param: 'ttl_seconds' },
  no_scopes: { status: 400, type: 'invalid_request_error', code: 'no_scopes' },
  invalid_parameters: { status: 400, type: 'invalid_request_error', code: 'invalid_parameters' },
  invalid_json: { status: 400, type: 'invalid_request_error', code: 'invalid_json' },
  // Spec: 404 elsewhere, but "on client-token and client-session creation it is 400 with param document_types".
  document_type_not_listed: { status: 400, type: 'invalid_request_error', code: 'document_type_not_found', param: 'document_types' },
} as const;

const without = (list: readonly string[], ...drop: string[]) => list.filter((c) => !drop.includes(c));
const random = (n = 32) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** An ISO timestamp about `seconds` from now, within a few seconds. */
const expectAbout = (iso: string, secondsFromNow: number) => {
  expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  expect(Math.abs(Date.parse(iso) - (Date.now() + secondsFromNow * 1000))).toBeLessThan(5000);
};

describe.each(TRANSPORTS)('API credentials and access ($name)', ({ connect }) => {
  let s: TestServer;
  let api: Transport;
  let admin: KeyAdmin;
  const sql = (statement: string, ...params: unknown[]) => s.app.services.db.prepare(statement).run(...params);
  const session = (pk: string, headers: Record<string, string> = {}, body?: unknown) =>
    api({ method: 'POST', url: '/v1/client-sessions', headers: { ...bearer(pk), ...headers }, ...(body === undefined ? {} : { json: body }) });
  const sessionToken = async (pk: string, headers: Record<string, string> = {}) => {
    const res = await session(pk, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.token as string;
  };
  const usage = (credential: string, query = '') => api({ method: 'GET', url: `/v1/usage${query}`, headers: bearer(credential) });

  beforeAll(async () => {
    s = await startTestServer();
    api = await connect(s.app);
    admin = new KeyAdmin(s.app.services.accounts);
  });
  afterAll(async () => s.close());

  describe('credential presence and prefix', () => {
    it('answers 401 missing_credentials without a credential, with a Bearer challenge', async () => {
      for (const url of ['/v1/me', '/v1/usage', '/v1/extractions/svc_req_x', '/v1/document-types']) {
        expectApiError(await api({ method: 'GET', url }), E.missing_credentials);
      }
      expectApiError(await api({ method: 'POST', url: '/v1/client-tokens', json: {} }), E.missing_credentials);
      expectApiError(await api({ method: 'POST', url: '/v1/client-sessions', json: {} }), E.missing_credentials);
      expectApiError(await api({ method: 'GET', url: '/v1/me', headers: { authorization: '' } }), E.missing_credentials);
    });

    it('answers 401 invalid_credentials for a string without a valid prefix', async () => {
      const bad = [`sk_test_${random()}`, `svc_xyz_${random()}`, `svc_${random()}`, `SVC_TEST_${random()}`, `svc_pk_${random()}`, 'svc_test_', 'svc_ct_', `pk_live_${random()}`];
      for (const credential of bad) {
        expectApiError(await me(api, credential), E.invalid_credentials, [credential]);
        expectApiError(await api({ method: 'GET', url: '/v1/me', headers: { 'x-service-key': credential } }), E.invalid_credentials, [credential]);
      }
    });

    it('answers 401 invalid_credentials for another Authorization scheme, even around a real key', async () => {
      const basic = Buffer.from(`user:${random()}`).toString('base64');
      expectApiError(await api({ method: 'GET', url: '/v1/me', headers: { authorization: `Basic ${basic}` } }), E.invalid_credentials, [basic]);
      const real = s.boot.secret_key;
      expectApiError(await api({ method: 'GET', url: '/v1/me', headers: { authorization: `Basic ${real}` } }), E.invalid_credentials, [real]);
      expectApiError(await api({ method: 'GET', url: '/v1/me', headers: { authorization: `Token ${real}` } }), E.invalid_credentials, [real]);
      expectApiError(await api({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${real} extra` } }), E.invalid_credentials, [real]);
    });

    it('answers 401 invalid_api_key for a well-formed key that matches nothing', async () => {
      for (const credential of [`svc_test_${random()}`, `svc_live_${random()}`, `${s.boot.secret_key}x`, s.boot.secret_key.slice(0, -1)]) {
        expectApiError(await me(api, credential), E.invalid_api_key, [credential]);
      }
      const pk = `svc_pk_test_${random()}`;
      expectApiError(await session(pk), E.invalid_api_key, [pk]);
      // The prefix is judged first: an unknown publishable-shaped key elsewhere is refused by kind.
      expectApiError(await me(api, pk), E.publishable_key_not_allowed, [pk]);
    });

    it("answers 401 invalid_api_key once the key's application or organization is gone; its tokens read invalid_token", async () => {
      const db = s.app.services.db;
      for (const gone of ['application', 'organization'] as const) {
        const r = s.bootAnother();
        const token = await tokenFor(api, r.secret_key);
        db.pragma('foreign_keys = OFF');
        try {
          if (gone === 'application') sql('DELETE FROM applications WHERE id = ?', r.application);
          else sql('DELETE FROM organizations WHERE id = ?', r.tenant);
        } finally {
          db.pragma('foreign_keys = ON');
        }
        expectApiError(await me(api, r.secret_key), E.invalid_api_key, [r.secret_key]);
        expectApiError(await session(r.publishable_key), E.invalid_api_key, [r.publishable_key]);
        expectApiError(await me(api, token), E.invalid_token, [token]);
      }
    });

    it('takes the credential from Authorization: Bearer (any case) or X-Service-Key', async () => {
      const key = s.boot.secret_key;
      const variants: Record<string, string>[] = [{ authorization: `Bearer ${key}` }, { authorization: `bearer ${key}` }, { authorization: `Bearer   ${key}  ` }, { 'x-service-key': key }];
      for (const headers of variants) {
        const res = await api({ method: 'GET', url: '/v1/me', headers });
        expect(res.status, JSON.stringify(headers)).toBe(200);
        expect(res.body.credential).toBe(keyIdOf(s.app, key));
      }
      const token = await tokenFor(api, key);
      const viaHeader = await api({ method: 'GET', url: '/v1/me', headers: { 'x-service-key': token } });
      expect(viaHeader.status).toBe(200);
      expect(viaHeader.body.kind).toBe('client_token');
      const sessionRes = await api({ method: 'POST', url: '/v1/client-sessions', headers: { 'x-service-key': s.boot.publishable_key }, json: {} });
      expect(sessionRes.status).toBe(201);
    });

    it('checks the credential before anything else of the request', async () => {
      expectApiError(await api({ method: 'GET', url: '/v1/usage?days=0' }), E.missing_credentials);
      const unknown = `svc_test_${random()}`;
      expectApiError(await mintToken(api, unknown, { ttl_seconds: 59, scopes: ['nope'] }), E.invalid_api_key, [unknown]);
      expectApiError(await api({ method: 'POST', url: '/v1/client-tokens', headers: { 'content-type': 'application/json' }, payload: Buffer.from('{not json') }), E.missing_credentials);
      expectApiError(await api({ method: 'POST', url: '/v1/extractions', headers: { ...bearer(unknown), 'content-type': 'text/plain' }, payload: Buffer.from('x') }), E.invalid_api_key, [unknown]);
      const pk = s.boot.publishable_key;
      expectApiError(await api({ method: 'GET', url: '/v1/usage?days=999', headers: bearer(pk) }), E.publishable_key_not_allowed, [pk]);
    });
  });

  describe('key state: revoked, rotated, expired', () => {
    it('answers 401 api_key_revoked for a revoked key and every client token it minted', async () => {
      const r = s.bootAnother();
      const secretId = keyIdOf(s.app, r.secret_key);
      const pkId = keyIdOf(s.app, r.publishable_key);
      const token = await tokenFor(api, r.secret_key);
      const fromSession = await sessionToken(r.publishable_key);
      expect((await me(api, token)).status).toBe(200);

      admin.revoke(r.application, secretId);
      expectApiError(await me(api, r.secret_key), E.api_key_revoked, [r.secret_key]);
      expectApiError(await me(api, token), E.api_key_revoked, [token]);
      expectApiError(await extractSlip(api, token), E.api_key_revoked, [token]);
      expectApiError(await mintToken(api, r.secret_key), E.api_key_revoked, [r.secret_key]);
      // The publishable key of the same application is untouched until it is revoked too.
      expect((await me(api, fromSession)).status).toBe(200);
      admin.revoke(r.application, pkId);
      expectApiError(await session(r.publishable_key), E.api_key_revoked, [r.publishable_key]);
      expectApiError(await me(api, fromSession), E.api_key_revoked, [fromSession]);
      // Keys of other organizations are untouched.
      expect((await me(api, s.boot.secret_key)).status).toBe(200);
    });

    it('rotation with 0 hours of grace revokes the old key at once; the new key takes over', async () => {
      const r = s.bootAnother();
      const oldId = keyIdOf(s.app, r.secret_key);
      const token = await tokenFor(api, r.secret_key);
      const rotated = admin.rotate(r.application, oldId, 0);
      expect(rotated.key).toMatch(/^svc_test_/);
      expectApiError(await me(api, r.secret_key), E.api_key_revoked, [r.secret_key]);
      expectApiError(await me(api, token), E.api_key_revoked, [token]);
      const res = await me(api, rotated.key);
      expect(res.status).toBe(200);
      expect(res.body.credential).toBe(rotated.record.id);
      expect(res.body.scopes).toEqual([...CAPABILITIES]);
      expect(res.body.rate_limit_per_minute).toBe(100_000);
      expect(rotated.record.name).toBe(rotated.old.name);
      expect(rotated.old.replaced_by).toBe(rotated.record.id);
    });

    it('rotation with grace keeps the old key working until the grace ends, then api_key_expired', async () => {
      const r = s.bootAnother();
      const oldId = keyIdOf(s.app, r.secret_key);
      const rotated = admin.rotate(r.application, oldId, 24);
      expectAbout(rotated.old.expires_at!, 24 * 3600);
      expect(rotated.old.revoked_at).toBeNull();
      const old = await me(api, r.secret_key);
      expect(old.status).toBe(200);
      expect(old.body.credential).toBe(oldId);
      const token = await tokenFor(api, r.secret_key);
      const fresh = await me(api, rotated.key);
      expect(fresh.status).toBe(200);
      expect(fresh.body.credential).toBe(rotated.record.id);
      expect(fresh.body.scopes).toEqual(old.body.scopes);

      // The grace ends.
      sql('UPDATE api_keys SET expires_at = ? WHERE id = ?', new Date(Date.now() - 1000).toISOString(), oldId);
      expectApiError(await me(api, r.secret_key), E.api_key_expired, [r.secret_key]);
      expectApiError(await me(api, token), E.api_key_expired, [token]);
      expectApiError(await mintToken(api, r.secret_key), E.api_key_expired, [r.secret_key]);
      expect((await me(api, rotated.key)).status).toBe(200);
    });

    it('rotation keeps an earlier expiry, the restrictions and limits; rotating an inactive key is refused', async () => {
      const r = s.bootAnother();
      const made = createKey(s.app, r.application, { kind: 'secret', name: 'ci', scopes: ['documents.extract', 'usage.read'], rate_limit_per_minute: 77, allowed_ips: ['127.0.0.1', '::1'], expires_in_days: 30 });
      const soon = new Date(Date.now() + 3600_000).toISOString();
      sql('UPDATE api_keys SET expires_at = ? WHERE id = ?', soon, made.id);
      const rotated = admin.rotate(r.application, made.id, 48);
      expect(rotated.old.expires_at).toBe(soon);
      expect(rotated.record).toMatchObject({ name: 'ci', capabilities: ['documents.extract', 'usage.read'], rate_limit_per_minute: 77, allowed_ips: ['127.0.0.1', '::1'] });
      const res = await me(api, rotated.key);
      expect(res.status).toBe(200);
      expect(res.body.scopes).toEqual(['documents.extract', 'usage.read']);
      expect(res.body.rate_limit_per_minute).toBe(77);
      expect((await me(api, made.key)).status).toBe(200);

      admin.revoke(r.application, made.id);
      expect(() => admin.rotate(r.application, made.id, 24)).toThrow(expect.objectContaining({ code: 'credential_inactive' }));
    });

    it('answers 401 api_key_expired once a key passes its expiry date, for the key and its tokens', async () => {
      const r = s.bootAnother();
      const made = createKey(s.app, r.application, { kind: 'secret', expires_in_days: 1 });
      const pk = createKey(s.app, r.application, { kind: 'publishable', expires_in_days: 1 });
      expect((await me(api, made.key)).status).toBe(200);
      const token = await tokenFor(api, made.key);
      const fromSession = await sessionToken(pk.key);
      const past = new Date(Date.now() - 60_000).toISOString();
      sql('UPDATE api_keys SET expires_at = ? WHERE id = ?', past, made.id);
      sql('UPDATE api_keys SET expires_at = ? WHERE id = ?', past, pk.id);
      expectApiError(await me(api, made.key), E.api_key_expired, [made.key]);
      expectApiError(await me(api, token), E.api_key_expired, [token]);
      expectApiError(await session(pk.key), E.api_key_expired, [pk.key]);
      expectApiError(await me(api, fromSession), E.api_key_expired, [fromSession]);
      // Revocation is reported before expiry.
      admin.revoke(r.application, made.id);
      expectApiError(await me(api, made.key), E.api_key_revoked, [made.key]);
    });
  });

  describe('client tokens: malformed, forged, expired', () => {
    const claims = (keyId: string, application: string, expiresIn = 600) => ({
      key: keyId,
      application,
      scopes: ['documents.extract'],
      document_types: [],
      issued_at: nowSeconds() - 10,
      expires_at: nowSeconds() + expiresIn,
    });

    it('a token signed with the server secret is accepted (the forgery checks below start from it)', async () => {
      const token = signToken(claims(keyIdOf(s.app, s.boot.secret_key), s.boot.application), s.app.services.tokenSecret);
      const res = await me(api, token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: 'client_token', scopes: ['documents.extract'] });
    });

    it('answers 401 invalid_token for garbage, a bad signature or a token signed with another secret', async () => {
      const good = await tokenFor(api, s.boot.secret_key);
      const [body, sig] = good.slice('svc_ct_'.length).split('.');
      const flip = (c: string) => (c === 'A' ? 'B' : 'A');
      const forgedClaims = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), scopes: [...CAPABILITIES] })).toString('base64url');
      const bad = [
        `svc_ct_${random(40)}`,
        'svc_ct_garbage',
        'svc_ct_a.b',
        'svc_ct_.',
        `svc_ct_${body}`,
        `svc_ct_${body}.`,
        `svc_ct_${body}.${sig.slice(0, -1)}${flip(sig.slice(-1))}`,
        `svc_ct_${body}.${sig}.${sig}`,
        `svc_ct_${body.slice(0, -1)}${flip(body.slice(-1))}.${sig}`,
        `svc_ct_${forgedClaims}.${sig}`,
        signToken(claims(keyIdOf(s.app, s.boot.secret_key), s.boot.application), randomBytes(32)),
        // Signed properly but not a token's claims.
        `svc_ct_${Buffer.from('"x"').toString('base64url')}`,
      ];
      for (const token of bad) expectApiError(await me(api, token), E.invalid_token, [token]);
      expect((await me(api, good)).status).toBe(200);
    });

    it('answers 401 invalid_token for a token of an unknown key or with claims missing', async () => {
      const secret = s.app.services.tokenSecret;
      const unknownKey = signToken(claims(`key_${random(24)}`, s.boot.application), secret);
      expectApiError(await me(api, unknownKey), E.invalid_token, [unknownKey]);
      const partial = signToken({ ...claims(keyIdOf(s.app, s.boot.secret_key), s.boot.application), scopes: 'documents.extract' as unknown as string[] }, secret);
      expectApiError(await me(api, partial), E.invalid_token, [partial]);
    });

    it("answers 401 invalid_token once the token no longer matches its key's application", async () => {
      const a = s.bootAnother();
      const b = s.bootAnother();
      const keyId = keyIdOf(s.app, a.secret_key);
      const token = await tokenFor(api, a.secret_key);
      // A token claiming another application than its key's.
      const crossed = signToken(claims(keyId, b.application), s.app.services.tokenSecret);
      expectApiError(await me(api, crossed), E.invalid_token, [crossed]);
      // The key moves to another application: its earlier tokens stop.
      sql('UPDATE api_keys SET application_id = ? WHERE id = ?', b.application, keyId);
      expectApiError(await me(api, token), E.invalid_token, [token]);
      const moved = await me(api, a.secret_key);
      expect(moved.status).toBe(200);
      expect(moved.body.application).toBe(b.application);
    });

    it('answers 401 token_expired for a token past its expires_at', async () => {
      const keyId = keyIdOf(s.app, s.boot.secret_key);
      for (const expiresIn of [-1, -3600]) {
        const token = signToken(claims(keyId, s.boot.application, expiresIn), s.app.services.tokenSecret);
        expectApiError(await me(api, token), E.token_expired, [token]);
        expectApiError(await extractSlip(api, token), E.token_expired, [token]);
      }
      // Expiry is judged before the key: an expired token of a revoked key reads token_expired.
      const r = s.bootAnother();
      const rId = keyIdOf(s.app, r.secret_key);
      admin.revoke(r.application, rId);
      const stale = signToken(claims(rId, r.application, -5), s.app.services.tokenSecret);
      expectApiError(await me(api, stale), E.token_expired, [stale]);
    });
  });

  describe('credential kind per endpoint', () => {
    it('refuses a publishable key everywhere but POST /v1/client-sessions (403 publishable_key_not_allowed)', async () => {
      const pk = s.boot.publishable_key;
      const requests = [
        { method: 'GET' as const, url: '/v1/me' },
        { method: 'GET' as const, url: '/v1/usage' },
        { method: 'GET' as const, url: '/v1/document-types' },
        { method: 'GET' as const, url: '/v1/extractions/svc_req_abc' },
        { method: 'POST' as const, url: '/v1/client-tokens', json: {} },
        { method: 'POST' as const, url: '/v1/document-types', json: { key: 'pk_probe', template: 'payment_receipt' } },
      ];
      for (const req of requests) expectApiError(await api({ ...req, headers: bearer(pk) }), E.publishable_key_not_allowed, [pk]);
      expectApiError(await extractSlip(api, pk), E.publishable_key_not_allowed, [pk]);
      expectApiError(await api({ method: 'GET', url: '/v1/me', headers: { 'x-service-key': pk } }), E.publishable_key_not_allowed, [pk]);
    });

    it('refuses a secret key or a client token on POST /v1/client-sessions (403 publishable_key_required)', async () => {
      const token = await tokenFor(api, s.boot.secret_key);
      const fromSession = await sessionToken(s.boot.publishable_key);
      for (const credential of [s.boot.secret_key, token, fromSession]) expectApiError(await session(credential, {}, {}), E.publishable_key_required, [credential]);
    });

    it('refuses a client token on POST /v1/client-tokens and POST /v1/document-types (403 secret_key_required)', async () => {
      const token = await tokenFor(api, s.boot.secret_key);
      const fromSession = await sessionToken(s.boot.publishable_key);
      for (const credential of [token, fromSession]) {
        expectApiError(await mintToken(api, credential), E.secret_key_required, [credential]);
        expectApiError(await mintToken(api, credential, { ttl_seconds: 1 }), E.secret_key_required, [credential]);
        expectApiError(await api({ method: 'POST', url: '/v1/document-types', headers: bearer(credential), json: { key: 'token_probe', template: 'payment_receipt' } }), E.secret_key_required, [credential]);
      }
      const bySecret = await api({ method: 'POST', url: '/v1/document-types', headers: bearer(s.boot.secret_key), json: { key: 'secret_probe', template: 'payment_receipt' } });
      expect(bySecret.status, JSON.stringify(bySecret.body)).toBe(201);
      // A token may still read what its scopes allow.
      expect((await api({ method: 'GET', url: '/v1/document-types', headers: bearer(token) })).status).toBe(200);
    });
  });

  describe('IP restrictions', () => {
    it('answers 403 ip_not_allowed when the source is outside the list, and allows it inside', async () => {
      const outside = createKey(s.app, s.boot.application, { kind: 'secret', allowed_ips: ['10.0.0.0/8'] });
      const res = await me(api, outside.key);
      expectApiError(res, E.ip_not_allowed, [outside.key]);
      expect(res.headers['www-authenticate']).toBeUndefined();
      expectApiError(await mintToken(api, outside.key), E.ip_not_allowed, [outside.key]);
      for (const list of [['127.0.0.1'], ['127.0.0.0/8', '::1'], ['::ffff:127.0.0.1'], ['192.0.2.1', '127.0.0.1/32']]) {
        const inside = createKey(s.app, s.boot.application, { kind: 'secret', allowed_ips: list });
        expect((await me(api, inside.key)).status, list.join()).toBe(200);
      }
    });

    it('judges the peer address (inject from 10.20.30.40)', async () => {
      const ten = createKey(s.app, s.boot.application, { kind: 'secret', allowed_ips: ['10.0.0.0/8'] });
      const loop = createKey(s.app, s.boot.application, { kind: 'secret', allowed_ips: ['127.0.0.1'] });
      const from10 = (key: string) => s.app.inject({ method: 'GET', url: '/v1/me', remoteAddress: '10.20.30.40', headers: bearer(key) });
      expect((await from10(ten.key)).statusCode).toBe(200);
      const refused = await from10(loop.key);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('ip_not_allowed');
      // A forwarded-for header does not change the peer.
      const spoofed = await me(api, ten.key, { 'x-forwarded-for': '10.1.1.1' });
      expectApiError(spoofed, E.ip_not_allowed, [ten.key]);
    });

    it("does not apply a key's IP list to its client tokens", async () => {
      const made = createKey(s.app, s.boot.application, { kind: 'secret', allowed_ips: ['127.0.0.1', '::1'] });
      const token = await tokenFor(api, made.key);
      sql('UPDATE api_keys SET allowed_ips = ? WHERE id = ?', JSON.stringify(['10.0.0.0/8']), made.id);
      expectApiError(await me(api, made.key), E.ip_not_allowed, [made.key]);
      const viaToken = await me(api, token);
      expect(viaToken.status).toBe(200);
      expect(viaToken.body.credential).toBe(made.id);
    });
  });

  describe('origin and bundle restrictions of a publishable key', () => {
    let restricted: { key: string; id: string };
    beforeAll(() => {
      restricted = createKey(s.app, s.boot.application, {
        kind: 'publishable',
        rate_limit_per_minute: 1000,
        allowed_origins: ['https://shop.example.com', 'https://*.example.org', 'http://localhost:3000'],
        allowed_bundle_ids: ['com.example.app'],
      });
    });
    const refused = async (headers: Record<string, string>) => {
      const res = await session(restricted.key, headers, {});
      expectApiError(res, E.origin_not_allowed, [restricted.key]);
      // The refused origin or bundle id is not repeated in the body (CORS may reflect the Origin header).
      for (const v of Object.values(headers)) expect(JSON.stringify(res.body)).not.toContain(v);
    };
    const allowed = async (headers: Record<string, string>) => {
      const res = await session(restricted.key, headers, {});
      expect(res.status, `${JSON.stringify(headers)}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.token).toMatch(/^svc_ct_/);
    };

    it('answers 403 origin_not_allowed without an Origin or bundle id', async () => {
      await refused({});
    });

    it('accepts an exact origin and refuses another host, scheme or port', async () => {
      await allowed({ origin: 'https://shop.example.com' });
      await allowed({ origin: 'http://localhost:3000' });
      await refused({ origin: 'https://other.example.com' });
      await refused({ origin: 'https://evil-shop.example.com' });
      await refused({ origin: 'http://shop.example.com' });
      await refused({ origin: 'https://shop.example.com:8443' });
      await refused({ origin: 'http://localhost:3001' });
      await refused({ origin: 'https://shop.example.com.evil.net' });
      await refused({ origin: 'null' });
    });

    it('accepts https://*.example.org for the host and every subdomain, same scheme and port', async () => {
      await allowed({ origin: 'https://a.example.org' });
      await allowed({ origin: 'https://deep.a.example.org' });
      await allowed({ origin: 'https://example.org' });
      await refused({ origin: 'https://badexample.org' });
      await refused({ origin: 'http://a.example.org' });
      await refused({ origin: 'https://a.example.org:444' });
      await refused({ origin: 'https://example.org.evil.net' });
    });

    it('accepts a listed X-Service-Bundle-Id (exact, case-sensitive); either check passing is enough', async () => {
      await allowed({ 'x-service-bundle-id': 'com.example.app' });
      await refused({ 'x-service-bundle-id': 'com.example.App' });
      await refused({ 'x-service-bundle-id': 'com.example.other' });
      await refused({ 'x-service-bundle-id': 'com.example' });
      await allowed({ origin: 'https://nope.example.net', 'x-service-bundle-id': 'com.example.app' });
      await allowed({ origin: 'https://shop.example.com', 'x-service-bundle-id': 'com.other.app' });
    });

    it('does not restrict a publishable key without lists', async () => {
      const open = createKey(s.app, s.boot.application, { kind: 'publishable' });
      const variants: Record<string, string>[] = [{}, { origin: 'https://anything.example.net' }, { 'x-service-bundle-id': 'com.whatever.app' }];
      for (const headers of variants) {
        expect((await session(open.key, headers, {})).status).toBe(201);
      }
    });
  });

  describe('organization and application state', () => {
    /** A fresh organization with a secret key, a publishable key and a token of each. */
    const setup = async () => {
      const r = s.bootAnother();
      const token = await tokenFor(api, r.secret_key);
      const fromSession = await sessionToken(r.publishable_key);
      const everyCredential = async (expected: (typeof E)[keyof typeof E] | 'ok') => {
        const results: [string, ApiResponse][] = [
          [r.secret_key, await me(api, r.secret_key)],
          [token, await me(api, token)],
          [fromSession, await me(api, fromSession)],
          [r.publishable_key, await session(r.publishable_key, {}, {})],
          [token, await extractSlip(api, token)],
        ];
        for (const [credential, res] of results) {
          if (expected === 'ok') expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
          else expectApiError(res, expected, [credential]);
        }
      };
      return { r, everyCredential };
    };
    const setOrg = (id: string, status: Organization['status']) => s.app.services.accounts.updateOrganization(id, { status });

    it('answers 403 tenant_suspended for every key and token of a suspended organization; back when active', async () => {
      const { r, everyCredential } = await setup();
      setOrg(r.tenant, 'suspended');
      await everyCredential(E.tenant_suspended);
      expect((await me(api, s.boot.secret_key)).status).toBe(200);
      setOrg(r.tenant, 'active');
      await everyCredential('ok');
    });

    it('answers 403 tenant_closed for an organization scheduled for deletion', async () => {
      const { r, everyCredential } = await setup();
      setOrg(r.tenant, 'closed');
      await everyCredential(E.tenant_closed);
      setOrg(r.tenant, 'active');
      await everyCredential('ok');
    });

    it('answers 403 application_disabled for a disabled or archived application', async () => {
      const { r, everyCredential } = await setup();
      for (const status of ['disabled', 'archived'] as const) {
        s.app.services.accounts.updateApplication(r.application, { status });
        await everyCredential(E.application_disabled);
      }
      s.app.services.accounts.updateApplication(r.application, { status: 'active' });
      await everyCredential('ok');
    });
  });

  describe('capabilities through every layer', () => {
    it('GET /v1/me shows every capability for the bootstrap secret key, in the spec order', async () => {
      const res = await me(api, s.boot.secret_key);
      expect(res.body.scopes).toEqual([...CAPABILITIES]);
    });

    it('removing usage.read from the organization refuses GET /v1/usage for a key that holds it', async () => {
      const r = s.bootAnother();
      const keyId = keyIdOf(s.app, r.secret_key);
      expect((await usage(r.secret_key)).status).toBe(200);
      s.app.services.accounts.updateOrganization(r.tenant, { capabilities: without(CAPABILITIES, 'usage.read') });
      expect(s.app.services.accounts.keyContextById(keyId)!.key.capabilities).toContain('usage.read');
      const res = await usage(r.secret_key);
      expectApiError(res, E.missing_capability, [r.secret_key]);
      expect(res.body.error.details.missing).toEqual(['usage.read']);
      expect((await me(api, r.secret_key)).body.scopes).toEqual(without(CAPABILITIES, 'usage.read'));
      s.app.services.accounts.updateOrganization(r.tenant, { capabilities: [...CAPABILITIES] });
      expect((await usage(r.secret_key)).status).toBe(200);
    });

    it('removing usage.read from the application does the same', async () => {
      const r = s.bootAnother();
      s.app.services.accounts.updateApplication(r.application, { capabilities: without(CAPABILITIES, 'usage.read') });
      const res = await usage(r.secret_key);
      expectApiError(res, E.missing_capability, [r.secret_key]);
      expect(res.body.error.details.missing).toEqual(['usage.read']);
      expect((await me(api, r.secret_key)).body.scopes).toEqual(without(CAPABILITIES, 'usage.read'));
      s.app.services.accounts.updateApplication(r.application, { capabilities: [...CAPABILITIES] });
      expect((await usage(r.secret_key)).status).toBe(200);
    });

    it('a key holds only its own capabilities; missing ones are listed', async () => {
      const made = createKey(s.app, s.boot.application, { kind: 'secret', scopes: ['schemas.read', 'documents.extract'] });
      expect((await me(api, made.key)).body.scopes).toEqual(['documents.extract', 'schemas.read']);
      const u = await usage(made.key);
      expectApiError(u, E.missing_capability, [made.key]);
      expect(u.body.error.details.missing).toEqual(['usage.read']);
      const t = await mintToken(api, made.key);
      expectApiError(t, E.missing_capability, [made.key]);
      expect(t.body.error.details.missing).toEqual(['client_tokens.create']);
      const w = await api({ method: 'POST', url: '/v1/document-types', headers: bearer(made.key), json: { key: 'cap_probe', template: 'payment_receipt' } });
      expectApiError(w, E.missing_capability, [made.key]);
      expect(w.body.error.details.missing).toEqual(['schemas.write']);
    });

    it('GET /v1/me scopes are what organization, application, key and token all hold', async () => {
      const r = s.bootAnother();
      s.app.services.accounts.updateOrganization(r.tenant, { capabilities: without(CAPABILITIES, 'documents.verify') });
      s.app.services.accounts.updateApplication(r.application, { capabilities: without(CAPABILITIES, 'schemas.read') });
      sql('UPDATE api_keys SET capabilities = ? WHERE id = ?', JSON.stringify(without(CAPABILITIES, 'camera.capture')), keyIdOf(s.app, r.secret_key));
      const expected = without(CAPABILITIES, 'documents.verify', 'schemas.read', 'camera.capture');
      expect((await me(api, r.secret_key)).body.scopes).toEqual(expected);

      const minted = await mintToken(api, r.secret_key);
      expect(minted.body.scopes).toEqual(without(PUBLIC_CAPABILITIES, 'documents.verify', 'schemas.read', 'camera.capture'));
      expect((await me(api, minted.body.token)).body.scopes).toEqual(minted.body.scopes);
      const narrow = await tokenFor(api, r.secret_key, { scopes: ['documents.extract', 'ocr.basic'] });
      expect((await me(api, narrow)).body.scopes).toEqual(['documents.extract', 'ocr.basic']);

      // A key or application that lacks it cannot pass it on.
      for (const asked of ['documents.verify', 'schemas.read', 'camera.capture']) {
        const res = await mintToken(api, r.secret_key, { scopes: ['documents.extract', asked] });
        expectApiError(res, E.scope_not_granted, [r.secret_key]);
        expect(res.body.error.details.not_granted).toEqual([asked]);
      }
    });

    it("a client token loses a capability as soon as its organization does", async () => {
      const r = s.bootAnother();
      const token = await tokenFor(api, r.secret_key);
      expect((await extractSlip(api, token)).status).toBe(200);
      s.app.services.accounts.updateOrganization(r.tenant, { capabilities: without(CAPABILITIES, 'documents.extract') });
      const res = await extractSlip(api, token);
      expectApiError(res, E.missing_capability, [token]);
      expect(res.body.error.details.missing).toEqual(['documents.extract']);
      expect((await me(api, token)).body.scopes).not.toContain('documents.extract');
    });

    it('a publishable key and its session tokens never hold a server-only capability', async () => {
      const r = s.bootAnother();
      // Even when the stored key row holds everything (it cannot be made so through key administration).
      sql('UPDATE api_keys SET capabilities = ? WHERE id = ?', JSON.stringify(CAPABILITIES), keyIdOf(s.app, r.publishable_key));
      const opened = await session(r.publishable_key, {}, {});
      expect(opened.status).toBe(201);
      expect(opened.body.scopes).toEqual([...PUBLIC_CAPABILITIES]);
      for (const c of SERVER_ONLY_CAPABILITIES) expect(opened.body.scopes).not.toContain(c);
      const ctx = await me(api, opened.body.token);
      expect(ctx.body.kind).toBe('client_token');
      expect(ctx.body.scopes).toEqual([...PUBLIC_CAPABILITIES]);
      const u = await usage(opened.body.token);
      expectApiError(u, E.missing_capability, [opened.body.token]);
      expect(u.body.error.details.missing).toEqual(['usage.read']);
      expectApiError(await mintToken(api, opened.body.token), E.secret_key_required, [opened.body.token]);

      // Nor does a token minted by a secret key, whatever it asks.
      const secretMinted = await mintToken(api, r.secret_key);
      expect(secretMinted.body.scopes).toEqual([...PUBLIC_CAPABILITIES]);
      for (const c of SERVER_ONLY_CAPABILITIES) {
        const res = await mintToken(api, r.secret_key, { scopes: [c] });
        expectApiError(res, E.scope_not_granted, [r.secret_key]);
        expect(res.body.error.details.not_granted).toEqual([c]);
      }
      // And key administration refuses to give one to a publishable key.
      expect(() => createKey(s.app, r.application, { kind: 'publishable', scopes: ['usage.read'] })).toThrow(expect.objectContaining({ code: 'scope_not_public' }));
    });
  });

  describe('POST /v1/client-tokens', () => {
    it('answers 201 with the client token object; default lifetime 600 s and every public capability', async () => {
      const res = await mintToken(api, s.boot.secret_key);
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['application', 'document_types', 'expires_at', 'livemode', 'object', 'scopes', 'token']);
      expect(res.body).toMatchObject({ object: 'client_token', scopes: [...PUBLIC_CAPABILITIES], application: s.boot.application, livemode: false, document_types: [] });
      expect(res.body.token).toMatch(/^svc_ct_[A-Za-z0-9_.-]+$/);
      expectAbout(res.body.expires_at, 600);
      const again = await mintToken(api, s.boot.secret_key);
      expect(again.body.token).not.toBe(res.body.token);
    });

    it('takes an empty or absent body (every field is optional)', async () => {
      for (const res of [
        await api({ method: 'POST', url: '/v1/client-tokens', headers: bearer(s.boot.secret_key) }),
        await api({ method: 'POST', url: '/v1/client-tokens', headers: bearer(s.boot.secret_key), json: {} }),
      ]) {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        expect(res.body.scopes).toEqual([...PUBLIC_CAPABILITIES]);
        expectAbout(res.body.expires_at, 600);
      }
    });

    it('accepts ttl_seconds 60 to 3600', async () => {
      for (const ttl of [60, 61, 1800, 3600]) {
        const res = await mintToken(api, s.boot.secret_key, { ttl_seconds: ttl });
        expect(res.status).toBe(201);
        expectAbout(res.body.expires_at, ttl);
      }
    });

    it('answers 400 invalid_ttl outside 60 to 3600', async () => {
      for (const ttl of [59, 3601, 0, -1, 86_400]) expectApiError(await mintToken(api, s.boot.secret_key, { ttl_seconds: ttl }), E.invalid_ttl, [s.boot.secret_key]);
    });

    it('answers 400 invalid_parameters for a ttl or list of the wrong type, invalid_json for a body that is not JSON', async () => {
      for (const body of [{ ttl_seconds: 'abc' }, { ttl_seconds: 600.5 }, { scopes: { a: 1 } }, { scopes: ['documents.nope'] }, { document_types: { a: 1 } }]) {
        expectApiError(await mintToken(api, s.boot.secret_key, body), E.invalid_parameters, [s.boot.secret_key]);
      }
      const res = await api({ method: 'POST', url: '/v1/client-tokens', headers: { ...bearer(s.boot.secret_key), 'content-type': 'application/json' }, payload: Buffer.from('{"ttl_seconds": ') });
      expectApiError(res, E.invalid_json, [s.boot.secret_key]);
    });

    it('answers 403 scope_not_granted listing server-only capabilities asked for', async () => {
      const one = await mintToken(api, s.boot.secret_key, { scopes: ['usage.read'] });
      expectApiError(one, E.scope_not_granted, [s.boot.secret_key]);
      expect(one.body.error.details.not_granted).toEqual(['usage.read']);
      const many = await mintToken(api, s.boot.secret_key, { scopes: ['documents.extract', 'usage.read', 'client_tokens.create'] });
      expectApiError(many, E.scope_not_granted, [s.boot.secret_key]);
      expect(many.body.error.details.not_granted).toEqual(['usage.read', 'client_tokens.create']);
    });

    it('answers 400 no_scopes for an empty list, and mints exactly the scopes asked', async () => {
      expectApiError(await mintToken(api, s.boot.secret_key, { scopes: [] }), E.no_scopes, [s.boot.secret_key]);
      const res = await mintToken(api, s.boot.secret_key, { scopes: ['documents.extract', 'documents.extract'] });
      expect(res.status).toBe(201);
      expect(res.body.scopes).toEqual(['documents.extract']);
      // A token without documents.extract cannot extract.
      const readOnly = await tokenFor(api, s.boot.secret_key, { scopes: ['schemas.read'] });
      const refused = await extractSlip(api, readOnly);
      expectApiError(refused, E.missing_capability, [readOnly]);
      expect(refused.body.error.details.missing).toEqual(['documents.extract']);
    });

    it('limits a token to document_types; an unknown type is 400 document_type_not_found with param document_types', async () => {
      const limited = await mintToken(api, s.boot.secret_key, { document_types: ['payment_receipt', 'payment_receipt'] });
      expect(limited.status).toBe(201);
      expect(limited.body.document_types).toEqual(['payment_receipt']);
      expect((await extractSlip(api, limited.body.token)).status).toBe(200);
      const other = await extractSlip(api, limited.body.token, { document_type: 'invoice' });
      expectApiError(other, E.document_type_not_allowed, [limited.body.token]);
      // A token of every type may read another.
      const open = await tokenFor(api, s.boot.secret_key);
      expect((await extractSlip(api, open, { document_type: 'retail_receipt' })).status).toBe(200);

      for (const types of [['no_such_type'], ['payment_receipt', 'nope']]) {
        expectApiError(await mintToken(api, s.boot.secret_key, { document_types: types }), E.document_type_not_listed, [s.boot.secret_key]);
      }
    });

    it('refuses a document type the application is not assigned', async () => {
      const r = s.bootAnother();
      s.app.services.accounts.updateApplication(r.application, { document_types: ['payment_receipt'] });
      expect((await mintToken(api, r.secret_key, { document_types: ['payment_receipt'] })).status).toBe(201);
      expectApiError(await mintToken(api, r.secret_key, { document_types: ['invoice'] }), E.document_type_not_listed, [r.secret_key]);
    });

    it('the token works on GET /v1/me as kind client_token with token_expires_at', async () => {
      const minted = await mintToken(api, s.boot.secret_key, { ttl_seconds: 900, scopes: ['documents.extract', 'schemas.read'] });
      const res = await me(api, minted.body.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: 'credential_context',
        tenant: s.boot.tenant,
        application: s.boot.application,
        kind: 'client_token',
        credential: keyIdOf(s.app, s.boot.secret_key),
        scopes: ['documents.extract', 'schemas.read'],
        livemode: false,
        rate_limit_per_minute: 100_000,
        token_expires_at: minted.body.expires_at,
      });
    });

    it('a live key mints live tokens', async () => {
      const r = s.bootAnother('production');
      expect(r.secret_key).toMatch(/^svc_live_/);
      const res = await mintToken(api, r.secret_key);
      expect(res.status).toBe(201);
      expect(res.body.livemode).toBe(true);
      expect((await me(api, res.body.token)).body).toMatchObject({ livemode: true, environment: 'production', kind: 'client_token' });
    });
  });

  describe('POST /v1/client-sessions', () => {
    it('gives a publishable key a client token of 600 s with its public capabilities (body optional)', async () => {
      const pk = createKey(s.app, s.boot.application, { kind: 'publishable', rate_limit_per_minute: 1000 });
      expect((await session(pk.key, {}, {})).status).toBe(201);
      const res = await session(pk.key);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['application', 'document_types', 'expires_at', 'livemode', 'object', 'scopes', 'token']);
      expect(res.body).toMatchObject({ object: 'client_token', scopes: [...PUBLIC_CAPABILITIES], application: s.boot.application, livemode: false, document_types: [] });
      expectAbout(res.body.expires_at, 600);
      const ctx = await me(api, res.body.token);
      expect(ctx.body).toMatchObject({ kind: 'client_token', credential: pk.id, token_expires_at: res.body.expires_at, rate_limit_per_minute: 1000 });
      const extracted = await extractSlip(api, res.body.token);
      expect(extracted.status).toBe(200);
      expect(extracted.body.data.amount).toBe(12.5);
      // A lifetime cannot be asked for here.
      const longer = await session(pk.key, {}, { ttl_seconds: 3600 });
      if (longer.status === 201) expectAbout(longer.body.expires_at, 600);
      else expectApiError(longer, E.invalid_parameters, [pk.key]);
    });

    it('limits the session to document_types; an unknown type is 400 with param document_types', async () => {
      const pk = createKey(s.app, s.boot.application, { kind: 'publishable', rate_limit_per_minute: 1000 });
      const res = await session(pk.key, {}, { document_types: ['invoice'] });
      expect(res.status).toBe(201);
      expect(res.body.document_types).toEqual(['invoice']);
      expectApiError(await extractSlip(api, res.body.token), E.document_type_not_allowed, [res.body.token]);
      expectApiError(await session(pk.key, {}, { document_types: ['no_such_type'] }), E.document_type_not_listed, [pk.key]);
    });

    it('answers the 31st session in a minute with 429 rate_limited and Retry-After; refused requests open none', async () => {
      const pk = createKey(s.app, s.boot.application, { kind: 'publishable', rate_limit_per_minute: 1000 });
      for (let i = 0; i < 30; i++) {
        // A refused request between the sessions does not take one of the 30.
        if (i % 10 === 0) expectApiError(await session(pk.key, {}, { document_types: ['no_such_type'] }), E.document_type_not_listed, [pk.key]);
        expect((await session(pk.key)).status, `session ${i + 1}`).toBe(201);
      }
      const res = await session(pk.key);
      expectApiError(res, { status: 429, type: 'rate_limit_error', code: 'rate_limited' }, [pk.key]);
      // The per-minute request limit of the key is far from used: this is the session limit.
      expect(Number(res.headers['x-ratelimit-remaining'])).toBeGreaterThan(900);
      // Another key is not affected.
      const other = createKey(s.app, s.boot.application, { kind: 'publishable' });
      expect((await session(other.key)).status).toBe(201);
    });

    it('never echoes the publishable key in a refusal', async () => {
      const pk = s.boot.publishable_key;
      const res = await api({ method: 'POST', url: '/v1/client-sessions', headers: { ...bearer(pk), 'content-type': 'application/json' }, payload: Buffer.from('{oops') });
      expectApiError(res, E.invalid_json, [pk]);
      expectNotEchoed(await session(pk, {}, { document_types: [pk] }), [pk]);
    });
  });
});
