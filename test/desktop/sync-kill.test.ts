// The desktop backend killed in the middle of a sync (SIGKILL while a request is on the wire),
// then started again: every document reaches the server, none twice.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { LocalStore } from '../../main/src/store/local-store.js';
import { SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
const DOCUMENTS = 8;
let s: TestServer;
let proxy: TcpProxy;
let dir: string;

beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  // Answers arrive 400 ms late, so a kill easily falls between a request and its answer.
  proxy = await startTcpProxy((s.app.server.address() as { port: number }).port, { delayMs: 400 });
  dir = mkdtempSync(join(tmpdir(), 'docex-sync-kill-'));
  const store = LocalStore.open(dir);
  const engine = new Engine();
  for (let i = 1; i <= DOCUMENTS; i++) {
    const lines = SLIP_CLIENT_OCR.lines.map((l) => (String(l.text).startsWith('TOTAL') ? { ...l, text: `TOTAL USD ${i}.00` } : l));
    const doc = store.capture({ bytes: randomBytes(1000), name: `slip-${i}.png`, source: 'camera' });
    const result = await engine.extract({ client_ocr: { ...SLIP_CLIENT_OCR, lines } }, 'payment_receipt', { options: { include_ocr: true } });
    store.saveExtraction(doc.id, { result, reviewRequired: false });
  }
  store.close();
  await engine.close();
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await s?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function runSync(killAfterChanges: number | null): Promise<{ out: string; killed: boolean }> {
  const child = spawn(TSX, ['test/desktop/support/sync-runner.ts', dir, proxy.url, s.boot.publishable_key], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let killed = false;
  return new Promise((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const changes = out.split('\n').filter((l) => l.startsWith('changed')).length;
      if (killAfterChanges !== null && !killed && changes >= killAfterChanges) {
        killed = true;
        // The next request is on its way: kill while it waits for its answer.
        setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 150);
      }
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', () => resolve({ out, killed }));
  });
}

it('loses no document and duplicates none when the backend is killed in the middle of a sync', async () => {
  const count = () => s.app.services.db.prepare('SELECT COUNT(*) FROM extractions WHERE application_id = ?').pluck().get(s.boot.application) as number;
  const first = await runSync(3);
  expect(first.killed).toBe(true);
  expect(first.out).not.toContain('done');
  const afterKill = count();
  expect(afterKill).toBeGreaterThanOrEqual(3);
  expect(afterKill).toBeLessThan(DOCUMENTS);
  // The kill fell after the server made an extraction and before the backend heard of it: that
  // one is sent again after the restart, and must not be made twice.
  const seen = LocalStore.open(dir);
  const syncedBeforeRestart = seen.documents().filter((d) => d.sync === 'synced').length;
  seen.close();
  expect(afterKill).toBeGreaterThan(syncedBeforeRestart);
  const second = await runSync(2);
  expect(second.killed).toBe(true);
  const third = await runSync(null);
  expect(third.out, third.out).toContain('done');

  expect(count()).toBe(DOCUMENTS);
  const store = LocalStore.open(dir);
  const docs = store.documents();
  expect(docs).toHaveLength(DOCUMENTS);
  expect(docs.every((d) => d.sync === 'synced')).toBe(true);
  const serverIds = new Set(docs.map((d) => d.server_id));
  expect(serverIds.size).toBe(DOCUMENTS);
  // Each server extraction is one of this store's documents, with its own amount.
  const amounts = s.app.services.db.prepare('SELECT id FROM extractions WHERE application_id = ?').pluck().all(s.boot.application) as string[];
  expect(new Set(amounts)).toEqual(serverIds);
  store.close();
}, 180_000);
