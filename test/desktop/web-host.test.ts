// The Node web host of the desktop backend: files only from the build, calls only from its own
// pages, bytes as {"$bytes": base64} both ways, errors as data.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { DesktopBackend } from '../../main/src/backend/desktop-backend.js';
import { webHost } from '../../main/src/web-host.js';

const RECEIPT = readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url));
const engine = new Engine();
let root: string;
let backend: DesktopBackend;
let host: Server;
let url: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'docex-webhost-'));
  mkdirSync(join(root, 'ui/assets'), { recursive: true });
  writeFileSync(join(root, 'ui/index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(root, 'ui/assets/app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'not to be served');
  backend = DesktopBackend.open({ dataDir: join(root, 'data'), engine, sender: { pollMs: 60_000 } });
  host = webHost(backend, join(root, 'ui'));
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(host.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => host.close(() => r()));
  await backend.close();
  await engine.close();
  rmSync(root, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const json = async (res: Response): Promise<Json> => res.json();
const kit = (channel: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${url}/kit/${channel}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('web host', () => {
  it('serves the build and answers its page for anything else, never a file outside it', async () => {
    expect(await (await fetch(`${url}/assets/app.js`)).text()).toBe('console.log(1)');
    expect(await (await fetch(`${url}/anything/deep`)).text()).toContain('<title>app</title>');
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets']) expect(await (await fetch(url + path)).text()).not.toContain('not to be served');
  });

  it('takes calls with bytes as base64 and answers bytes the same way', async () => {
    const captured = await json(await kit('capture', { bytes: { $bytes: RECEIPT.toString('base64') }, name: 'r.png', media_type: 'image/png', source: 'file' }));
    expect(captured).toMatchObject({ ok: true, value: { name: 'r.png', bytes: RECEIPT.length } });
    await backend.idle();
    const image = await json(await kit('page_image', { id: captured.value.id, page: 1 }));
    expect(image.ok).toBe(true);
    expect(Buffer.from(image.value.bytes.$bytes, 'base64').subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);

  it('refuses calls from another origin, bodies that are not JSON, and bad inputs, as data', async () => {
    const foreign = await kit('settings', {}, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await json(foreign)).ok).toBe(false);
    const notJson = await kit('settings', '{oops');
    expect(notJson.status).toBe(400);
    expect((await json(notJson)).error.code).toBe('invalid_json');
    expect((await json(await kit('capture', { bytes: 'plain text', name: 'x', source: 'file' }))).error).toMatchObject({ code: 'invalid_parameters', param: 'bytes' });
  });
});
