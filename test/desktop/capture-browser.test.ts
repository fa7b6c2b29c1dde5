// Capture in Chromium, under the app's own Content-Security-Policy: a fake camera plays a
// receipt photographed at an angle; the outline is found live, the photo is straightened and
// read on the device. Without a camera, a clear message instead of a crash. A long document
// shows its reading page by page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../engine/src/node/engine.js';
import { DesktopBackend } from '../../main/src/backend/desktop-backend.js';
import { webHost } from '../../main/src/web-host.js';
import { angledPhoto, nodeOpenCv, RECEIPT, y4m } from '../support/angled-photo.js';
import { buildDesktopRenderer, chromiumMissing, launchChromium, screenshot } from '../support/console-browser.js';

if (chromiumMissing) console.log(`skipped: desktop capture browser tests, ${chromiumMissing}`);

let backend: DesktopBackend;
let host: Server;
let hostUrl: string;
let withCamera: Browser;
let withoutCamera: Browser;
let dir: string;
const engine = new Engine();

beforeAll(async () => {
  if (chromiumMissing) return;
  dir = mkdtempSync(join(tmpdir(), 'docex-camera-'));
  const { cv } = await nodeOpenCv();
  const picture = await angledPhoto(cv, [{ x: 330, y: 60 }, { x: 900, y: 110 }, { x: 950, y: 900 }, { x: 290, y: 860 }], 1280, 960);
  const video = join(dir, 'counter.y4m');
  writeFileSync(video, y4m(picture));
  const ui = await buildDesktopRenderer();
  backend = DesktopBackend.open({ dataDir: join(dir, 'data'), engine });
  host = webHost(backend, ui);
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', () => r()));
  hostUrl = `http://127.0.0.1:${(host.address() as { port: number }).port}/`;
  withCamera = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`]);
  withoutCamera = await launchChromium();
}, 180_000);

afterAll(async () => {
  await withCamera?.close();
  await withoutCamera?.close();
  await new Promise<void>((r) => (host ? host.close(() => r()) : r()));
  await backend?.close();
  await engine.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(chromiumMissing !== null)('desktop capture in Chromium', () => {
  it('outlines the receipt live, takes it straightened, and reads it on the device', async () => {
    // No bypassCSP: the page's own policy applies, as in Electron.
    const page = await (await withCamera.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${hostUrl}#/capture`);
    await page.getByRole('button', { name: 'Use camera' }).click();
    await page.getByRole('status').filter({ hasText: 'Document found' }).waitFor({ timeout: 60_000 });
    await expect(page.locator('.camera-view').getAttribute('data-outline')).resolves.toBe('found');
    await screenshot(page, 'desktop-camera');
    await page.getByRole('button', { name: 'Take photo' }).click();

    const end = Date.now() + 60_000;
    while (!backend.documents().some((d) => d.status !== 'captured' && !d.reading) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    const [doc] = backend.documents();
    expect(doc).toMatchObject({ source: 'camera', media_type: 'image/jpeg', status: 'extracted' });
    expect(doc.name).toMatch(/^camera-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.jpg$/);
    const review = backend.review(doc.id);
    expect(review.result?.data.amount).toBe(13.05);
    // Straightened: the photo is the receipt's shape (taller than wide), not the 4:3 frame.
    const [kept] = review.pages;
    expect(kept.height / kept.width).toBeGreaterThan(1.2);
    await page.getByRole('button', { name: 'Stop camera' }).click();
    await page.getByRole('button', { name: 'Use camera' }).waitFor();
    expect(problems).toEqual([]);
  }, 180_000);

  it('says so when there is no camera', async () => {
    const page = await (await withoutCamera.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${hostUrl}#/capture`);
    await page.getByRole('button', { name: 'Use camera' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/No camera was found|camera was not allowed/);
    await page.getByRole('button', { name: 'Use camera' }).waitFor();
  }, 60_000);

  it('shows a long document read page by page', async () => {
    const page = await (await withoutCamera.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${hostUrl}#/capture`);
    const one = await sharp(RECEIPT).resize({ width: 900 }).png().toBuffer();
    const tiff = await sharp([one, one, one, one], { join: { animated: true } }).tiff().toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'four-pages.tiff', mimeType: 'image/tiff', buffer: tiff });
    const item = page.locator('li', { hasText: 'four-pages.tiff' });
    // After the first page, the bar has a value and the text names the page being read.
    await item.getByText(/reading page [2-4] of 4…/).waitFor({ timeout: 60_000 });
    const bar = item.getByRole('progressbar', { name: 'Reading four-pages.tiff' });
    expect(Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(1);
    expect(await bar.getAttribute('max')).toBe('4');
    await item.getByText('extracted').waitFor({ timeout: 60_000 });
    expect(await item.getByRole('progressbar').count()).toBe(0);
  }, 120_000);
});
