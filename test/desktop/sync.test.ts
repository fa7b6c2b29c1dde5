// The desktop outbox against a real server through a proxy that can take the network away:
// documents read offline reach the server once it is back, exactly once each (Idempotency-Key
// from the local id), corrections follow their extraction, and what the server refuses for good
// is shown as failed, never dropped.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { applyCorrection } from '../../server/src/extraction/apply-correction.js';
import { LocalStore } from '../../main/src/store/local-store.js';
import { backoffMs, OutboxSender } from '../../main/src/sync/outbox-sender.js';
import { ServerClient } from '../../main/src/sync/server-client.js';
import { SLIP_CLIENT_OCR, startTestServer, type TestServer } from '../support/server-harness.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

let s: TestServer;
let proxy: TcpProxy;
const engine = new Engine();
const dirs: string[] = [];

beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startTcpProxy((s.app.server.address() as { port: number }).port);
});
afterAll(async () => {
  await proxy?.close();
  await s?.close();
  await engine.close();
});
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function openStore(): LocalStore {
  const dir = mkdtempSync(join(tmpdir(), 'docex-sync-'));
  dirs.push(dir);
  return LocalStore.open(dir);
}

/** A slip read on the device (the engine on text lines, with its OCR pages kept for sync). */
async function readSlip(store: LocalStore, amount: string) {
  const lines = SLIP_CLIENT_OCR.lines.map((l) => (String(l.text).startsWith('TOTAL') ? { ...l, text: `TOTAL USD ${amount}` } : l));
  const doc = store.capture({ bytes: randomBytes(2000), name: `slip-${amount}.png`, mediaType: 'image/png', source: 'camera' });
  const result = await engine.extract({ client_ocr: { ...SLIP_CLIENT_OCR, lines } }, 'payment_receipt', { options: { include_ocr: true } });
  store.saveExtraction(doc.id, { result, reviewRequired: result.review.required });
  return doc.id;
}

const serverCount = (application: string) => s.app.services.db.prepare('SELECT COUNT(*) FROM extractions WHERE application_id = ?').pluck().get(application) as number;
const settings = () => ({ serverUrl: proxy.url, publishableKey: s.boot.publishable_key });

describe('desktop sync', () => {
  it('keeps three documents read offline, and sends each exactly once when the network is back', async () => {
    const other = s.bootAnother();
    const store = openStore();
    const client = new ServerClient({ serverUrl: proxy.url, publishableKey: other.publishable_key });
    const sender = new OutboxSender(store, () => client, { baseDelayMs: 50, maxDelayMs: 200 });
    await proxy.offline();
    const ids = [await readSlip(store, '10.00'), await readSlip(store, '20.00'), await readSlip(store, '30.00')];
    expect(await sender.runOnce()).toBe(0);
    for (const id of ids) expect(store.document(id)?.sync).toBe('pending');
    const waiting = store.db.prepare("SELECT attempts, last_error FROM outbox WHERE kind = 'extraction' ORDER BY id").all() as { attempts: number; last_error: string | null }[];
    expect(waiting[0].attempts).toBe(1);
    expect(waiting[0].last_error).toMatch(/ECONNREFUSED|socket|fetch failed/i);
    expect(serverCount(other.application)).toBe(0);

    await proxy.online();
    store.retryNow();
    expect(await sender.runOnce()).toBe(3);
    expect(serverCount(other.application)).toBe(3);
    for (const [i, id] of ids.entries()) {
      const doc = store.document(id)!;
      expect(doc).toMatchObject({ sync: 'synced' });
      const remote = await s.app.inject({ method: 'GET', url: `/v1/extractions/${doc.server_id}`, headers: { authorization: `Bearer ${other.secret_key}` } });
      expect(remote.json()).toMatchObject({ status: 'succeeded', document_type: 'payment_receipt', data: { amount: (i + 1) * 10 } });
    }
    // Sent again (the answer was lost before it was recorded): still three on the server, the same ids.
    const before = ids.map((id) => store.document(id)!.server_id);
    store.db.prepare("UPDATE outbox SET state = 'pending', next_attempt_at = ?").run(new Date(0).toISOString());
    expect(await sender.runOnce()).toBe(3);
    expect(serverCount(other.application)).toBe(3);
    expect(ids.map((id) => store.document(id)!.server_id)).toEqual(before);
    // Another device with the same document and key: the same server extraction.
    const second = openStore();
    second.capture({ bytes: store.files.read(ids[0]), name: 'same.png', source: 'folder' });
    second.saveExtraction(ids[0], { result: store.result(ids[0])!.result, reviewRequired: false });
    await new OutboxSender(second, () => new ServerClient({ serverUrl: proxy.url, publishableKey: other.publishable_key })).runOnce();
    expect(second.document(ids[0])?.server_id).toBe(before[0]);
    expect(serverCount(other.application)).toBe(3);
  }, 60_000);

  it('sends a correction made in review after its extraction, with who made it', async () => {
    const store = openStore();
    const id = await readSlip(store, '12.50');
    const result = store.result(id)!.result as Parameters<typeof applyCorrection>[0];
    const applied = applyCorrection(result, ['amount'], 13.75, null);
    store.recordCorrection({ id: 'lcor_sync_1', document_id: id, field: 'amount', previous_value: applied.previous, value: applied.value, created_at: new Date().toISOString() }, result);
    const sender = new OutboxSender(store, () => new ServerClient(settings()), { correctedBy: 'Counter 2' });
    expect(await sender.runOnce()).toBe(2);
    const serverId = store.document(id)!.server_id;
    const remote = (await s.app.inject({ method: 'GET', url: `/v1/extractions/${serverId}`, headers: { authorization: `Bearer ${s.boot.secret_key}` } })).json();
    expect(remote.fields.amount).toMatchObject({ value: 13.75, status: 'corrected' });
    const recorded = s.app.services.db.prepare('SELECT email FROM corrections WHERE extraction_id = ?').pluck().all(serverId);
    expect(recorded).toEqual(['Counter 2']);
    expect(store.document(id)?.sync).toBe('synced');
  });

  it('refuses a secret key before sending anything, and a URL that is not http', () => {
    expect(() => new ServerClient({ serverUrl: proxy.url, publishableKey: s.boot.secret_key })).toThrow(expect.objectContaining({ code: 'publishable_key_required' }));
    expect(() => new ServerClient({ serverUrl: 'ftp://x', publishableKey: s.boot.publishable_key })).toThrow(expect.objectContaining({ code: 'invalid_parameters' }));
  });

  it('marks what the server refuses for good as failed, keeps it, and goes on with the rest', async () => {
    const store = openStore();
    const good = await readSlip(store, '5.00');
    const empty = store.capture({ bytes: randomBytes(100), name: 'blank.png', source: 'file' });
    // A result whose lines the server cannot read: an empty page.
    store.saveExtraction(empty.id, { result: { document_type: 'payment_receipt', ocr: { pages: [{ page: 1, width: 10, height: 10, lines: [] }] } }, reviewRequired: false });
    const sender = new OutboxSender(store, () => new ServerClient(settings()));
    expect(await sender.runOnce()).toBe(1);
    expect(store.document(good)?.sync).toBe('synced');
    expect(store.document(empty.id)?.sync).toBe('failed');
    expect(store.db.prepare('SELECT last_error FROM outbox WHERE document_id = ?').pluck().get(empty.id)).toMatch(/^invalid_client_ocr/);
    expect(store.files.read(empty.id).length).toBe(100);
  });

  it('waits longer after each failure, within its cap, with jitter', () => {
    expect(backoffMs(0, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffMs(3, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffMs(20, 1000, 60_000, () => 1)).toBe(60_000);
    expect(backoffMs(3, 1000, 60_000, () => 0)).toBe(4000);
  });
});
