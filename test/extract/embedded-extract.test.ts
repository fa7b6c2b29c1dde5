import { afterAll, describe, expect, it } from 'vitest';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { readEmbeddedInvoice } from '../../engine/src/extract/embedded/read-embedded-invoice.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { Engine } from '../../engine/src/node/engine.js';
import { attachmentPdf } from '../intake/pdf-builder.js';
import { receiptPage } from '../support/receipt-lines.js';
import { ciiInvoice } from './embedded-invoice-fixtures.js';

const invoice = templateVersion('invoice');

describe('extractFromText with embedded invoice data', () => {
  const page = parseClientOcr(receiptPage(['ACME GMBH', 'Invoice No: PAGE-1', 'Total 12.50'])).pages;
  const embedded = readEmbeddedInvoice([{ name: 'factur-x.xml', text: ciiInvoice() }]).invoice;

  it('takes every value the XML has, with source embedded_xml and no box', () => {
    expect(embedded).not.toBeNull();
    const ex = extractFromText({ pages: page, embedded }, invoice);
    expect(ex.data.total_amount).toBe(529.87);
    expect(ex.fields.total_amount).toMatchObject({ source: 'embedded_xml', status: 'ok', bounding_box: null, page: null, confidence: 0.99 });
    expect(ex.fields.invoice_number.source).toBe('embedded_xml');
    expect(ex.data.invoice_number).not.toBe('PAGE-1');
    expect((ex.data.line_items as unknown[]).length).toBe(embedded?.line_items.length);
    expect(ex.fields.line_items.items?.[0].amount.source).toBe('embedded_xml');
  });

  it('bills no lines when the XML has none (a MINIMUM profile), and reads the page without XML', () => {
    const minimum = { ...(embedded as NonNullable<typeof embedded>), line_items: [] };
    const ex = extractFromText({ pages: page, embedded: minimum }, invoice);
    expect(ex.data.line_items).toEqual([]);
    expect(ex.fields.line_items.status).toBe('missing');
    const plain = extractFromText({ pages: page }, invoice);
    expect(plain.data.invoice_number).toBe('PAGE-1');
    expect(plain.fields.total_amount.source).toBe('client_ocr');
  });
});

describe('Engine.extract on a PDF with an embedded invoice', () => {
  const engine = new Engine();
  afterAll(() => engine.close());
  const pdf = attachmentPdf([{ name: 'factur-x.xml', content: ciiInvoice() }]);

  it('reads the XML first, and the visible page with embedded_data false', async () => {
    const on = await engine.extract({ file: pdf }, 'invoice');
    expect(on.fields.total_amount).toMatchObject({ value: 529.87, source: 'embedded_xml' });
    expect(on.warnings).toEqual([]);
    const off = await engine.extract({ file: pdf }, 'invoice', { options: { embedded_data: false } });
    expect(off.fields.total_amount).toMatchObject({ value: 12.5, source: 'pdf_text' });
  }, 60_000);

  it('warns embedded_data_unreadable and reads the page when the XML is no invoice', async () => {
    const ex = await engine.extract({ file: attachmentPdf([{ name: 'factur-x.xml', content: '<oops' }]) }, 'invoice');
    expect(ex.warnings.map((w) => w.code)).toContain('embedded_data_unreadable');
    expect(ex.fields.total_amount).toMatchObject({ value: 12.5, source: 'pdf_text' });
  }, 60_000);

  it('warns embedded_data_unreadable when the attachment itself cannot be read, and not with embedded_data false', async () => {
    const broken = attachmentPdf([{ name: 'factur-x.xml', content: ciiInvoice(), filter: 'JBIG2Decode' }]);
    const ex = await engine.extract({ file: broken }, 'invoice');
    expect(ex.warnings.map((w) => w.code)).toContain('embedded_data_unreadable');
    expect(ex.fields.total_amount.source).toBe('pdf_text');
    const off = await engine.extract({ file: broken }, 'invoice', { options: { embedded_data: false } });
    expect(off.warnings).toEqual([]);
  }, 60_000);
});
