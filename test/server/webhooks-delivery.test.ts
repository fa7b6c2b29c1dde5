import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../engine/src/contracts/webhook-signature.js';
import type { Application } from '../../server/src/db/repos/accounts.js';
import { canonicalJson } from '../../server/src/webhooks/envelope.js';
import type { Resolver } from '../../server/src/webhooks/url-guard.js';
import { ApiClient, SAMPLE_RECEIPT_PNG } from '../support/api-client.js';
import { makeTestPki, startHttpsReceiver, type HttpsReceiver, type Received, type TestPki } from '../support/https-receiver.js';
import { SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';
import { injectTransport } from '../support/server-transport.js';

/**
 * Deliveries to a real HTTPS receiver on loopback (a private CA made with openssl): signatures
 * checked with the spec's rules, with node:crypto and with Stripe's verifier; envelope, headers
 * and body form; the retry schedule to `dead`; disabling after 50 failures; redirects; the 10 s
 * timeout; purged stubs; secret rotation; one DNS lookup per attempt.
 */

const OCR = JSON.stringify(SLIP_CLIENT_OCR);
const PAUSE = 0.2;
const stripe = new Stripe('sk_test_unused');

let pki: TestPki;
let receiver: HttpsReceiver;
let s: TestServer;
let api: ApiClient;
let application: Application;
const lookups: string[] = [];
let rebindCalls = 0;

/** The test's DNS: hooks.example.test is the receiver; rebind.example.test answers loopback once, then an unroutable address. */
const resolver: Resolver = async (host) => {
  lookups.push(host);
  if (host === 'hooks.example.test') return [{ address: '127.0.0.1', family: 4 }];
  if (host === 'rebind.example.test') return [{ address: rebindCalls++ === 0 ? '127.0.0.1' : '192.0.2.1', family: 4 }];
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  pki = makeTestPki();
  receiver = await startHttpsReceiver(pki);
  s = await startTestServer({
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_SCHEDULE: String(PAUSE) },
    webhooks: { resolver, ca: pki.caPem, pollMs: 50 },
  });
  api = new ApiClient(injectTransport(s.app), s.boot.secret_key);
  application = s.app.services.accounts.application(s.boot.application)!;
});
afterAll(async () => {
  await s?.close();
  await receiver?.close();
  pki?.cleanup();
});

// Each test adds its own endpoints; the application holds at most 5.
afterEach(() => {
  for (const e of s.app.services.webhooks.list(application)) s.app.services.webhooks.remove(application, e.id);
});

const header = (r: Received, name: string) => r.headers[name] as string;

/** Adds an endpoint on a fresh receiver path; returns its id, secret and the requests to that path. */
async function endpoint(events?: string[], host = 'hooks.example.test') {
  const path = `/hooks/${Math.random().toString(36).slice(2)}`;
  const { endpoint: e, secret } = await s.app.services.webhooks.add(application, { url: receiver.url(path, host), events });
  const got = () => receiver.received.filter((r) => r.path === path);
  const waitFor = async (n: number, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (got().length < n) {
      if (Date.now() > deadline) throw new Error(`${path} got ${got().length} of ${n} requests`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return got();
  };
  return { id: e.id, secret, path, got, waitFor };
}

/** Waits until a delivery reaches a final status. */
async function settled(deliveryId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = s.app.services.webhooksRepo.delivery(deliveryId)!;
    if (d.status === 'succeeded' || d.status === 'dead') return d;
    if (Date.now() > deadline) throw new Error(`delivery ${deliveryId} still ${d.status} after ${d.attempts} attempts`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const answerFor = (path: string, fn: (index: number) => { status: number; delayMs?: number; headers?: Record<string, string> }) => {
  const before = receiver.answer;
  receiver.answer = (r, i) => (r.path === path ? fn(receiver.received.filter((x) => x.path === path).indexOf(r)) : before(r, i));
  return () => (receiver.answer = before);
};

describe('a delivery', () => {
  it('carries the envelope as sorted compact JSON, signed over the exact bytes, with the spec headers', async () => {
    const ep = await endpoint();
    const res = await api.extract({ client_ocr: OCR });
    expect(res.status).toBe(200);
    const [got] = await ep.waitFor(1);
    const text = got.raw.toString('utf8');
    const body = JSON.parse(text);

    // The envelope, and the extraction exactly as GET returns it.
    expect(body).toMatchObject({ object: 'event', type: 'extraction.completed', api_version: 'v1', livemode: false, application: application.id });
    expect(body.id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
    expect(Math.abs(body.created - Date.now() / 1000)).toBeLessThan(30);
    expect(body.data.object).toEqual((await api.get(`/v1/extractions/${res.body.id}`)).body);
    // Compact with sorted keys at every level: the bytes are the canonical form of what they parse to.
    expect(text).toBe(canonicalJson(body));
    expect(Object.keys(body)).toEqual([...Object.keys(body)].sort());
    expect(Object.keys(body.data.object)).toEqual([...Object.keys(body.data.object)].sort());
    expect(text).not.toMatch(/\n|": /);

    // Headers.
    expect(header(got, 'content-type')).toBe('application/json');
    expect(header(got, 'user-agent')).toMatch(/^docex-webhooks\/1\.0 \(\+https?:\/\/.+\/docs\/webhooks\)$/);
    expect(header(got, 'service-event-id')).toBe(body.id);
    expect(header(got, 'service-event-type')).toBe('extraction.completed');
    expect(header(got, 'service-delivery-id')).toMatch(/^whd_[0-9A-Za-z]{24}$/);

    // The signature: the spec's rules (our verifier), node:crypto by hand, and Stripe's verifier.
    const sig = header(got, 'service-signature');
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig)!;
    expect(m).not.toBeNull();
    expect(Math.abs(Number(m[1]) - Date.now() / 1000)).toBeLessThan(30);
    expect(createHmac('sha256', ep.secret).update(`${m[1]}.`).update(got.raw).digest('hex')).toBe(m[2]);
    expect(verifySignature(got.raw, sig, ep.secret)).toEqual({ ok: true, timestamp: Number(m[1]) });
    expect(verifySignature(got.raw, sig, `${ep.secret}x`)).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(verifySignature(Buffer.from(text.replace('"v1"', '"v2"')), sig, ep.secret)).toEqual({ ok: false, reason: 'signature_mismatch' });
    const viaStripe = stripe.webhooks.constructEvent(got.raw, sig, ep.secret);
    expect(viaStripe.id).toBe(body.id);
    expect(() => stripe.webhooks.constructEvent(got.raw, sig, 'svcwhsec_wrong')).toThrow(/signature/i);

    // The delivery record.
    const d = await settled(header(got, 'service-delivery-id'));
    expect(d).toMatchObject({ endpoint_id: ep.id, event_id: body.id, event_type: 'extraction.completed', status: 'succeeded', attempts: 1, last_status_code: 200, last_error: null, next_attempt_at: null });
    expect(d.response_ms).toBeGreaterThan(0);
  });

  it('goes only to endpoints subscribed to the type, and not at all without webhooks.receive on the application', async () => {
    const failedOnly = await endpoint(['extraction.failed']);
    const completedOnly = await endpoint(['extraction.completed']);
    const res = await api.extract({ client_ocr: OCR });
    await completedOnly.waitFor(1);
    const deliveries = s.app.services.webhooksRepo.deliveriesOfEvent(JSON.parse(completedOnly.got()[0].raw.toString()).id);
    expect(deliveries.map((d) => d.endpoint_id)).not.toContain(failedOnly.id);
    expect(failedOnly.got()).toHaveLength(0);

    // The capability removed from the application: later events make no deliveries at all.
    s.app.services.accounts.updateApplication(application.id, { capabilities: application.capabilities.filter((c) => c !== 'webhooks.receive') });
    try {
      const second = await api.extract({ client_ocr: OCR });
      expect(second.status).toBe(200);
      const [event] = s.app.services.extractionsRepo.events(second.body.id);
      expect(s.app.services.webhooksRepo.deliveriesOfEvent(event.id)).toEqual([]);
      await expect(s.app.services.webhooks.add(s.app.services.accounts.application(application.id)!, { url: receiver.url() })).rejects.toMatchObject({ code: 'missing_capability' });
    } finally {
      s.app.services.accounts.updateApplication(application.id, { capabilities: application.capabilities });
    }
    expect(res.status).toBe(200);
  });

  it('announces a queued extraction that failed with extraction.failed, carrying its error', async () => {
    const ep = await endpoint(['extraction.failed']);
    const res = await api.extract({ async: 'true' }, { bytes: SAMPLE_RECEIPT_PNG.subarray(0, 3000), type: 'image/png' });
    expect(res.status).toBe(202);
    const [got] = await ep.waitFor(1);
    const body = JSON.parse(got.raw.toString());
    expect(body).toMatchObject({ type: 'extraction.failed', data: { object: { id: res.body.id, status: 'failed', error: { code: 'unreadable_image' } } } });
    expect(header(got, 'service-event-type')).toBe('extraction.failed');
    expect(body.data.object).toEqual((await api.get(`/v1/extractions/${res.body.id}`)).body);
    expect(verifySignature(got.raw, header(got, 'service-signature'), ep.secret).ok).toBe(true);
  });

  it('retries on the schedule after each failure and is dead after the eighth failed attempt', async () => {
    const ep = await endpoint();
    const restore = answerFor(ep.path, () => ({ status: 500 }));
    try {
      const first = await s.app.services.webhooks.sendTest(application, ep.id, 'schedule');
      expect(first).toMatchObject({ ok: false, statusCode: 500, status: 'failed', attempts: 1 });
      const d = await settled(first.delivery);
      expect(d).toMatchObject({ status: 'dead', attempts: 8, last_status_code: 500, last_error: 'status 500', next_attempt_at: null });
      const got = ep.got();
      expect(got).toHaveLength(8);
      // One delivery, one event: the same ids on every attempt.
      expect(new Set(got.map((r) => header(r, 'service-delivery-id')))).toEqual(new Set([first.delivery]));
      expect(new Set(got.map((r) => header(r, 'service-event-id'))).size).toBe(1);
      // Each retry waited its pause (WEBHOOK_RETRY_SCHEDULE here; the spec's pauses are checked in webhooks-repo.test.ts).
      for (let i = 1; i < got.length; i++) expect(got[i].at - got[i - 1].at).toBeGreaterThanOrEqual(PAUSE * 1000 - 20);
      await new Promise((r) => setTimeout(r, 600));
      expect(ep.got()).toHaveLength(8);
    } finally {
      restore();
    }
  });

  it('does not follow a redirect: the 3xx is a failed attempt', async () => {
    const ep = await endpoint();
    const restore = answerFor(ep.path, () => ({ status: 302, headers: { location: receiver.url('/elsewhere') } }));
    try {
      const outcome = await s.app.services.webhooks.sendTest(application, ep.id);
      expect(outcome).toMatchObject({ ok: false, statusCode: 302, error: 'redirect not followed (status 302)', status: 'failed' });
      expect(receiver.received.filter((r) => r.path === '/elsewhere')).toHaveLength(0);
    } finally {
      restore();
      s.app.services.webhooks.remove(application, ep.id);
    }
  });

  it('fails an attempt that gets no answer within 10 s', { timeout: 30_000 }, async () => {
    const ep = await endpoint();
    const restore = answerFor(ep.path, () => ({ status: 200, delayMs: 12_000 }));
    try {
      const outcome = await s.app.services.webhooks.sendTest(application, ep.id);
      expect(outcome).toMatchObject({ ok: false, statusCode: null, error: 'no response within 10 s', status: 'failed' });
      expect(outcome.responseMs).toBeGreaterThanOrEqual(9_990);
      expect(outcome.responseMs).toBeLessThan(11_500);
    } finally {
      restore();
      s.app.services.webhooks.remove(application, ep.id);
    }
  });

  it('sends the stub {id, type, purged: true} on a retry after the result was purged', async () => {
    const ep = await endpoint();
    const restore = answerFor(ep.path, (i) => ({ status: i === 0 ? 503 : 200 }));
    try {
      // The retry waits while the sweep purges the result.
      s.app.services.webhookSender['s'].retrySchedule = [2, 2, 2, 2, 2, 2, 2];
      const res = await api.extract({ client_ocr: OCR });
      const [first] = await ep.waitFor(1);
      const eventId = JSON.parse(first.raw.toString()).id;
      s.app.services.extractionsRepo.deleteExtractions([res.body.id]);
      const [, retry] = await ep.waitFor(2);
      expect(retry.raw.toString()).toBe(`{"id":"${eventId}","purged":true,"type":"extraction.completed"}`);
      expect(header(retry, 'service-event-id')).toBe(eventId);
      expect(verifySignature(retry.raw, header(retry, 'service-signature'), ep.secret).ok).toBe(true);
      expect((await settled(header(retry, 'service-delivery-id'))).status).toBe('succeeded');
    } finally {
      s.app.services.webhookSender['s'].retrySchedule = [PAUSE, PAUSE, PAUSE, PAUSE, PAUSE, PAUSE, PAUSE];
      restore();
    }
  });

  it('signs every attempt after a rotation with the new secret, retries of earlier events included', async () => {
    const ep = await endpoint();
    const restore = answerFor(ep.path, (i) => ({ status: i === 0 ? 500 : 200 }));
    try {
      s.app.services.webhookSender['s'].retrySchedule = [2, 2, 2, 2, 2, 2, 2];
      const first = await s.app.services.webhooks.sendTest(application, ep.id, 'rotation');
      expect(first.status).toBe('failed');
      const [before] = ep.got();
      expect(verifySignature(before.raw, header(before, 'service-signature'), ep.secret).ok).toBe(true);
      const { secret } = s.app.services.webhooks.rotateSecret(application, ep.id);
      expect(secret).toMatch(/^svcwhsec_[0-9A-Za-z]{32}$/);
      expect(secret).not.toBe(ep.secret);
      const [, retry] = await ep.waitFor(2);
      expect(retry.raw.equals(before.raw)).toBe(true);
      expect(verifySignature(retry.raw, header(retry, 'service-signature'), secret).ok).toBe(true);
      expect(verifySignature(retry.raw, header(retry, 'service-signature'), ep.secret)).toEqual({ ok: false, reason: 'signature_mismatch' });
    } finally {
      s.app.services.webhookSender['s'].retrySchedule = [PAUSE, PAUSE, PAUSE, PAUSE, PAUSE, PAUSE, PAUSE];
      restore();
    }
  });

  it('connects to the address it checked: one DNS lookup per attempt, no second one to rebind', async () => {
    const ep = await endpoint(undefined, 'rebind.example.test');
    rebindCalls = 0; // the check at save time used the first answer; the attempt's check gets loopback again
    lookups.length = 0;
    const outcome = await s.app.services.webhooks.sendTest(application, ep.id);
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, status: 'succeeded' });
    expect(lookups).toEqual(['rebind.example.test']);
    expect(ep.got()).toHaveLength(1);
    s.app.services.webhooks.remove(application, ep.id);
  });
});

describe('an endpoint', () => {
  it('is disabled after 50 failed attempts in a row, receives nothing then, and resumes with the count reset when enabled', async () => {
    const other = s.bootAnother();
    const app2 = s.app.services.accounts.application(other.application)!;
    const { endpoint: e } = await s.app.services.webhooks.add(app2, { url: receiver.url('/disable-me', 'hooks.example.test') });
    let failing = true;
    const before = receiver.answer;
    receiver.answer = (r, i) => (r.path === '/disable-me' ? { status: failing ? 500 : 204 } : before(r, i));
    s.app.services.webhookSender['s'].retrySchedule = [0, 0, 0, 0, 0, 0, 0];
    try {
      const repo = s.app.services.webhooksRepo;
      const { testEvent } = await import('../../server/src/webhooks/envelope.js');
      // Seven deliveries of eight attempts each could make 56 failures; the endpoint stops at 50.
      const ids = Array.from({ length: 7 }, (_, i) => repo.addTestEvent(testEvent(app2.id, false, `n${i}`), e.id));
      s.app.services.webhookSender.poke();
      const deadline = Date.now() + 30_000;
      while (repo.endpoint(e.id)!.status === 'enabled') {
        if (Date.now() > deadline) throw new Error('not disabled');
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 500));
      const disabled = repo.endpoint(e.id)!;
      expect(disabled.consecutive_failures).toBeGreaterThanOrEqual(50);
      expect(disabled.disabled_reason).toMatch(/^5\d failed attempts in a row/);
      const sent = receiver.received.filter((r) => r.path === '/disable-me').length;
      // Attempts already in flight when the 50th failed are recorded too (at most 4 at a time).
      expect(sent).toBeGreaterThanOrEqual(50);
      expect(sent).toBeLessThanOrEqual(53);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.received.filter((r) => r.path === '/disable-me')).toHaveLength(sent);
      const waiting = ids.map((id) => repo.delivery(id)!).filter((d) => d.status === 'failed' || d.status === 'pending');
      expect(waiting.length).toBeGreaterThan(0);

      // Enabled again: the count starts over and the waiting deliveries go out.
      failing = false;
      const enabled = s.app.services.webhooks.enable(app2, e.id);
      expect(enabled).toMatchObject({ status: 'enabled', consecutive_failures: 0, disabled_reason: null });
      for (const d of waiting) expect((await settled(d.id)).status).toBe('succeeded');
      expect(repo.endpoint(e.id)!.consecutive_failures).toBe(0);
    } finally {
      receiver.answer = before;
      s.app.services.webhookSender['s'].retrySchedule = [PAUSE, PAUSE, PAUSE, PAUSE, PAUSE, PAUSE, PAUSE];
    }
  });

  it('takes at most 5 per application, rejects unknown events, and hides other applications\' endpoints', async () => {
    const other = s.bootAnother();
    const app2 = s.app.services.accounts.application(other.application)!;
    const svc = s.app.services.webhooks;
    await expect(svc.add(app2, { url: receiver.url(), events: ['extraction.completed', 'invoice.paid'] })).rejects.toMatchObject({ code: 'unknown_event', status: 400, param: 'events' });
    await expect(svc.add(app2, { url: receiver.url(), events: 'extraction.completed' })).rejects.toMatchObject({ code: 'unknown_event' });
    await expect(svc.add(app2, { url: receiver.url(), events: ['webhook.test'] })).rejects.toMatchObject({ code: 'unknown_event' });
    for (let i = 0; i < 5; i++) await svc.add(app2, { url: receiver.url(`/five/${i}`) });
    await expect(svc.add(app2, { url: receiver.url('/six') })).rejects.toMatchObject({ code: 'too_many_endpoints', status: 409 });
    expect(svc.list(app2)).toHaveLength(5);
    const mine = svc.list(app2)[0];
    expect(() => svc.get(application, mine.id)).toThrow(expect.objectContaining({ code: 'webhook_not_found', status: 404 }));
    expect(() => svc.enable(application, 'whe_nope')).toThrow(expect.objectContaining({ code: 'webhook_not_found' }));
    // The secret is stored sealed, never as it was shown.
    const sealed = s.app.services.webhooksRepo.sealedSecret(mine.id)!;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('svcwhsec_');
  });
});
