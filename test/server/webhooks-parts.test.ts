import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSignature, signatureHeader, verifySignature } from '../../engine/src/contracts/webhook-signature.js';
import { ConfigError, readServerConfig, RETRY_SCHEDULE_SECONDS, webhookSettingWarnings } from '../../server/src/config.js';
import { canonicalJson, deliveryBody, testEvent } from '../../server/src/webhooks/envelope.js';
import { KEY_FILE, loadSecretBox, SecretBox } from '../../server/src/webhooks/secret-box.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

/** The pieces of webhook delivery on their own: signatures, body form, sealed secrets, settings, the schedule in the database. */

describe('verifySignature (the spec four rules)', () => {
  const secret = 'svcwhsec_abc';
  const body = '{"a":1,"b":"é"}';
  const t = 1_763_856_000;
  const header = signatureHeader(body, secret, t);

  it('signs HMAC-SHA256 over "<t>.<body>", as node:crypto computes it', () => {
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`);
    expect(computeSignature(Buffer.from(body), t, secret)).toBe(computeSignature(body, t, secret));
  });

  it('accepts a good signature within 5 minutes either way, and rejects outside', () => {
    expect(verifySignature(body, header, secret, { now: t })).toEqual({ ok: true, timestamp: t });
    expect(verifySignature(body, header, secret, { now: t + 300 }).ok).toBe(true);
    expect(verifySignature(body, header, secret, { now: t - 300 }).ok).toBe(true);
    expect(verifySignature(body, header, secret, { now: t + 301 })).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect(verifySignature(body, header, secret, { now: t - 301 })).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect(verifySignature(body, header, secret, { now: t + 1000, toleranceSeconds: 1000 }).ok).toBe(true);
  });

  it('rejects a changed body, a wrong secret and a changed timestamp', () => {
    expect(verifySignature(`${body} `, header, secret, { now: t })).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(verifySignature(body, header, `${secret}x`, { now: t })).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(verifySignature(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, { now: t })).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it.each([undefined, null, '', 'garbage', `t=${t}`, 'v1=' + 'a'.repeat(64), `t=abc,v1=${'a'.repeat(64)}`, `t=${t},v1=short`, `t=${t},v0=${'a'.repeat(64)}`])('rejects the header %s as malformed', (h) => {
    expect(verifySignature(body, h as string, secret, { now: t })).toEqual({ ok: false, reason: 'malformed_header' });
  });

  it('takes the parts in any order with spaces, and any one of several v1 values', () => {
    const v1 = header.split('v1=')[1];
    expect(verifySignature(body, ` v1=${'0'.repeat(64)} , v1=${v1.toUpperCase()}, t=${t} `, secret, { now: t }).ok).toBe(true);
  });
});

describe('the body form', () => {
  it('canonicalJson sorts keys at every level, keeps array order and has no spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: null }], c: 'x y' }, e: undefined })).toBe('{"a":{"c":"x y","d":[3,{"y":null,"z":1}]},"b":1}');
    expect(canonicalJson([undefined, 'é', 1.5, true])).toBe('[null,"é",1.5,true]');
  });

  it('a stored stub is sent in the same form', () => {
    expect(deliveryBody('{"id":"evt_1","type":"extraction.completed","purged":true}')).toBe('{"id":"evt_1","purged":true,"type":"extraction.completed"}');
  });

  it('webhook.test carries {object: "test", message}', () => {
    const e = testEvent('app_1', true, 'hello', new Date('2026-01-02T03:04:05Z'));
    expect(JSON.parse(e.payload)).toEqual({ id: e.id, object: 'event', type: 'webhook.test', api_version: 'v1', created: 1767323045, livemode: true, application: 'app_1', data: { object: { object: 'test', message: 'hello' } } });
    expect(e.payload).toBe(canonicalJson(JSON.parse(e.payload)));
  });
});

describe('sealed secrets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docex-box-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens what it sealed; another key or an edited value answers encryption_unconfigured', () => {
    const box = new SecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal('svcwhsec_secret');
    expect(sealed).not.toContain('svcwhsec_secret');
    expect(box.seal('svcwhsec_secret')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed)).toBe('svcwhsec_secret');
    expect(() => new SecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow(expect.objectContaining({ code: 'encryption_unconfigured', status: 503 }));
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(expect.objectContaining({ code: 'encryption_unconfigured' }));
    expect(() => box.open('plain')).toThrow(expect.objectContaining({ code: 'encryption_unconfigured' }));
  });

  it('makes a key in the data directory once (mode 0600) unless forbidden; a configured key wins', () => {
    const data = join(dir, 'a');
    expect(loadSecretBox(null, data, false)).toBeNull();
    expect(existsSync(join(data, KEY_FILE))).toBe(false);
    const first = loadSecretBox(null, data, true)!;
    const keyText = readFileSync(join(data, KEY_FILE), 'utf8');
    expect(keyText.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(data, KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = loadSecretBox(null, data, true)!;
    expect(again.open(first.seal('x'))).toBe('x');
    expect(readFileSync(join(data, KEY_FILE), 'utf8')).toBe(keyText);
    const configured = loadSecretBox(Buffer.alloc(32, 7), data, true)!;
    expect(() => configured.open(first.seal('x'))).toThrow(expect.objectContaining({ code: 'encryption_unconfigured' }));
    writeFileSync(join(dir, 'bad.key'), 'nope');
    const bad = join(dir, 'b');
    loadSecretBox(null, bad, true);
    writeFileSync(join(bad, KEY_FILE), 'nope');
    expect(() => loadSecretBox(null, bad, true)).toThrow(/does not hold a 32-byte key/);
  });
});

describe('settings', () => {
  const read = (env: Record<string, string>) => readServerConfig({ DATA_DIR: '/tmp/x', ...env });

  it('defaults to the spec schedule, public targets only, an automatic key, no warnings', () => {
    const c = read({});
    expect(c.webhooks).toEqual({ allowPrivateTargets: false, retrySchedule: [60, 300, 1800, 7200, 21600, 43200, 86400] });
    expect(RETRY_SCHEDULE_SECONDS).toEqual([60, 300, 1800, 7200, 21600, 43200, 86400]);
    expect(c.autoEncryptionKey).toBe(true);
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
    expect(webhookSettingWarnings(c)).toEqual([]);
  });

  it('reads WEBHOOK_RETRY_SCHEDULE (fewer than seven repeat the last) and WEBHOOK_ALLOW_PRIVATE_TARGETS, each with a warning', () => {
    const c = read({ WEBHOOK_RETRY_SCHEDULE: '1, 2.5,0', WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', DOCEX_ENCRYPTION_KEY_AUTO: '0', DOCEX_PUBLIC_URL: 'https://api.example.com/' });
    expect(c.webhooks).toEqual({ allowPrivateTargets: true, retrySchedule: [1, 2.5, 0, 0, 0, 0, 0] });
    expect(c.autoEncryptionKey).toBe(false);
    expect(c.publicUrl).toBe('https://api.example.com');
    const warnings = webhookSettingWarnings(c);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);
    expect(warnings[1]).toMatch(/WEBHOOK_RETRY_SCHEDULE/);
  });

  it.each([
    [{ WEBHOOK_RETRY_SCHEDULE: '1,2,3,4,5,6,7,8' }, 'WEBHOOK_RETRY_SCHEDULE'],
    [{ WEBHOOK_RETRY_SCHEDULE: '1,,2' }, 'WEBHOOK_RETRY_SCHEDULE'],
    [{ WEBHOOK_RETRY_SCHEDULE: '-1' }, 'WEBHOOK_RETRY_SCHEDULE'],
    [{ WEBHOOK_RETRY_SCHEDULE: 'soon' }, 'WEBHOOK_RETRY_SCHEDULE'],
    [{ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'maybe' }, 'WEBHOOK_ALLOW_PRIVATE_TARGETS'],
    [{ DOCEX_ENCRYPTION_KEY_AUTO: '2' }, 'DOCEX_ENCRYPTION_KEY_AUTO'],
    [{ DOCEX_PUBLIC_URL: 'ftp://x' }, 'DOCEX_PUBLIC_URL'],
  ])('refuses %o, naming the variable', (env, name) => {
    let err: unknown;
    try {
      read(env);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems.join(' ')).toContain(name);
  });
});

describe('the server side', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { DOCEX_ENCRYPTION_KEY_AUTO: '0' } });
  });
  afterAll(async () => s?.close());

  it('answers encryption_unconfigured when no key may be had', async () => {
    const app = s.app.services.accounts.application(s.boot.application)!;
    await expect(s.app.services.webhooks.add(app, { url: 'https://8.8.8.8/hook' })).rejects.toMatchObject({ code: 'encryption_unconfigured', status: 503 });
    expect(existsSync(join(s.dataDir, KEY_FILE))).toBe(false);
  });

  it('records deliveries on the spec schedule: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, then dead', () => {
    const repo = s.app.services.webhooksRepo;
    const app = s.app.services.accounts.application(s.boot.application)!;
    const endpoint = repo.createEndpoint({ application_id: app.id, url: 'https://8.8.8.8/hook', events: [], secret: 'sealed' });
    const id = repo.addTestEvent(testEvent(app.id, false, 'x'), endpoint.id);
    let now = Date.parse('2026-03-01T00:00:00Z');
    const pauses: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      const claimed = repo.claim(new Date(now).toISOString(), new Date(now + 30_000).toISOString(), id)!;
      expect(claimed.attempts).toBe(attempt - 1);
      const r = repo.recordAttempt(claimed, { ok: false, statusCode: 500, error: 'status 500', responseMs: 3 }, RETRY_SCHEDULE_SECONDS, 50, new Date(now));
      const d = repo.delivery(id)!;
      expect(d.attempts).toBe(attempt);
      if (attempt < 8) {
        expect(r.status).toBe('failed');
        pauses.push((Date.parse(d.next_attempt_at!) - now) / 1000);
        now = Date.parse(d.next_attempt_at!);
      } else {
        expect(r.status).toBe('dead');
        expect(d.next_attempt_at).toBeNull();
      }
    }
    expect(pauses).toEqual([60, 300, 1800, 7200, 21600, 43200, 86400]);
    expect(repo.claim(new Date(now + 1e9).toISOString(), new Date(now + 2e9).toISOString(), id)).toBeNull();
    expect(repo.endpoint(endpoint.id)!.consecutive_failures).toBe(8);
  });

  it('makes no delivery for an organization without webhooks.receive', () => {
    const boot = s.bootAnother();
    const repo = s.app.services.webhooksRepo;
    const endpoint = repo.createEndpoint({ application_id: boot.application, url: 'https://8.8.8.8/hook', events: [], secret: 'sealed' });
    const org = s.app.services.accounts.organization(boot.tenant)!;
    const event = { ...testEvent(boot.application, false, 'x'), type: 'extraction.completed' };
    s.app.services.db.prepare('INSERT INTO events (id, application_id, type, extraction_id, payload, created_at) VALUES (@id, @application_id, @type, @extraction_id, @payload, @created_at)').run(event);
    s.app.services.accounts.updateOrganization(boot.tenant, { capabilities: org.capabilities.filter((c) => c !== 'webhooks.receive') });
    expect(repo.fanOut(event)).toBe(0);
    s.app.services.accounts.updateOrganization(boot.tenant, { capabilities: org.capabilities });
    expect(repo.fanOut({ ...event })).toBe(1);
    expect(repo.deliveriesOfEvent(event.id).map((d) => d.endpoint_id)).toEqual([endpoint.id]);
  });

  it('serves the pages its links point to: /docs/webhooks and /docs/errors', async () => {
    for (const page of ['webhooks', 'errors']) {
      const res = await s.app.inject({ method: 'GET', url: `/docs/${page}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/markdown/);
      expect(res.body).toBe(readFileSync(new URL(`../../docs/${page}.md`, import.meta.url), 'utf8'));
    }
  });

  it('purges finished deliveries and events past 30 days, keeping what a delivery still waits for', () => {
    const repo = s.app.services.webhooksRepo;
    const app = s.app.services.accounts.application(s.boot.application)!;
    const endpoint = repo.createEndpoint({ application_id: app.id, url: 'https://8.8.8.8/old', events: [], secret: 'sealed' });
    const old = new Date(Date.now() - 40 * 86_400_000);
    const doneId = repo.addTestEvent(testEvent(app.id, false, 'done', old), endpoint.id);
    const waitingId = repo.addTestEvent(testEvent(app.id, false, 'waiting', old), endpoint.id);
    const claimed = repo.claim(new Date().toISOString(), new Date(Date.now() + 30_000).toISOString(), doneId)!;
    repo.recordAttempt(claimed, { ok: true, statusCode: 200, error: null, responseMs: 1 }, RETRY_SCHEDULE_SECONDS, 50, old);
    const waitingEvent = repo.delivery(waitingId)!.event_id;
    repo.purge(new Date(Date.now() - 30 * 86_400_000).toISOString());
    expect(repo.delivery(doneId)).toBeNull();
    expect(repo.delivery(waitingId)?.event_id).toBe(waitingEvent);
  });
});
