import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../../server/src/db/open-database.js';
import { RequestLogRepo, type RequestLogEntry } from '../../server/src/db/repos/request-log.js';

describe('request log', () => {
  const at = new Date().toISOString();
  const entry = (i: number): RequestLogEntry => ({ application_id: 'app_a', key_id: 'key_a', method: 'GET', route: '/v1/me', status: i % 10 === 0 ? 429 : 200, code: i % 10 === 0 ? 'rate_limited' : null, duration_ms: i, documents: i % 2, pages: i % 3, sdk: i % 4 === 0 ? 'web' : null, created_at: at });
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docex-log-'));
    db = openDatabase(dir);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes every row through its writer thread before a read of usage, with their values', async () => {
    const log = new RequestLogRepo(db, 60_000);
    try {
      for (let i = 0; i < 123; i++) log.record(entry(i));
      // Not written yet: the rows wait for the second's batch.
      expect(db.prepare('SELECT COUNT(*) FROM request_log').pluck().get()).toBe(0);
      const usage = await log.usage('app_a', '2000-01-01T00:00:00.000Z');
      expect(usage.requests).toBe(123);
      expect(usage.errors).toBe(13);
      expect(usage.documents).toBe(61);
      expect(usage.pages).toBe(Array.from({ length: 123 }, (_, i) => i % 3).reduce((a, b) => a + b, 0));
      expect(usage.durations).toEqual(Array.from({ length: 123 }, (_, i) => i));
      const rows = db.prepare('SELECT code, sdk, created_at FROM request_log ORDER BY duration_ms').all() as { code: string | null; sdk: string | null; created_at: string }[];
      expect(rows[120]).toEqual({ code: 'rate_limited', sdk: 'web', created_at: at });
      expect(rows[121]).toEqual({ code: null, sdk: null, created_at: at });
    } finally {
      await log.close();
    }
  });

  it('sends a batch on its own after a second, and writes on this thread once the writer is gone', async () => {
    const log = new RequestLogRepo(db, 50);
    log.record(entry(1));
    // No flush asked for: the timer sends it (the writer thread may take a while to start).
    await vi.waitFor(() => expect(db.prepare('SELECT COUNT(*) FROM request_log').pluck().get()).toBe(1), { timeout: 15_000, interval: 50 });
    await log.close();
    log.record(entry(2));
    expect((await log.usage('app_a', '2000-01-01T00:00:00.000Z')).requests).toBe(2);
    expect(await log.purge('2999-01-01T00:00:00.000Z')).toBe(2);
  });

  // The test's connection holds the write lock, so the writer thread cannot commit: whatever
  // reaches the log was written by the fallback, inside the test's transaction, exactly once.
  const underLock = async (run: () => Promise<void>) => {
    db.prepare('BEGIN IMMEDIATE').run();
    try {
      await run();
    } finally {
      db.prepare('COMMIT').run();
    }
  };
  const count = () => db.prepare('SELECT COUNT(*) FROM request_log').pluck().get();

  it('writes on this thread a batch the writer could not write', async () => {
    const log = new RequestLogRepo(db, 60_000);
    try {
      log.record(entry(1));
      // The writer waits out its 5 s busy timeout, answers "not written", and the batch is written here.
      await underLock(() => log.flush());
      expect(count()).toBe(1);
    } finally {
      await log.close();
    }
  });

  it('writes on this thread the batches of a writer that exits', async () => {
    const log = new RequestLogRepo(db, 60_000);
    await underLock(async () => {
      log.record(entry(1));
      const flushed = log.flush();
      await (log as unknown as { writer: Worker }).writer.terminate();
      await flushed;
    });
    expect(count()).toBe(1);
    log.record(entry(2));
    await log.flush();
    expect(count()).toBe(2);
    await log.close();
  });
});
