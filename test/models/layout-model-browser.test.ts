// The layout model in a real browser: the project's browser path (urlFileSource -> loadLayoutModel
// with its sha256 check in crypto.subtle -> createOnnxWebRuntime, onnxruntime-web's WebAssembly
// backend) bundled from test/models/support/layout-model-page.ts and run in Chromium gives the
// same role probabilities, line by line, as onnxruntime-node does in Node; an altered model file
// is refused in the page.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { ROLES, type Role } from '../../engine/src/extract/layout-model/roles.js';
import { layoutDocument, type DocumentText } from '../../engine/src/extract/layout/document-text.js';
import { createOnnxNodeRuntime } from '../../engine/src/runtime/node/onnx-node-runtime.js';
import { loadLayoutModel } from '../../models/src/load-layout-model.js';
import type { ModelFileSource } from '../../models/src/load-ocr-models.js';
import { LAYOUT_MODEL } from '../../models/src/manifest.js';
import { packageFileSource } from '../../models/src/node/package-file-source.js';
import { chromiumMissing, launchChromium } from '../support/console-browser.js';
import { receiptPage, type Cell } from '../support/receipt-lines.js';
import type { LayoutModelPage, PageRoles } from './support/layout-model-page.js';

if (chromiumMissing) console.log(`skipped: layout model browser tests, ${chromiumMissing}`);

const ENTRY = fileURLToPath(new URL('./support/layout-model-page.ts', import.meta.url));
// onnxruntime-web's dist folder (its .wasm files and WebAssembly glue), served to the page as its wasmPaths.
const ORT_DIST = dirname(createRequire(import.meta.url).resolve('onnxruntime-web'));

const RECEIPT: (string | Cell[])[] = [
  'GREENLEAF MART SDN BHD',
  'NO 12, JALAN MAWAR 3, TAMAN MELATI',
  '47301 PETALING JAYA, SELANGOR',
  'TEL: 03-7865 4321',
  'RECEIPT NO: 004512',
  [{ text: 'Date: 12/05/2024', x: 0.05 }, { text: 'Time: 14:32', x: 0.6 }],
  [{ text: 'Full cream milk 1L', x: 0.05 }, { text: '6.50', x: 0.8 }],
  [{ text: 'Wholemeal bread', x: 0.05 }, { text: '4.20', x: 0.8 }],
  [{ text: 'Eggs grade A 10pcs', x: 0.05 }, { text: '5.90', x: 0.8 }],
  [{ text: '2 x Fuji apples', x: 0.05 }, { text: '8.40', x: 0.8 }],
  [{ text: 'SUBTOTAL', x: 0.05 }, { text: '25.00', x: 0.8 }],
  [{ text: 'SST 6%', x: 0.05 }, { text: '1.50', x: 0.8 }],
  [{ text: 'TOTAL', x: 0.05 }, { text: '26.50', x: 0.8 }],
  [{ text: 'CASH', x: 0.05 }, { text: '30.00', x: 0.8 }],
  [{ text: 'CHANGE', x: 0.05 }, { text: '3.50', x: 0.8 }],
  'THANK YOU, PLEASE COME AGAIN',
];
const MODEL_PATH = `/${LAYOUT_MODEL.package}/${LAYOUT_MODEL.file}`;

let tmp: string;
let server: Server;
let origin: string;
let browser: Browser;
let page: Page;
let doc: DocumentText;
/** Node's answer, probs[line][role] in ROLES order. */
let nodeProbs: number[][];
/** Paths the page asked the server for. */
const requested: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  if (chromiumMissing) return;
  // The model file is read once, so Node and the page see the same bytes even if it is replaced meanwhile.
  const bytes = await packageFileSource().read(LAYOUT_MODEL);
  const altered = bytes.slice();
  altered[altered.length >> 1] ^= 0xff;

  doc = layoutDocument(parseClientOcr(receiptPage(RECEIPT)).pages);
  const snapshot: ModelFileSource = { read: async () => bytes };
  const model = await loadLayoutModel(createOnnxNodeRuntime(), snapshot);
  try {
    const roles = await model.roles(doc);
    nodeProbs = doc.lines.map((l) => ROLES.map((r) => roles.prob(l.index, r)));
  } finally {
    await model.release();
  }

  tmp = mkdtempSync(join(tmpdir(), 'docex-layout-page-'));
  await build({ entryPoints: [ENTRY], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', outfile: join(tmp, 'page.js'), logLevel: 'warning' });
  const bundle = readFileSync(join(tmp, 'page.js'));
  const html = '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>layout model</title><script type="module" src="/page.js"></script></head><body></body></html>';

  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requested.push(path);
    const send = (type: string, body: string | Uint8Array) => {
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (path === '/') return send('text/html; charset=utf-8', html);
    if (path === '/page.js') return send('text/javascript', bundle);
    if (path === `/models${MODEL_PATH}`) return send('application/octet-stream', bytes);
    if (path === `/altered${MODEL_PATH}`) return send('application/octet-stream', altered);
    if (path.startsWith('/ort/')) {
      const name = basename(path);
      try {
        const type = name.endsWith('.wasm') ? 'application/wasm' : name.endsWith('.mjs') || name.endsWith('.js') ? 'text/javascript' : 'application/octet-stream';
        return send(type, readFileSync(join(ORT_DIST, name)));
      } catch {
        // not found below
      }
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    // onnxruntime's WebAssembly build logs its warnings (`[W:onnxruntime:...] Unknown CPU vendor`) on stderr, which the page shows as errors.
    if (m.type() === 'error' && !/\[W:onnxruntime:/.test(m.text())) pageErrors.push(m.text());
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction('typeof globalThis.layoutModelPage === "object"');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** The page's answer for `doc`, the model fetched from `${origin}${base}`. */
const inPage = (base: string): Promise<PageRoles> =>
  page.evaluate(
    ({ doc, modelBase, wasmPaths }) => (globalThis as unknown as { layoutModelPage: LayoutModelPage }).layoutModelPage.layoutRoles(doc, modelBase, wasmPaths),
    { doc, modelBase: `${origin}${base}`, wasmPaths: `${origin}/ort/` },
  );

const likeliest = (probs: number[][], role: Role) => {
  const k = ROLES.indexOf(role);
  return probs.reduce((best, row, i) => (row[k] > probs[best][k] ? i : best), 0);
};

describe.skipIf(chromiumMissing !== null)('layout model in Chromium (onnxruntime-web)', () => {
  it('gives the same role probabilities as onnxruntime-node, every line and role within 1e-4', async () => {
    const web = await inPage('/models');
    expect(web.runtime).toMatch(/^onnxruntime-web\//);
    // The WebAssembly backend ran from the files served as wasmPaths.
    expect(requested.some((p) => p.startsWith('/ort/') && p.endsWith('.wasm'))).toBe(true);

    expect(doc.lines.length).toBe(RECEIPT.reduce<number>((n, row) => n + (typeof row === 'string' ? 1 : row.length), 0));
    expect(web.probs.length).toBe(doc.lines.length);
    expect(nodeProbs.length).toBe(doc.lines.length);
    let worst = 0;
    for (let i = 0; i < doc.lines.length; i++) {
      expect(web.probs[i].length).toBe(ROLES.length);
      for (let k = 0; k < ROLES.length; k++) {
        expect(web.probs[i][k]).toBeGreaterThanOrEqual(0);
        expect(web.probs[i][k]).toBeLessThanOrEqual(1);
        worst = Math.max(worst, Math.abs(web.probs[i][k] - nodeProbs[i][k]));
      }
    }
    expect(worst).toBeLessThan(1e-4);

    // And the answer means something: the shop's name is the likeliest merchant line in both.
    const shop = doc.lines.findIndex((l) => l.text === 'GREENLEAF MART SDN BHD');
    expect(shop).toBeGreaterThanOrEqual(0);
    expect(likeliest(nodeProbs, 'merchant')).toBe(shop);
    expect(likeliest(web.probs, 'merchant')).toBe(shop);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('refuses an altered model file with the sha256 check, before opening it', async () => {
    await expect(inPage('/altered')).rejects.toThrow(/sha256 [0-9a-f]{64} is not the manifest's/);
    expect(requested).toContain(`/altered${MODEL_PATH}`);
  }, 60_000);
});
