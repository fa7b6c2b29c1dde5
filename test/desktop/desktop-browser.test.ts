// The desktop app's screens in Chromium against its own backend run in Node (the same main-
// process modules as Electron, through the web host), syncing to a real server behind a proxy
// that takes the network away: offline, three receipts captured and read on the device, back
// online, exactly three extractions on the server; then a keyboard-only review and correction.
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { DesktopBackend } from '../../main/src/backend/desktop-backend.js';
import { webHost } from '../../main/src/web-host.js';
import { buildDesktopRenderer, chromiumMissing, launchChromium, openPage, screenshot } from '../support/console-browser.js';
import { startTestServer, type TestServer } from '../support/server-harness.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

if (chromiumMissing) console.log(`skipped: desktop browser tests, ${chromiumMissing}`);

const RECEIPT = readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url));
let s: TestServer;
let proxy: TcpProxy;
let backend: DesktopBackend;
let host: Server;
let hostUrl: string;
let browser: Browser;
let dataDir: string;
const engine = new Engine();

beforeAll(async () => {
  if (chromiumMissing) return;
  const ui = await buildDesktopRenderer();
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startTcpProxy((s.app.server.address() as { port: number }).port);
  dataDir = mkdtempSync(join(tmpdir(), 'docex-desktop-e2e-'));
  backend = DesktopBackend.open({ dataDir, engine, sender: { baseDelayMs: 200, maxDelayMs: 1000, pollMs: 300 } });
  host = webHost(backend, ui);
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', () => r()));
  hostUrl = `http://127.0.0.1:${(host.address() as { port: number }).port}/`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (host ? host.close(() => r()) : r()));
  await backend?.close();
  await engine.close();
  await proxy?.close();
  await s?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const serverCount = () => s.app.services.db.prepare('SELECT COUNT(*) FROM extractions WHERE application_id = ?').pluck().get(s.boot.application) as number;
const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
const syncStates = (page: Page) => page.locator('td[data-sync]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-sync')));

describe.skipIf(chromiumMissing !== null)('desktop app in Chromium on the Node backend', () => {
  it('captures three receipts offline, reads them on the device, and sends exactly three when back online', async () => {
    const page = await openPage(browser, 1280);
    await page.goto(`${hostUrl}#/settings`);
    await page.getByLabel('Server URL').fill(proxy.url);
    // A secret key is refused with the catalogue's code.
    await page.getByLabel(/^Publishable key/).fill(s.boot.secret_key);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'publishable_key_required' }).waitFor();
    await page.getByLabel(/^Publishable key/).fill(s.boot.publishable_key);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await proxy.offline();
    const variants = await Promise.all([1, 0.92, 0.85].map((scale) => sharp(RECEIPT).resize({ width: Math.round(800 * scale) }).png().toBuffer()));
    await page.getByRole('link', { name: 'Capture' }).click();
    await page.getByLabel('Open files').setInputFiles(variants.map((buffer, i) => ({ name: `receipt-${i + 1}.png`, mimeType: 'image/png', buffer })));
    await page.getByRole('link', { name: 'Documents' }).click();
    await until('three documents read', async () => (await page.locator('tr[data-document]').count()) === 3 && (await page.getByRole('cell', { name: /^reading/ }).count()) === 0);
    await screenshot(page, 'desktop-documents-offline');
    expect(await syncStates(page)).toEqual(['pending', 'pending', 'pending']);
    expect(serverCount()).toBe(0);

    await proxy.online();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await until('three synced', async () => (await syncStates(page)).every((x) => x === 'synced'));
    expect(serverCount()).toBe(3);
    // The backend keeps trying on its own too: still exactly three a while later.
    await new Promise((r) => setTimeout(r, 1500));
    expect(serverCount()).toBe(3);
    await screenshot(page, 'desktop-documents-synced');
    await page.context().close();
  }, 240_000);

  it('reviews a document with the keyboard alone and sends the correction', async () => {
    const page = await openPage(browser, 1280);
    const [doc] = backend.documents();
    await page.goto(`${hostUrl}#/review/${doc.id}`);
    await page.getByRole('heading', { level: 1, name: doc.name }).waitFor();
    await page.locator('img[alt="Page 1"]').waitFor();
    await page.locator('.field-list li.current').waitFor();
    // Down to the amount, Enter to edit, type, Enter to save.
    const paths = await page.locator('.field-list li code').allTextContents();
    const target = paths.indexOf('amount');
    await page.locator('.field-list li.current').focus();
    for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const input = page.getByLabel('Value of amount');
    await input.fill('99.5');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Corrected amount.' }).waitFor();
    await screenshot(page, 'desktop-review');
    await until('the correction on the server', async () => {
      const serverId = backend.review(doc.id).document.server_id;
      const remote = (await s.app.inject({ method: 'GET', url: `/v1/extractions/${serverId}`, headers: { authorization: `Bearer ${s.boot.secret_key}` } })).json();
      return remote.fields?.amount?.value === 99.5;
    });
    // A accepts it and moves on.
    await page.locator('.field-list li.current').focus();
    await page.keyboard.press('a');
    await until('accepted', () => backend.review(doc.id).document.review === 'done');
    await page.context().close();
  }, 120_000);
});
