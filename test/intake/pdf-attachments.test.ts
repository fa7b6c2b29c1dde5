// A PDF's embedded XML files (ZUGFeRD / Factur-X / XRechnung invoices): read by intake with the
// pages, filtered and capped by xmlAttachments, and never a reason to refuse the document.
import { describe, expect, it } from 'vitest';
import { MAX_EMBEDDED_XML_BYTES, MAX_EMBEDDED_XML_FILES, decodeXml, xmlAttachments } from '../../engine/src/intake/embedded-files.js';
import { readDocument } from '../../engine/src/intake/node/read-document.js';
import { readEmbeddedInvoice } from '../../engine/src/extract/embedded/read-embedded-invoice.js';
import { ciiInvoice } from '../extract/embedded-invoice-fixtures.js';
import { attachmentPdf, buildPdf, textPdf } from './pdf-builder.js';
import { receiptPng } from '../support/render-receipt.js';

const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('readDocument: embedded XML of a PDF', () => {
  it('finds the invoice XML beside the pages, decoded, and readEmbeddedInvoice reads it', async () => {
    const xml = ciiInvoice();
    const doc = await readDocument(attachmentPdf([{ name: 'factur-x.xml', content: xml }]));
    try {
      expect(doc.mediaType).toBe('application/pdf');
      expect(doc.pages).toHaveLength(1);
      expect(doc.pages[0].textLines?.map((l) => l.text)).toEqual(['TOTAL 12.50']);
      expect(doc.embeddedXml).toEqual([{ name: 'factur-x.xml', text: xml }]);
      expect(doc.embeddedXmlUnreadable).toBeUndefined();
      const { invoice } = readEmbeddedInvoice(doc.embeddedXml ?? []);
      expect(invoice?.values).toMatchObject({ invoice_number: '471102', supplier_address: 'Lieferantenstraße 20, Hinterhaus, 80333 München, DE', total_amount: 529.87 });
    } finally {
      await doc.close();
    }
  });

  it('keeps XML files only: by name or by content; a BOM is stripped; other files are passed over', async () => {
    const doc = await readDocument(
      attachmentPdf([
        { name: 'Aufmass.png', content: PNG_BYTES },
        { name: 'ZUGFeRD-invoice.xml', content: Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<?xml version="1.0"?><a>ä</a>')]) },
        { name: 'notes.txt', content: 'just text' },
        { name: 'data.bin', content: '  <?xml version="1.0"?><b/>' },
        { name: 'report.pdf', content: '%PDF-1.4 not really' },
      ]),
    );
    try {
      expect(doc.embeddedXml).toEqual([
        { name: 'ZUGFeRD-invoice.xml', text: '<?xml version="1.0"?><a>ä</a>' },
        { name: 'data.bin', text: '  <?xml version="1.0"?><b/>' },
      ]);
      expect(doc.embeddedXmlUnreadable).toBeUndefined();
    } finally {
      await doc.close();
    }
  });

  it('a PDF without embedded files, and an image, have none', async () => {
    const pdf = await readDocument(textPdf(2, 'TOTAL'));
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.embeddedXml).toBeUndefined();
    expect(pdf.embeddedXmlUnreadable).toBeUndefined();
    await pdf.close();
    const png = await readDocument(new Uint8Array(await receiptPng(['TOTAL 12.50'], { width: 300, height: 120 })));
    expect(png.embeddedXml).toBeUndefined();
    expect(png.embeddedXmlUnreadable).toBeUndefined();
  });

  it('an embedded file pdf.js cannot decode does not fail the document: no files, flagged', async () => {
    const doc = await readDocument(attachmentPdf([{ name: 'factur-x.xml', content: ciiInvoice(), filter: 'JBIG2Decode' }]));
    try {
      expect(doc.pages[0].textLines?.map((l) => l.text)).toEqual(['TOTAL 12.50']);
      expect(doc.embeddedXml).toBeUndefined();
      expect(doc.embeddedXmlUnreadable).toBe(true);
    } finally {
      await doc.close();
    }
  });

  it('a damaged name tree (a cycle) does not fail the document: flagged', async () => {
    const doc = await readDocument(
      buildPdf([
        '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 4 0 R >> >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
        '<< /Kids [4 0 R] >>',
      ]),
    );
    try {
      expect(doc.pages).toHaveLength(1);
      expect(doc.embeddedXml).toBeUndefined();
      expect(doc.embeddedXmlUnreadable).toBe(true);
    } finally {
      await doc.close();
    }
  });

  it('a corrupt XML attachment is handed on; the invoice reader calls it unreadable', async () => {
    const doc = await readDocument(attachmentPdf([{ name: 'factur-x.xml', content: ciiInvoice().slice(0, 1500) }]));
    try {
      expect(doc.embeddedXml).toHaveLength(1);
      expect(readEmbeddedInvoice(doc.embeddedXml ?? [])).toEqual({ invoice: null, unreadable: true });
    } finally {
      await doc.close();
    }
  });
});

describe('xmlAttachments', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('at most 10 XML files; the rest are ignored', () => {
    const many = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`f${String(i).padStart(2, '0')}.xml`, { filename: `f${String(i).padStart(2, '0')}.xml`, content: bytes(`<n>${i}</n>`) }]));
    const { files, skipped } = xmlAttachments(many);
    expect(files).toHaveLength(MAX_EMBEDDED_XML_FILES);
    expect(files.map((f) => f.text)).toEqual(Array.from({ length: 10 }, (_, i) => `<n>${i}</n>`));
    expect(skipped).toBe(false);
  });

  it('a file over 5 MB is left out and reported', () => {
    const big = new Uint8Array(MAX_EMBEDDED_XML_BYTES + 1).fill(0x20);
    big[0] = 0x3c;
    const { files, skipped } = xmlAttachments({ 'factur-x.xml': { filename: 'factur-x.xml', content: big }, 'b.xml': { filename: 'b.xml', content: bytes('<b/>') } });
    expect(files).toEqual([{ name: 'b.xml', text: '<b/>' }]);
    expect(skipped).toBe(true);
  });

  it('takes the name pdf.js gives (path stripped), else the name tree key; content that is not bytes is passed over', () => {
    const { files } = xmlAttachments({
      key1: { filename: 'dir/sub/factur-x.xml', content: bytes('<a/>') },
      'key2.xml': { filename: 'unnamed', content: bytes('<b/>') },
      'key3.xml': { filename: 'c.xml', content: null },
    });
    expect(files.map((f) => f.name)).toEqual(['factur-x.xml', 'key2.xml']);
    expect(xmlAttachments(null)).toEqual({ files: [], skipped: false });
  });

  it('decodes UTF-8, UTF-16 with a BOM, and a declared single-byte encoding', () => {
    expect(decodeXml(Uint8Array.from([0xef, 0xbb, 0xbf, 0x3c, 0x61, 0x3e, 0xc3, 0xa4]))).toBe('<a>ä');
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Array.from('<a>ä</a>').flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodeXml(utf16)).toBe('<a>ä</a>');
    expect(xmlAttachments({ x: { filename: 'x', content: utf16 } }).files).toEqual([{ name: 'x', text: '<a>ä</a>' }]);
    const latin1 = Uint8Array.from([...bytes('<?xml version="1.0" encoding="ISO-8859-1"?><a>'), 0xe4, ...bytes('</a>')]);
    expect(decodeXml(latin1)).toBe('<?xml version="1.0" encoding="ISO-8859-1"?><a>ä</a>');
    expect(decodeXml(bytes('<?xml version="1.0" encoding="no-such-thing"?><a>ä</a>'))).toBe('<?xml version="1.0" encoding="no-such-thing"?><a>ä</a>');
  });
});
