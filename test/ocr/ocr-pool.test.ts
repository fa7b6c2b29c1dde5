// OcrPool: intake and OCR in a worker thread, so the caller's event loop keeps running; errors
// cross the thread boundary as ServiceErrors with the document's code.
import { rmSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrPage } from '../../engine/src/contracts/ocr.js';
import { ServiceError } from '../../engine/src/errors/service-error.js';
import { OcrPool } from '../../engine/src/node/ocr-pool.js';
import { ciiInvoice } from '../extract/embedded-invoice-fixtures.js';
import { attachmentPdf, textPdf } from '../intake/pdf-builder.js';
import { makeTempDir, normalizeText, pseudoRandomBytes, RECEIPT_LINES, receiptJpeg, receiptPng } from '../support/render-receipt.js';
import { serviceErrorFrom } from '../support/service-error.js';

const LONG_LINES = Array.from({ length: 14 }, (_, i) => `ITEM ${String(i + 1).padStart(2, '0')} ${(i * 2.25 + 1).toFixed(2)}`);

let pool: OcrPool;
let png: Uint8Array;

beforeAll(async () => {
  // One ORT thread: the other core stays free for the main thread being measured.
  pool = new OcrPool({ threads: 1 });
  png = new Uint8Array(await receiptPng(RECEIPT_LINES, { width: 600, height: 400 }));
  await pool.warmUp();
});

afterAll(async () => {
  await pool?.close();
});

describe('OcrPool', () => {
  it('reads a PNG off the main thread: a 10 ms interval keeps ticking while it runs', async () => {
    const bytes = new Uint8Array(await receiptPng(LONG_LINES, { width: 900, height: 1300, firstBaseline: 70, lineStep: 88 }));
    const ticks: number[] = [];
    const started = performance.now();
    const timer = setInterval(() => ticks.push(performance.now()), 10);
    let doc;
    let ended: number;
    try {
      doc = await pool.read({ bytes, declaredType: 'image/png' });
    } finally {
      ended = performance.now();
      clearInterval(timer);
    }
    const elapsed = ended - started;
    const stamps = [started, ...ticks, ended];
    const maxGap = Math.max(...stamps.slice(1).map((t, i) => t - stamps[i]));
    expect(elapsed).toBeGreaterThan(100); // real work was done
    expect(maxGap).toBeLessThan(200);
    expect(ticks.length).toBeGreaterThanOrEqual(Math.max(5, Math.floor(elapsed / 10 / 4)));

    expect(doc.mediaType).toBe('image/png');
    expect(doc.warnings).toEqual([]);
    expect(doc.pages).toHaveLength(1);
    expect(Value.Check(OcrPage, doc.pages[0])).toBe(true);
    expect(doc.pages[0]).toMatchObject({ page: 1, width: 900, height: 1300, source: 'ocr' });
    const read = doc.pages[0].lines.map((l) => normalizeText(l.text));
    const found = LONG_LINES.filter((l) => read.includes(normalizeText(l))).length;
    expect(found).toBeGreaterThanOrEqual(LONG_LINES.length - 1);
    // The caller's bytes are not detached by the transfer to the worker.
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes[1]).toBe(0x50); // 'P' of the PNG signature
  });

  it('reads the receipt lines of a PNG', async () => {
    const doc = await pool.read({ bytes: png });
    expect(doc.pages[0].lines.map((l) => normalizeText(l.text))).toEqual(RECEIPT_LINES.map(normalizeText));
    // An image has no embedded files.
    expect(doc.embeddedXml).toBeUndefined();
    expect(doc.embeddedXmlUnreadable).toBeUndefined();
  });

  it('an empty file rejects with empty_file', async () => {
    const err = await serviceErrorFrom(pool.read({ bytes: new Uint8Array(0) }));
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.code).toBe('empty_file');
    expect(err.status).toBe(400);
    expect(err.message.length).toBeGreaterThan(0);
  });

  it('random bytes reject with unsupported_media_type', async () => {
    const err = await serviceErrorFrom(pool.read({ bytes: pseudoRandomBytes(4096, 77), declaredType: 'image/png' }));
    expect(err.code).toBe('unsupported_media_type');
  });

  it('a PNG declared as image/jpeg is still read, with the declared_type_mismatch warning', async () => {
    const doc = await pool.read({ bytes: png, declaredType: 'image/jpeg' });
    expect(doc.mediaType).toBe('image/png');
    expect(doc.warnings).toContain('declared_type_mismatch');
    expect(doc.pages[0].lines.length).toBe(RECEIPT_LINES.length);
  });

  it('a JPEG declared as image/jpeg reads without warnings', async () => {
    const jpeg = new Uint8Array(await receiptJpeg(RECEIPT_LINES, { width: 600, height: 400 }));
    const doc = await pool.read({ bytes: jpeg, declaredType: 'image/jpeg' });
    expect(doc.mediaType).toBe('image/jpeg');
    expect(doc.warnings).toEqual([]);
    expect(doc.pages[0].lines.map((l) => normalizeText(l.text))).toEqual(RECEIPT_LINES.map(normalizeText));
  });

  it('leaves a plain Uint8Array the caller still holds (and the views of its buffer) intact', async () => {
    const whole = new Uint8Array(png.length + 100);
    whole.set(png, 50);
    const view = whole.subarray(50, 50 + png.length);
    const doc = await pool.read({ bytes: view });
    expect(doc.mediaType).toBe('image/png');
    expect(view.length).toBe(png.length);
    expect(whole.length).toBe(png.length + 100);
    expect(Buffer.from(view).equals(Buffer.from(png))).toBe(true);
  });

  // BUG (engine/src/node/ocr-pool.ts, OcrPool.read): `job.bytes.slice()` is meant to hand the worker
  // its own copy, but Buffer.prototype.slice returns a view over the same memory, so for a Node
  // Buffer (a Uint8Array, as OcrJob.bytes allows, e.g. fs.readFileSync's result) transferring
  // `bytes.buffer` detaches the caller's Buffer: its length drops to 0 after the read.
  it("does not detach a Node Buffer the caller still holds", async () => {
    const buf = Buffer.alloc(png.length); // its own ArrayBuffer, as readFileSync gives for files over 4 KiB
    buf.set(png);
    await pool.read({ bytes: buf });
    expect(buf.length).toBe(png.length);
    expect(buf.equals(Buffer.from(png))).toBe(true);
  });

  it('the pool keeps working after a failed job, and serves concurrent reads', async () => {
    await serviceErrorFrom(pool.read({ bytes: new Uint8Array(0) }));
    const [a, b] = await Promise.all([pool.read({ bytes: png }), pool.read({ bytes: png, declaredType: 'image/png' })]);
    expect(a.pages[0].lines.map((l) => l.text)).toEqual(b.pages[0].lines.map((l) => l.text));
  });
});

describe('OcrPool progress', () => {
  it('reports a multi-page TIFF page by page: 0 of 3 first, 3 of 3 last, never backwards', async () => {
    const frames = await Promise.all([0, 1, 2].map(() => receiptPng(RECEIPT_LINES, { width: 600, height: 400 })));
    const tiff = new Uint8Array(await sharp(frames, { join: { animated: true } }).tiff().toBuffer());
    const seen: { pages_read: number; pages: number }[] = [];
    const doc = await pool.read({ bytes: tiff }, (p) => seen.push(p));
    expect(doc.pages).toHaveLength(3);
    expect(seen[0]).toEqual({ pages_read: 0, pages: 3 });
    expect(seen.at(-1)).toEqual({ pages_read: 3, pages: 3 });
    expect(seen.every((p, i) => p.pages === 3 && (i === 0 || p.pages_read >= seen[i - 1].pages_read))).toBe(true);
    // Each page is reported as it is done, not all at the end.
    expect(new Set(seen.map((p) => p.pages_read)).size).toBeGreaterThanOrEqual(3);
  });

  it('reports nothing more once a failed read has answered', async () => {
    const seen: unknown[] = [];
    await serviceErrorFrom(pool.read({ bytes: new Uint8Array([1, 2, 3]) }, (p) => seen.push(p)));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([]);
  });
});

describe('OcrPool without its models', () => {
  let bare: OcrPool;
  let emptyRoot: string;
  beforeAll(() => {
    emptyRoot = makeTempDir('ocr-pool-no-models');
    bare = new OcrPool({ threads: 1, modelRoot: emptyRoot });
  });
  afterAll(async () => {
    await bare?.close();
    rmSync(emptyRoot, { recursive: true, force: true });
  });

  it('warmUp and an image that needs OCR reject with ocr_unavailable', async () => {
    expect((await serviceErrorFrom(bare.warmUp())).code).toBe('ocr_unavailable');
    expect((await serviceErrorFrom(bare.read({ bytes: png }))).code).toBe('ocr_unavailable');
  });

  it('a PDF with a text layer still reads: models are asked for only when a page needs OCR', async () => {
    const doc = await bare.read({ bytes: textPdf(1, 'TOTAL 12.50') });
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0].source).toBe('pdf_text');
    expect(normalizeText(doc.pages[0].lines.map((l) => l.text).join(' '))).toContain('TOTAL12.50');
    expect(doc.embeddedXml).toBeUndefined();
  });

  it("a PDF's embedded invoice XML comes back with its pages; a damaged embedded file is flagged", async () => {
    const xml = ciiInvoice();
    const doc = await bare.read({ bytes: attachmentPdf([{ name: 'Aufmass.png', content: new Uint8Array([0x89, 0x50]) }, { name: 'factur-x.xml', content: xml }]) });
    expect(doc.pages[0].source).toBe('pdf_text');
    expect(doc.embeddedXml).toEqual([{ name: 'factur-x.xml', text: xml }]);
    expect(doc.embeddedXmlUnreadable).toBeUndefined();
    const damaged = await bare.read({ bytes: attachmentPdf([{ name: 'factur-x.xml', content: xml, filter: 'JBIG2Decode' }]) });
    expect(damaged.pages[0].source).toBe('pdf_text');
    expect(damaged.embeddedXml).toBeUndefined();
    expect(damaged.embeddedXmlUnreadable).toBe(true);
  });
});
