import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOSE, kill, killAll, slipWithItems, startServer, TSX, type ServerProcess } from '../support/server-process.js';

/**
 * Idempotency across a crash (Stripe's semantics): a burst of `POST /v1/extractions` with
 * `Idempotency-Key`s is cut by SIGKILL; after a restart on the same data directory the same
 * requests, resent with the same keys, must each get an extraction. A key whose first request
 * finished replays that extraction; a key whose first request never finished lets the retry do
 * the work (once, even when two retries race), never a 404 for a purge that did not happen.
 * The server runs as `npm start` does, in its own process group, as in restart-after-kill.test.ts.
 */

const N = 30;
/** Item lines in each slip: each takes tens of milliseconds to read, so the burst is still being read at the kill. */
const ITEMS = 600;
const run = promisify(execFile);

interface Answer {
  i: number;
  status: number;
  id?: string;
  code?: string;
  replayed: boolean;
}

describe('idempotency keys across a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'docex-idem-crash-'));

  afterAll(async () => {
    await killAll();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets every retry of a burst cut by SIGKILL get its extraction, once', { timeout: 300_000 }, async () => {
    const { stdout } = await run(TSX, ['server/src/cli/cli.ts', 'bootstrap', '--data-dir', dataDir, '--json', '--rate-limit', '100000'], { cwd: process.cwd(), timeout: 60_000 });
    const boot = JSON.parse(stdout.trim().split('\n').pop()!) as { secret_key: string };
    const bodies = Array.from({ length: N }, (_, i) => JSON.stringify(slipWithItems(i, ITEMS)));
    const send = async (server: ServerProcess, i: number): Promise<Answer> => {
      const form = new FormData();
      form.append('client_ocr', bodies[i]);
      const res = await fetch(`${server.baseUrl}/v1/extractions`, { method: 'POST', headers: { authorization: `Bearer ${boot.secret_key}`, 'idempotency-key': `crash-burst-${i}`, ...CLOSE }, body: form });
      const body = (await res.json()) as { id?: string; error?: { code: string } };
      return { i, status: res.status, id: body.id, code: body.error?.code, replayed: res.headers.get('idempotent-replayed') === 'true' };
    };

    // First life: the whole burst at once, killed as soon as the first answer is back.
    const first = await startServer(dataDir);
    let answered!: () => void;
    const firstAnswer = new Promise<void>((r) => (answered = r));
    const burst = Array.from({ length: N }, (_, i) =>
      send(first, i).then(
        (a) => {
          answered();
          return a;
        },
        () => null, // cut by the kill
      ),
    );
    await Promise.race([firstAnswer, Promise.all(burst)]);
    await kill(first);
    const before = new Map((await Promise.all(burst)).filter((a): a is Answer => a !== null && a.status === 200).map((a) => [a.i, a.id!]));

    // What the killed process left: claims whose request never stored an extraction.
    const atKill = new Database(join(dataDir, 'docex.sqlite'), { readonly: true, fileMustExist: true });
    const unfinished = atKill.prepare('SELECT COUNT(*) FROM idempotency_keys k WHERE NOT EXISTS (SELECT 1 FROM extractions e WHERE e.id = k.extraction_id)').pluck().get() as number;
    const storedRows = atKill.prepare('SELECT k.idempotency_key AS key, e.id FROM idempotency_keys k JOIN extractions e ON e.id = k.extraction_id').all() as { key: string; id: string }[];
    atKill.close();
    // Stored before the kill, answered or not.
    const stored = new Map(storedRows.map((r) => [Number(r.key.slice('crash-burst-'.length)), r.id]));
    console.info(`killed with ${before.size} of ${N} answered, ${stored.size} stored, ${unfinished} claims unfinished`);
    for (const [i, id] of before) expect(stored.get(i), `request ${i} answered before the kill`).toBe(id);
    expect(unfinished, 'claims left unfinished by the kill').toBeGreaterThan(0);

    // Second life: each request resent twice at once with its key.
    const second = await startServer(dataDir);
    const retries = await Promise.all(Array.from({ length: 2 * N }, (_, k) => send(second, k % N)));
    for (const r of retries) {
      expect(r.code, `retry of request ${r.i}`).toBeUndefined();
      expect([200, 202], `retry of request ${r.i}`).toContain(r.status);
      expect(r.id, `retry of request ${r.i}`).toMatch(/^svc_req_/);
    }
    for (let i = 0; i < N; i++) {
      const pair = retries.filter((r) => r.i === i);
      expect(pair[0].id, `the two retries of request ${i}`).toBe(pair[1].id);
      // A request stored before the kill is replayed; one cut before that is done by one retry.
      if (stored.has(i)) expect(pair.map((r) => [r.id, r.replayed]), `request ${i}`).toEqual([[stored.get(i), true], [stored.get(i), true]]);
      else expect(pair.filter((r) => !r.replayed), `request ${i}`).toHaveLength(1);
    }

    // After success the same key replays the same extraction.
    const again = await Promise.all(Array.from({ length: N }, (_, i) => send(second, i)));
    for (const a of again) expect([a.status, a.id, a.replayed], `replay of request ${a.i}`).toEqual([200, retries[a.i].id, true]);
    await kill(second);

    // One extraction a key, each counted once.
    const db = new Database(join(dataDir, 'docex.sqlite'), { readonly: true, fileMustExist: true });
    try {
      expect(db.prepare('SELECT COUNT(*) FROM extractions').pluck().get()).toBe(N);
      expect(db.prepare('SELECT COUNT(*) FROM idempotency_keys k JOIN extractions e ON e.id = k.extraction_id').pluck().get()).toBe(N);
      expect(db.prepare("SELECT documents FROM monthly_usage WHERE subject LIKE 'org:%'").pluck().all()).toEqual([N]);
    } finally {
      db.close();
    }
  });
});
