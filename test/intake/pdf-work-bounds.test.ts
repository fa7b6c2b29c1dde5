// Issue 35, item 3: a small PDF must not make the server read pages without bound. A 41 KB PDF
// whose page is 40 MB of `q Q ` took 1.5 GB and 45 s; 200 MB of spaces took +400 MB. Read
// through the Engine, as the server reads a file: the answer is `unreadable_pdf` at once, and the
// memory of this process and its children (the OCR worker is a thread of it, the PDF reader a
// child process) stays within 600 MB of where it was.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrPage } from '../../engine/src/contracts/ocr.js';
import { readDocument } from '../../engine/src/intake/node/read-document.js';
import { Engine } from '../../engine/src/node/engine.js';
import { attachmentPdf, buildPdf, textPdf } from './pdf-builder.js';
import { deflateRepeated, encryptedOnePagePdf, formReusePdf, onePagePdf, repeatedContentPdf, updatedContentPdf } from './hostile-pdf-builder.js';
import { ciiInvoice } from '../extract/embedded-invoice-fixtures.js';
import { normalizeText, receiptJpeg, RECEIPT_LINES } from '../support/render-receipt.js';
import { serviceErrorFrom } from '../support/service-error.js';

const MB = 1024 * 1024;
const ZUGFERD = fileURLToPath(new URL('../../../shared/datasets/zugferd-dev/pdf/', import.meta.url));
const MAX_GROWTH_MB = 600;

let engine: Engine;
let quads: Uint8Array;
let spaces: Uint8Array;

beforeAll(async () => {
  quads = onePagePdf(await deflateRepeated('q Q ', 40 * MB));
  spaces = onePagePdf(await deflateRepeated(' ', 200 * MB));
  engine = new Engine({ threads: 1, layoutModel: false });
  // The OCR worker and the PDF reader started, so their start is not counted below.
  await engine.extract({ file: textPdf(1, 'TOTAL 12.50') }, 'retail_receipt');
});

afterAll(async () => {
  await engine?.close();
});

/** Resident memory of this process and of its child processes, MB (Linux `/proc`). */
function residentMb(): number {
  const rss = (pid: string) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? 0) / 1024;
  let total = rss(String(process.pid));
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(process.pid)) total += rss(pid);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** The work's outcome, and how far this process tree's memory rose above where it was meanwhile. */
async function withPeakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number; ms: number }> {
  const base = residentMb();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, residentMb())), 20);
  const started = Date.now();
  try {
    const result = await work();
    return { result, growthMb: Math.max(peak, residentMb()) - base, ms: Date.now() - started };
  } finally {
    clearInterval(timer);
  }
}

describe('PDF pages with unbounded work', () => {
  it('builds the hostile PDFs small', () => {
    expect(quads.length).toBeLessThan(60_000);
    expect(spaces.length).toBeLessThan(300_000);
  });

  it.each([
    ['40 MB of q Q operators', () => quads],
    ['200 MB of spaces', () => spaces],
  ])('a page of %s is unreadable_pdf, within 600 MB and at once', { timeout: 120_000 }, async (_name, pdf) => {
    const { result: error, growthMb, ms } = await withPeakGrowth(() => serviceErrorFrom(engine.extract({ file: pdf() }, 'retail_receipt')));
    expect(error.code).toBe('unreadable_pdf');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/drawing instructions/);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
    expect(ms).toBeLessThan(10_000);
  });

  it('counts a form at each use: one of 400,000 operators drawn 60 times is refused, drawn twice is read', async () => {
    expect((await serviceErrorFrom(engine.extract({ file: formReusePdf(60, 400_000) }, 'retail_receipt'))).code).toBe('unreadable_pdf');
    const doc = await readDocument(formReusePdf(2, 100_000));
    expect(doc.pages).toHaveLength(1);
    await doc.close();
  });

  it('finds the content wherever pdf.js would read it: a stream listed three times, an object replaced by an update', async () => {
    const quarter = await deflateRepeated('q Q ', 400_000); // 200,000 operators
    const once = await readDocument(repeatedContentPdf(quarter, 1));
    await once.close();
    expect((await serviceErrorFrom(readDocument(repeatedContentPdf(quarter, 3)))).code).toBe('unreadable_pdf');

    const updated = updatedContentPdf(onePagePdf(await deflateRepeated(' ', 100)), await deflateRepeated('q Q ', 4 * MB));
    expect((await serviceErrorFrom(readDocument(updated))).message).toMatch(/drawing instructions/);
  });

  it('stops the PDF reader when pdf.js runs on past its time limit (an encrypted page is not measured before), and the next PDF reads', { timeout: 120_000 }, async () => {
    const hostile = encryptedOnePagePdf(await deflateRepeated('q Q ', 40 * MB));
    const { result: error, growthMb } = await withPeakGrowth(() => serviceErrorFrom(readDocument(hostile, { pdfOperationTimeoutMs: 1_000 })));
    expect(error.code).toBe('unreadable_pdf');
    expect(error.message).toMatch(/too long|more memory/);
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);

    // A small encrypted PDF (empty user password) still reads, in a new reader process.
    const small = await readDocument(encryptedOnePagePdf(await deflateRepeated('q Q ', 1_000)));
    expect(small.pages).toHaveLength(1);
    await small.close();
  });
});

describe('PDFs that read as before', () => {
  it('reads a text layer, embedded invoice XML, and renders a scanned page for OCR', { timeout: 120_000 }, async () => {
    const text = await engine.extract({ file: textPdf(2, 'TOTAL 12.50') }, 'retail_receipt', { options: { include_ocr: true } });
    expect((text.ocr?.pages as OcrPage[]).map((p) => p.source)).toEqual(['pdf_text', 'pdf_text']);

    const embedded = await engine.extract({ file: attachmentPdf([{ name: 'factur-x.xml', content: ciiInvoice() }]) }, 'invoice');
    expect(embedded.fields.total_amount).toMatchObject({ value: 529.87, source: 'embedded_xml' });

    const jpeg = await receiptJpeg(RECEIPT_LINES, { width: 600, height: 400 });
    const scan = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 216 144] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>',
      { body: '<< >>', stream: 'q 216 0 0 144 0 0 cm /Im0 Do Q' },
      { body: '<< /Type /XObject /Subtype /Image /Width 600 /Height 400 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode >>', stream: jpeg.toString('latin1') },
    ]);
    const read = await engine.extract({ file: scan }, 'retail_receipt', { options: { include_ocr: true } });
    const page = read.ocr!.pages[0] as OcrPage;
    expect(page.source).toBe('ocr');
    const lines = page.lines.map((l) => normalizeText(l.text));
    expect(RECEIPT_LINES.filter((l) => lines.includes(normalizeText(l))).length).toBeGreaterThanOrEqual(3);
  });

  it.skipIf(!existsSync(ZUGFERD))('reads the real invoices of the shared ZUGFeRD set as before (they pass the content check)', { timeout: 120_000 }, async () => {
    const files = readdirSync(ZUGFERD).filter((f) => f.endsWith('.pdf')).slice(0, 12);
    for (const file of files) {
      const doc = await readDocument(new Uint8Array(readFileSync(join(ZUGFERD, file))));
      expect(doc.pages.length, file).toBeGreaterThan(0);
      await doc.close();
    }
  });
});
