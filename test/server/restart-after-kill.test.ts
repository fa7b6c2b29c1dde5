import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOSE, kill, killAll, sleep, slipWithItems, startServer, stop, TSX } from '../support/server-process.js';

/**
 * The queue's promise: jobs live in SQLite, so a server killed with SIGKILL while extractions
 * are queued or running finishes them after a restart on the same data directory, each exactly
 * once. The server runs as `npm start` does (tsx server/src/start.ts), in its own process group:
 * tsx runs the server in a child process, and SIGKILL on the group reaches both.
 */

const N = 28;
const FIRST_WAVE = 4;
/** Item lines in each receipt of the second wave: each takes tens of milliseconds to read, so the queue lags behind. */
const ITEMS = 600;
const run = promisify(execFile);

function openReadOnly(dataDir: string): Database.Database {
  return new Database(join(dataDir, 'docex.sqlite'), { readonly: true, fileMustExist: true });
}

describe('a server killed with queued extractions', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'docex-restart-'));

  afterAll(async () => {
    await killAll();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes every one after a restart, each exactly once', { timeout: 300_000 }, async () => {
    const { stdout } = await run(TSX, ['server/src/cli/cli.ts', 'bootstrap', '--data-dir', dataDir, '--json', '--rate-limit', '100000'], { cwd: process.cwd(), timeout: 60_000 });
    const boot = JSON.parse(stdout.trim().split('\n').pop()!) as { secret_key: string };
    const auth = { authorization: `Bearer ${boot.secret_key}`, ...CLOSE };

    // First life: queue a first wave and wait until one of it has finished (the text workers are
    // up), then queue a second wave all at once and kill the server as soon as the last is
    // accepted: it dies with extractions done, running and waiting.
    const first = await startServer(dataDir);
    const queue = (from: number, count: number, items: number) =>
      Promise.all(
        Array.from({ length: count }, async (_, k) => {
          const i = from + k;
          const form = new FormData();
          form.append('client_ocr', JSON.stringify(slipWithItems(i, items)));
          form.append('async', 'true');
          const res = await fetch(`${first.baseUrl}/v1/extractions`, { method: 'POST', headers: auth, body: form });
          const body = (await res.json()) as { id: string; status: string };
          return { status: res.status, id: body.id, i };
        }),
      );
    const wave1 = await queue(0, FIRST_WAVE, 0);
    const waitUntil = Date.now() + 120_000;
    for (;;) {
      const res = await fetch(`${first.baseUrl}/v1/extractions/${wave1[0].id}`, { headers: auth });
      if (((await res.json()) as { status: string }).status === 'succeeded') break;
      if (Date.now() > waitUntil) throw new Error(`the first extraction did not finish within 120 s:\n${first.output()}`);
      await sleep(50);
    }
    const wave2 = await queue(FIRST_WAVE, N - FIRST_WAVE, ITEMS);
    await kill(first);
    const accepted = [...wave1, ...wave2];
    expect(accepted.map((a) => a.status)).toEqual(Array(N).fill(202));
    expect(new Set(accepted.map((a) => a.id)).size).toBe(N);

    // What the killed process left: every extraction stored, some still with their jobs.
    const atKill = openReadOnly(dataDir);
    const left = atKill.prepare('SELECT COUNT(*) FROM jobs').pluck().get() as number;
    const byStatus = atKill.prepare('SELECT status, COUNT(*) AS n FROM extractions GROUP BY status').all();
    const stored = atKill.prepare("SELECT COUNT(*) FROM extractions WHERE id LIKE 'svc_req_%'").pluck().get() as number;
    atKill.close();
    console.info(`killed with ${left} of ${N} jobs left`, JSON.stringify(byStatus));
    expect(stored).toBe(N);
    expect(left, 'jobs left behind by the killed server').toBeGreaterThan(0);

    // Second life on the same directory: every extraction completes.
    const second = await startServer(dataDir);
    const deadline = Date.now() + 180_000;
    const results = new Map<string, { status: string; data?: { amount?: number } }>();
    while (results.size < N) {
      if (Date.now() > deadline) throw new Error(`only ${results.size} of ${N} finished within 180 s:\n${second.output()}`);
      for (const a of accepted) {
        if (results.has(a.id)) continue;
        const res = await fetch(`${second.baseUrl}/v1/extractions/${a.id}`, { headers: auth });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { status: string; data?: { amount?: number } };
        expect(['queued', 'processing', 'succeeded']).toContain(body.status);
        if (body.status === 'succeeded') results.set(a.id, body);
      }
      if (results.size < N) await sleep(250);
    }
    for (const a of accepted) expect(results.get(a.id)!.data?.amount, `extraction ${a.i}`).toBe(10 + a.i + 0.5);
    await stop(second);

    // Exactly once: one extraction.completed event an extraction, no failures, no jobs left.
    const db = openReadOnly(dataDir);
    try {
      const ids = accepted.map((a) => a.id);
      const events = db.prepare("SELECT extraction_id, type, COUNT(*) AS n FROM events WHERE type LIKE 'extraction.%' GROUP BY extraction_id, type").all() as { extraction_id: string; type: string; n: number }[];
      expect(events.filter((e) => e.type !== 'extraction.completed')).toEqual([]);
      expect(Object.fromEntries(events.map((e) => [e.extraction_id, e.n]))).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
      expect(db.prepare('SELECT COUNT(*) FROM jobs').pluck().get()).toBe(0);
      const statuses = db.prepare('SELECT status, COUNT(*) AS n FROM extractions GROUP BY status').all();
      expect(statuses).toEqual([{ status: 'succeeded', n: N }]);
    } finally {
      db.close();
    }
  });
});
