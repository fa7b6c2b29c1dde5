// The desktop backend as Electron's main process (and the browser tests' Node host) runs it: a
// real receipt read by the engine, reviewed, corrected, accepted, and synced to a real server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { DesktopBackend } from '../../main/src/backend/desktop-backend.js';
import { LocalStore } from '../../main/src/store/local-store.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';

const RECEIPT = readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url));
let s: TestServer;
let serverUrl: string;
const engine = new Engine();
const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'docex-backend-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await s?.close();
  await engine.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('DesktopBackend', () => {
  it('shows how far a long document has been read, page by page, and nothing once it is read', async () => {
    const backend = DesktopBackend.open({ dataDir: freshDir(), engine, sender: { pollMs: 60_000 } });
    const page = await sharp(RECEIPT).resize({ width: 600 }).png().toBuffer();
    const tiff = await sharp([page, page, page], { join: { animated: true } }).tiff().toBuffer();
    const seen: string[] = [];
    backend.on('changed', () => {
      const [d] = backend.documents();
      if (d?.progress) seen.push(`${d.progress.pages_read}/${d.progress.pages}`);
    });
    const doc = backend.capture({ bytes: tiff, name: 'three-pages.tiff', mediaType: 'image/tiff', source: 'file' });
    expect(backend.live(doc)).toMatchObject({ reading: true, progress: null });
    await backend.idle();
    expect(seen[0]).toBe('0/3');
    expect(seen).toContain('1/3');
    expect(seen).toContain('2/3');
    expect(seen).toEqual([...seen].sort());
    expect(backend.documents()[0]).toMatchObject({ status: 'extracted', reading: false, progress: null });
    expect(backend.review(doc.id).pages.map((p) => p.number)).toEqual([1, 2, 3]);
    await backend.close();
  });

  it('reads a captured receipt on the device, shows it for review, takes a correction and syncs both', async () => {
    const backend = DesktopBackend.open({ dataDir: freshDir(), engine, sender: { pollMs: 60_000 } });
    const doc = backend.capture({ bytes: RECEIPT, name: 'receipt.png', mediaType: 'image/png', source: 'file' });
    expect(doc.status).toBe('captured');
    expect(backend.documents()[0]).toMatchObject({ id: doc.id, reading: true });
    await backend.idle();
    const view = backend.review(doc.id);
    expect(view.document).toMatchObject({ status: 'extracted', sync: 'pending' });
    expect(view.result?.document_type).toBe('payment_receipt');
    expect(view.result?.fields.amount.value).toBe(13.05);
    expect(view.pages).toEqual([expect.objectContaining({ number: 1 })]);
    const image = await backend.pageImage(doc.id, 1);
    expect(image.type).toBe('image/png');
    expect((await sharp(image.bytes).metadata()).width).toBeGreaterThan(100);
    await expect(backend.pageImage(doc.id, 2)).rejects.toMatchObject({ code: 'extraction_not_found', param: 'page' });

    const corrected = backend.correct(doc.id, 'amount', 14.05);
    expect(corrected.field).toMatchObject({ value: 14.05, status: 'corrected' });
    expect(backend.review(doc.id).corrections).toEqual([expect.objectContaining({ field: 'amount', previous_value: 13.05, value: 14.05 })]);
    expect(() => backend.correct(doc.id, 'amount', 'many')).toThrow(expect.objectContaining({ code: 'invalid_correction' }));
    expect(backend.accept(doc.id).review).toBe('done');
    expect(backend.documents({ review: 'needed' }).map((d) => d.id)).not.toContain(doc.id);

    // Not configured yet: nothing is sent. A secret key is refused and nothing is saved.
    expect(await backend.syncOnce()).toBe(0);
    expect(() => backend.configure({ server_url: serverUrl, publishable_key: s.boot.secret_key })).toThrow(expect.objectContaining({ code: 'publishable_key_required' }));
    expect(backend.settings().publishable_key_hint).toBeNull();
    const settings = backend.configure({ server_url: serverUrl, publishable_key: s.boot.publishable_key, corrected_by: 'Counter 1' });
    expect(settings).toMatchObject({ server_url: serverUrl, publishable_key_hint: `...${s.boot.publishable_key.slice(-4)}`, send: 'lines', corrected_by: 'Counter 1' });
    expect(settings).not.toHaveProperty('publishable_key');
    expect(await backend.syncOnce()).toBe(2);
    const synced = backend.review(doc.id).document;
    expect(synced.sync).toBe('synced');
    const remote = (await s.app.inject({ method: 'GET', url: `/v1/extractions/${synced.server_id}`, headers: { authorization: `Bearer ${s.boot.secret_key}` } })).json();
    expect(remote.fields.amount).toMatchObject({ value: 14.05, status: 'corrected' });
    expect(remote.data.merchant).toBe(view.result?.data.merchant);
    await backend.close();
  }, 120_000);

  it('reads at start what was kept but not read when the app stopped, and refuses empty or unknown documents', async () => {
    const dir = freshDir();
    const store = LocalStore.open(dir);
    const kept = store.capture({ bytes: RECEIPT, name: 'r.png', mediaType: 'image/png', source: 'folder' });
    store.close();
    const backend = DesktopBackend.open({ dataDir: dir, engine, sender: { pollMs: 60_000 } });
    await backend.idle();
    expect(backend.review(kept.id).document.status).toBe('extracted');
    expect(() => backend.capture({ bytes: new Uint8Array(0), name: 'empty.png', source: 'file' })).toThrow(expect.objectContaining({ code: 'empty_file' }));
    expect(() => backend.review('doc_nope')).toThrow(expect.objectContaining({ code: 'extraction_not_found' }));
    // A file the engine cannot read is kept, marked failed, with the engine's code.
    const bad = backend.capture({ bytes: Buffer.from('not an image at all'), name: 'x.png', mediaType: 'image/png', source: 'file' });
    await backend.idle();
    expect(backend.review(bad.id)).toMatchObject({ document: { status: 'failed' }, error: { code: 'unsupported_media_type' } });
    await backend.close();
  }, 120_000);
});
