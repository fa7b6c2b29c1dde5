// The desktop app's local store: documents, results, corrections and the outbox commit whole,
// and a process killed at any moment loses nothing it reported done and leaves nothing half made.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStore } from '../../main/src/store/local-store.js';

const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'docex-desktop-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('LocalStore', () => {
  it('keeps a captured document once per content, its result, review state and outbox entry', () => {
    const store = LocalStore.open(freshDir());
    const bytes = randomBytes(5000);
    const doc = store.capture({ bytes, name: 'a.png', mediaType: 'image/png', source: 'file' });
    expect(doc).toMatchObject({ status: 'captured', review: 'pending', sync: 'local', server_id: null, bytes: 5000 });
    expect(doc.id).toBe(`doc_${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}`);
    expect(store.capture({ bytes, name: 'again.png', source: 'camera' }).id).toBe(doc.id);
    expect(store.documents()).toHaveLength(1);
    expect(store.files.read(doc.id).equals(bytes)).toBe(true);
    expect(store.unread()).toEqual([doc.id]);

    store.saveExtraction(doc.id, { result: { data: { amount: 1 } }, reviewRequired: true });
    expect(store.document(doc.id)).toMatchObject({ status: 'extracted', review: 'needed', sync: 'pending' });
    expect(store.unread()).toEqual([]);
    expect(store.documents({ review: 'needed' }).map((d) => d.id)).toEqual([doc.id]);
    const [item] = store.due(new Date().toISOString());
    expect(item).toMatchObject({ document_id: doc.id, kind: 'extraction', attempts: 0 });

    // A correction waits for its extraction to reach the server.
    store.recordCorrection({ id: 'lcor_1', document_id: doc.id, field: 'amount', previous_value: 1, value: 2, created_at: new Date().toISOString() }, { data: { amount: 2 } });
    expect(store.due(new Date().toISOString()).map((o) => o.kind)).toEqual(['extraction']);
    expect(store.result(doc.id)?.result).toEqual({ data: { amount: 2 } });
    store.retryLater(item.id, 'offline', new Date(Date.now() + 60_000).toISOString());
    expect(store.due(new Date().toISOString())).toEqual([]);
    expect(store.retryNow()).toBe(2);
    store.sent(item.id, 'svc_req_server');
    expect(store.serverIdOf(doc.id)).toBe('svc_req_server');
    const [correction] = store.due(new Date().toISOString());
    expect(correction).toMatchObject({ kind: 'correction', ref: 'lcor_1' });
    expect(store.document(doc.id)?.sync).toBe('pending');
    store.sent(correction.id, null);
    expect(store.document(doc.id)).toMatchObject({ sync: 'synced', server_id: 'svc_req_server' });
    store.close();
  });

  it('shows a document refused by the server as failed, and a failed extraction without an outbox entry', () => {
    const store = LocalStore.open(freshDir());
    const a = store.capture({ bytes: randomBytes(100), name: 'a', source: 'file' });
    const b = store.capture({ bytes: randomBytes(100), name: 'b', source: 'file' });
    store.saveExtraction(a.id, { result: {}, reviewRequired: false });
    store.refused(store.due(new Date().toISOString())[0].id, 'unsupported_media_type');
    expect(store.document(a.id)?.sync).toBe('failed');
    store.saveExtraction(b.id, { error: { code: 'unreadable_image', message: 'x' } });
    expect(store.document(b.id)).toMatchObject({ status: 'failed', sync: 'local' });
    expect(store.result(b.id)?.error?.code).toBe('unreadable_image');
    store.close();
  });

  it('loses nothing and leaves nothing half made when the process is killed at any moment', async () => {
    const dir = freshDir();
    const reported = { captured: new Set<string>(), extracted: new Set<string>() };
    for (let round = 0; round < 6; round++) {
      const child = spawn(TSX, ['test/desktop/support/store-writer.ts', dir], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Killed once it has written for a while: at a random point of a capture or a save.
      const started = Date.now();
      while (!out.includes('extracted') && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 20));
      expect(out, err).toContain('extracted');
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 400));
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
      for (const line of out.split('\n')) {
        const [what, id] = line.split(' ');
        if ((what === 'captured' || what === 'extracted') && id) reported[what].add(id);
      }
    }
    expect(reported.extracted.size).toBeGreaterThan(6);

    const store = LocalStore.open(dir);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    const docs = store.documents({ limit: 100_000 });
    const ids = new Set(docs.map((d) => d.id));
    // Nothing reported done is lost.
    for (const id of reported.captured) expect(ids.has(id), `captured ${id}`).toBe(true);
    for (const id of reported.extracted) expect(store.document(id)?.status, `extracted ${id}`).toBe('extracted');
    // Every row has its whole file, and every file its row (temporaries and orphans were removed at open).
    for (const d of docs) {
      const bytes = readFileSync(store.files.path(d.id));
      expect(bytes.length).toBe(d.bytes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(d.sha256);
    }
    expect(readdirSync(store.files.dir).sort()).toEqual([...ids].sort());
    // Each read document has exactly one result and one extraction in the outbox; an unread one none.
    const count = (sql: string, id: string) => store.db.prepare(sql).pluck().get(id) as number;
    for (const d of docs) {
      const results = count('SELECT COUNT(*) FROM extractions WHERE document_id = ?', d.id);
      const outbox = count("SELECT COUNT(*) FROM outbox WHERE document_id = ? AND kind = 'extraction'", d.id);
      expect([results, outbox]).toEqual(d.status === 'extracted' ? [1, 1] : [0, 0]);
    }
    // At most the one document being read at the kill of each round waits to be read again.
    expect(store.unread().length).toBeLessThanOrEqual(6);
    store.close();
  }, 180_000);
});
