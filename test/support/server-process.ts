import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { SLIP_CLIENT_OCR } from './server-harness.js';

/**
 * The server as `npm start` runs it (tsx server/src/start.ts), in a process group of its own:
 * tsx runs the server in a child process, and a signal to the group reaches both. For the tests
 * that kill it and start it again on the same data directory.
 */

export const TSX = join(process.cwd(), 'node_modules/.bin/tsx');

/** Connections are not kept alive: an idle keep-alive connection can hold a graceful close for Fastify's keep-alive timeout. */
export const CLOSE = { connection: 'close' };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<void>;
  output: () => string;
}

const live = new Set<ServerProcess>();

/** Starts the server on a free loopback port; resolves once it answers. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(TSX, ['server/src/start.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DOCEX_LOG: 'off' },
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
  const server: ServerProcess = { child, baseUrl: `http://127.0.0.1:${port}`, exited, output: () => out };
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
export async function kill(server: ServerProcess): Promise<void> {
  try {
    process.kill(-server.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
  await server.exited;
  live.delete(server);
}

/** SIGTERM to tsx, which passes it to the server: a graceful close. SIGKILL if it takes over 30 s. */
export async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => void kill(server), 30_000);
  await server.exited;
  clearTimeout(timer);
  live.delete(server);
}

/** Kills every server still running (for afterAll). */
export async function killAll(): Promise<void> {
  for (const s of [...live]) await kill(s);
}

/** A slip with its own total (so no result can be taken for another's) and `items` item lines before it, each a little work to read. */
export function slipWithItems(i: number, items = 0) {
  const head = SLIP_CLIENT_OCR.lines.filter((l) => !String(l.text).startsWith('TOTAL') && l.text !== 'APPROVED');
  const box = (y: number) => ({ x: 0.1, y, width: 0.7, height: 0.002 });
  const filler = Array.from({ length: items }, (_, k) => ({ text: `ITEM ${k} WIDGET  ${(k % 9) + 1}.00`, bounding_box: box(0.25 + (0.6 * k) / items) }));
  return { ...SLIP_CLIENT_OCR, lines: [...head, ...filler, { text: `TOTAL USD ${10 + i}.50`, bounding_box: box(0.9) }, { text: 'APPROVED', bounding_box: box(0.93) }] };
}
