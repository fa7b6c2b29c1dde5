import Database from 'better-sqlite3';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SLIP_CLIENT_OCR } from '../support/server-harness.js';
import { freePort } from '../support/free-port.js';

/**
 * The queue's promise: jobs live in SQLite, so a server killed with SIGKILL while extractions
 * are queued or running finishes them after a restart on the same data directory, each exactly
 * once. The server runs as `npm start` does (tsx server/src/start.ts), in its own process group:
 * tsx runs the server in a child process, and SIGKILL on the group reaches both.
 */

const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
const N = 28;
const FIRST_WAVE = 4;
/** Item lines in each receipt of the second wave: each takes tens of milliseconds to read, so the queue lags behind. */
const ITEMS = 600;
const run = promisify(execFile);

interface Server {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<void>;
  output: () => string;
}

const live = new Set<Server>();
/** Connections are not kept alive: an idle keep-alive connection can hold a graceful close for Fastify's 72 s keep-alive timeout. */
const CLOSE = { connection: 'close' };


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(TSX, ['server/src/start.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DOCEX_LOG: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let gone = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      gone = true;
      resolve();
    }),
  );
  const server: Server = { child, baseUrl: `http://127.0.0.1:${port}`, exited, output: () => out };
  live.add(server);
  // Ready when the public description answers (tsx compiles on a slow machine: allow a minute and a half).
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`the server exited before listening:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the server did not listen within 90 s:\n${out}`);
    try {
      const res = await fetch(`${server.baseUrl}/v1/openapi.json`, { headers: CLOSE });
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

/** SIGKILL to the whole group: tsx and the server process it runs. */
async function kill(server: Server): Promise<void> {
  try {
    process.kill(-server.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
  await server.exited;
  live.delete(server);
}

/** SIGTERM to tsx, which passes it to the server: a graceful close. SIGKILL if it takes over 30 s. */
async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => void kill(server), 30_000);
  await server.exited;
  clearTimeout(timer);
  live.delete(server);
}

/** A slip with its own total (so no result can be taken for another's) and `items` item lines before it. */
function receipt(i: number, items = 0) {
  const head = SLIP_CLIENT_OCR.lines.filter((l) => !String(l.text).startsWith('TOTAL') && l.text !== 'APPROVED');
  const box = (y: number) => ({ x: 0.1, y, width: 0.7, height: 0.002 });
  const filler = Array.from({ length: items }, (_, k) => ({ text: `ITEM ${k} WIDGET  ${(k % 9) + 1}.00`, bounding_box: box(0.25 + (0.6 * k) / items) }));
  return { ...SLIP_CLIENT_OCR, lines: [...head, ...filler, { text: `TOTAL USD ${10 + i}.50`, bounding_box: box(0.9) }, { text: 'APPROVED', bounding_box: box(0.93) }] };
}

function openReadOnly(dataDir: string): Database.Database {
  return new Database(join(dataDir, 'docex.sqlite'), { readonly: true, fileMustExist: true });
}

describe('a server killed with queued extractions', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'docex-restart-'));

  afterAll(async () => {
    for (const s of [...live]) await kill(s);
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
          form.append('client_ocr', JSON.stringify(receipt(i, items)));
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
