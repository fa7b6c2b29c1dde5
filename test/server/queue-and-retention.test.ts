// The asynchronous queue (failures with their codes, exactly one event per extraction, retries of
// passing failures, stuck documents failing with processing_timeout after 3 attempts, jobs that
// outlive a restart) and the retention purge (1 hour, zero retention, idempotency keys).
import { existsSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '../../engine/src/errors/service-error.js';
import { buildApp } from '../../server/src/app.js';
import type { DataPolicy } from '../../server/src/db/repos/accounts.js';
import { ApiClient, countRows, eventTypes, expectError, SAMPLE_RECEIPT_PNG } from '../support/api-client.js';
import { SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';
import { injectTransport } from '../support/server-transport.js';

const OCR = JSON.stringify(SLIP_CLIENT_OCR);
const TRUNCATED_PNG = SAMPLE_RECEIPT_PNG.subarray(0, 3000);
const HOUR = 3_600_000;
const month = () => new Date().toISOString().slice(0, 7);
const later = (ms: number) => new Date(Date.now() + ms);

// The only server here that reads files with OCR; it stays open until the file ends (the OCR
// models cannot be loaded again in a process once every worker that loaded them has exited).
let s: TestServer;
let api: ApiClient;
beforeAll(async () => {
  s = await startTestServer({ queue: { pollMs: 20, retryDelayMs: 0 } });
  api = new ApiClient(injectTransport(s.app), s.boot.secret_key);
});
afterAll(async () => s.close());

/** Another organization whose application has `policy`, with a client for its secret key. */
function withPolicy(policy: Partial<DataPolicy>) {
  const boot = s.bootAnother();
  s.app.services.accounts.updateApplication(boot.application, { data_policy: { retention: '30d', llm: 'enabled', ...policy } });
  return { boot, api: new ApiClient(injectTransport(s.app), boot.secret_key) };
}

describe('the asynchronous queue', () => {
  it('fails a queued document that cannot be read with its code in error, records extraction.failed, and counts it', async () => {
    const boot = s.bootAnother();
    const other = new ApiClient(injectTransport(s.app), boot.secret_key);
    const runs = vi.spyOn(s.app.services.runner, 'run');
    try {
      const res = await other.extract({ async: 'true' }, { bytes: TRUNCATED_PNG, type: 'image/png' });
      expect(res.status).toBe(202);
      const done = await other.waitFinal(res.body.id);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ id: res.body.id, object: 'extraction', status: 'failed', document_type: 'payment_receipt' });
      expect(done.body.error).toEqual({ code: 'unreadable_image', message: expect.any(String) });
      expect(done.body.data).toBeUndefined();
      // A document's failure is final: one attempt, no retry.
      expect(runs).toHaveBeenCalledTimes(1);
      const events = s.app.services.extractionsRepo.events(res.body.id);
      expect(events.map((e) => e.type)).toEqual(['extraction.failed']);
      const envelope = JSON.parse(events[0].payload);
      expect(envelope).toMatchObject({ object: 'event', type: 'extraction.failed', api_version: 'v1', application: boot.application, livemode: false });
      expect(envelope.data.object).toEqual(done.body);
      expect(countRows(s, 'jobs', 'extraction_id = ?', res.body.id)).toBe(0);
      // Accepted extractions count against quotas, later failures included.
      expect(s.app.services.extractionsRepo.monthlyDocuments(`org:${boot.tenant}`, month())).toBe(1);
    } finally {
      runs.mockRestore();
    }
  });

  it.each([
    ['unsupported bytes', new Uint8Array(64).fill(3), 'unsupported_media_type'],
    ['a GIF', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 1)]), 'unsupported_media_type'],
  ])('fails queued %s with %s', async (_, bytes, code) => {
    const res = await api.extract({ async: 'true' }, { bytes });
    expect(res.status).toBe(202);
    const done = await api.waitFinal(res.body.id);
    expect(done.body).toMatchObject({ status: 'failed', error: { code } });
    expect(eventTypes(s, res.body.id)).toEqual(['extraction.failed']);
  });

  it('records exactly one extraction.completed event for a completed extraction', async () => {
    const res = await api.extract({ client_ocr: OCR, async: 'true' });
    expect(res.status).toBe(202);
    const done = await api.waitFinal(res.body.id);
    expect(done.body.status).toBe('succeeded');
    s.app.services.queue.poke();
    await new Promise((r) => setTimeout(r, 150));
    const events = s.app.services.extractionsRepo.events(res.body.id);
    expect(events.map((e) => e.type)).toEqual(['extraction.completed']);
    expect(JSON.parse(events[0].payload).data.object).toEqual(done.body);
    expect(countRows(s, 'jobs', 'extraction_id = ?', res.body.id)).toBe(0);
    // Completing again (a second worker, a resumed job) changes nothing.
    expect(s.app.services.extractionsRepo.complete(res.body.id, { status: 'failed', body: null, error: null, pages: null, completed_at: new Date().toISOString(), expires_at: null }, [])).toBe(false);
    expect((await api.get(`/v1/extractions/${res.body.id}`)).body).toEqual(done.body);
  });

  it('reads a queued file and keeps its document until the result expires', async () => {
    const res = await api.extract({ async: 'true' }, { bytes: SAMPLE_RECEIPT_PNG, type: 'image/png' });
    expect(res.status).toBe(202);
    const path = s.app.services.extractionsRepo.extraction(res.body.id)!.document_path!;
    expect(existsSync(path)).toBe(true);
    const done = await api.waitFinal(res.body.id);
    expect(done.body).toMatchObject({ status: 'succeeded', data: { amount: 13.05, currency: 'GBP' } });
    expect(done.body.warnings).toContainEqual(expect.objectContaining({ code: 'processed_async' }));
    expect(eventTypes(s, res.body.id)).toEqual(['extraction.completed']);
    expect(existsSync(path)).toBe(true); // 30 days under the default policy
  });

  it('tries a passing failure again and completes once', async () => {
    const runner = s.app.services.runner;
    const real = runner.run.bind(runner);
    let calls = 0;
    const spy = vi.spyOn(runner, 'run').mockImplementation(async (...args) => {
      calls += 1;
      if (calls === 1) throw new ServiceError('ocr_unavailable');
      return real(...args);
    });
    try {
      const res = await api.extract({ client_ocr: OCR, async: 'true' });
      const done = await api.waitFinal(res.body.id);
      expect(done.body.status).toBe('succeeded');
      expect(calls).toBe(2);
      expect(eventTypes(s, res.body.id)).toEqual(['extraction.completed']);
    } finally {
      spy.mockRestore();
    }
  });

  it('fails with its code after 3 attempts when a passing failure persists', async () => {
    const spy = vi.spyOn(s.app.services.runner, 'run').mockRejectedValue(new ServiceError('ocr_unavailable'));
    try {
      const res = await api.extract({ client_ocr: OCR, async: 'true' });
      const done = await api.waitFinal(res.body.id);
      expect(done.body).toMatchObject({ status: 'failed', error: { code: 'ocr_unavailable' } });
      expect(spy).toHaveBeenCalledTimes(3);
      expect(eventTypes(s, res.body.id)).toEqual(['extraction.failed']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('a stuck document', () => {
  let stuck: TestServer;
  beforeAll(async () => {
    stuck = await startTestServer({ queue: { attemptTimeoutMs: 50, retryDelayMs: 0, pollMs: 20 } });
  });
  afterAll(async () => stuck.close());

  it('fails with processing_timeout after 3 attempts, with one extraction.failed event', async () => {
    // A read that never ends, as a document that hangs the reader would.
    const spy = vi.spyOn(stuck.app.services.runner, 'run').mockImplementation(() => new Promise(() => undefined));
    try {
      const client = new ApiClient(injectTransport(stuck.app), stuck.boot.secret_key);
      const res = await client.extract({ client_ocr: OCR, async: 'true' });
      expect(res.status).toBe(202);
      const done = await client.waitFinal(res.body.id);
      expect(done.body).toMatchObject({ id: res.body.id, status: 'failed', error: { code: 'processing_timeout', message: expect.any(String) } });
      expect(spy).toHaveBeenCalledTimes(3);
      expect(eventTypes(stuck, res.body.id)).toEqual(['extraction.failed']);
      expect(countRows(stuck, 'jobs')).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('jobs outlive the process', () => {
  it('runs a job queued before a restart, and one whose worker died holding its lock; one that killed 3 attempts fails', async () => {
    const first = await startTestServer({ background: false });
    try {
      const client = new ApiClient(injectTransport(first.app), first.boot.secret_key);
      const a = await client.extract({ client_ocr: OCR, async: 'true' });
      const b = await client.extract({ client_ocr: OCR, async: 'true' });
      const c = await client.extract({ client_ocr: OCR, async: 'true' });
      expect([a.status, b.status, c.status]).toEqual([202, 202, 202]);
      // b was taken by a process that is gone: its lock runs for minutes yet.
      const db = first.app.services.db;
      db.prepare('UPDATE jobs SET attempts = 1, locked_until = ? WHERE extraction_id = ?').run(later(10 * 60_000).toISOString(), b.body.id);
      // c took down the process on each of its 3 attempts.
      db.prepare('UPDATE jobs SET attempts = 3, locked_until = ? WHERE extraction_id = ?').run(later(10 * 60_000).toISOString(), c.body.id);
      db.prepare("UPDATE extractions SET status = 'processing' WHERE id IN (?, ?)").run(b.body.id, c.body.id);
      await first.app.close();

      const second = await buildApp(first.config, { textWorkers: 1, queue: { pollMs: 20, retryDelayMs: 0 } });
      await second.ready();
      try {
        const again = new ApiClient(injectTransport(second), first.boot.secret_key);
        for (const id of [a.body.id, b.body.id]) {
          const done = await again.waitFinal(id);
          expect(done.body).toMatchObject({ id, status: 'succeeded' });
          expect(done.body.data.amount).toBe(12.5);
          expect(second.services.extractionsRepo.events(id).map((e) => e.type)).toEqual(['extraction.completed']);
        }
        const failed = await again.waitFinal(c.body.id);
        expect(failed.body).toMatchObject({ status: 'failed', error: { code: 'processing_timeout' } });
        expect(second.services.extractionsRepo.events(c.body.id).map((e) => e.type)).toEqual(['extraction.failed']);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});

describe('retention', () => {
  it("purges results, stored documents and event bodies after '1h'", async () => {
    const { api: hourly, boot: hourlyBoot } = withPolicy({ retention: '1h' });
    const sync = await hourly.extract({ client_ocr: OCR }, undefined, { 'idempotency-key': 'hourly-1' });
    expect(sync.status).toBe(200);
    const queued = await hourly.extract({ async: 'true' }, { bytes: TRUNCATED_PNG, type: 'image/png' });
    expect(queued.status).toBe(202);
    expect((await hourly.waitFinal(queued.body.id)).body.status).toBe('failed');
    const path = s.app.services.extractionsRepo.extraction(queued.body.id)!.document_path!;
    expect(existsSync(path)).toBe(true);
    const kept = await api.extract({ client_ocr: OCR }); // 30 days

    await s.app.services.retention.sweep(new Date());
    expect((await hourly.get(`/v1/extractions/${sync.body.id}`)).status).toBe(200);
    expect((await hourly.get(`/v1/extractions/${queued.body.id}`)).status).toBe(200);
    await s.app.services.retention.sweep(later(50 * 60_000));
    expect((await hourly.get(`/v1/extractions/${sync.body.id}`)).status).toBe(200);

    await s.app.services.retention.sweep(later(HOUR + 60_000));
    expectError(await hourly.get(`/v1/extractions/${sync.body.id}`), 404, 'extraction_not_found');
    expectError(await hourly.get(`/v1/extractions/${queued.body.id}`), 404, 'extraction_not_found');
    expect(countRows(s, 'extractions', 'id IN (?, ?)', sync.body.id, queued.body.id)).toBe(0);
    expect(existsSync(path)).toBe(false);
    // A replay of the purged request is not read again: its key still points at the purged result.
    const replay = await hourly.extract({ client_ocr: OCR }, undefined, { 'idempotency-key': 'hourly-1' });
    expectError(replay, 404, 'extraction_not_found');
    expect(countRows(s, 'extractions', 'application_id = ?', hourlyBoot.application)).toBe(0);
    for (const id of [sync.body.id, queued.body.id]) {
      const events = s.app.services.extractionsRepo.events(id);
      expect(events).toHaveLength(1);
      expect(JSON.parse(events[0].payload)).toEqual({ id: events[0].id, type: events[0].type, purged: true });
    }
    expect((await api.get(`/v1/extractions/${kept.body.id}`)).status).toBe(200);
  });

  it('keeps no synchronous result under zero retention', async () => {
    const { api: zero } = withPolicy({ retention: 'zero' });
    const res = await zero.extract({ client_ocr: OCR });
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(12.5);
    expectError(await zero.get(`/v1/extractions/${res.body.id}`), 404, 'extraction_not_found');
    const row = s.app.services.db.prepare('SELECT body FROM extractions WHERE id = ?').get(res.body.id) as { body: string | null } | undefined;
    expect(row?.body ?? null).toBeNull();
  });

  it('hands a queued result out once under zero retention, then 404; its document goes once read', async () => {
    const { api: zero } = withPolicy({ retention: 'zero' });
    const res = await zero.extract({ client_ocr: OCR, async: 'true' });
    expect(res.status).toBe(202);
    const once = await zero.waitFinal(res.body.id);
    expect(once.status).toBe(200);
    expect(once.body).toMatchObject({ status: 'succeeded', data: { amount: 12.5 } });
    expectError(await zero.get(`/v1/extractions/${res.body.id}`), 404, 'extraction_not_found');

    const file = await zero.extract({ async: 'true' }, { bytes: TRUNCATED_PNG, type: 'image/png' });
    const path = s.app.services.extractionsRepo.extraction(file.body.id)!.document_path!;
    expect(existsSync(path)).toBe(true);
    await vi.waitFor(() => expect(['succeeded', 'failed']).toContain(s.app.services.extractionsRepo.extraction(file.body.id)!.status), { timeout: 20_000, interval: 20 });
    expect(existsSync(path)).toBe(false); // not kept past its reading
    const read = await zero.get(`/v1/extractions/${file.body.id}`);
    expect(read.body).toMatchObject({ status: 'failed', error: { code: 'unreadable_image' } });
    expectError(await zero.get(`/v1/extractions/${file.body.id}`), 404, 'extraction_not_found');
  });

  it('purges an unread queued result under zero retention after its pickup hour', async () => {
    const { api: zero } = withPolicy({ retention: 'zero' });
    const res = await zero.extract({ client_ocr: OCR, async: 'true' });
    await vi.waitFor(() => expect(s.app.services.extractionsRepo.extraction(res.body.id)!.status).toBe('succeeded'), { timeout: 20_000, interval: 20 });
    await s.app.services.retention.sweep(later(HOUR + 60_000));
    expectError(await zero.get(`/v1/extractions/${res.body.id}`), 404, 'extraction_not_found');
  });

  it('forgets idempotency keys after 24 hours', async () => {
    const { api: other } = withPolicy({});
    const key = { 'idempotency-key': 'remembered-a-day' };
    expect((await other.extract({ client_ocr: OCR }, undefined, key)).status).toBe(200);
    expectError(await other.extract({ client_ocr: OCR, mode: 'fast' }, undefined, key), 409, 'idempotency_key_reused');
    await s.app.services.retention.sweep(later(25 * HOUR));
    const fresh = await other.extract({ client_ocr: OCR, mode: 'fast' }, undefined, key);
    expect(fresh.status).toBe(200);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps a failed result 7 days at most and a result 30 days under the default policy', async () => {
    const ok = await api.extract({ client_ocr: OCR });
    const queued = await api.extract({ async: 'true' }, { bytes: new Uint8Array(64).fill(5) });
    expect((await api.waitFinal(queued.body.id)).body.status).toBe('failed');
    await s.app.services.retention.sweep(later(6 * 24 * HOUR));
    expect((await api.get(`/v1/extractions/${queued.body.id}`)).status).toBe(200);
    await s.app.services.retention.sweep(later(7 * 24 * HOUR + 60_000));
    expectError(await api.get(`/v1/extractions/${queued.body.id}`), 404, 'extraction_not_found');
    await s.app.services.retention.sweep(later(29 * 24 * HOUR));
    expect((await api.get(`/v1/extractions/${ok.body.id}`)).status).toBe(200);
    await s.app.services.retention.sweep(later(30 * 24 * HOUR + 60_000));
    expectError(await api.get(`/v1/extractions/${ok.body.id}`), 404, 'extraction_not_found');
  });
});
