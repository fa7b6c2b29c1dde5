// readEmbeddedInvoice: the invoice XML embedded in a PDF (CII and UBL) read to the invoice
// template's field names, on XML written in the tests (embedded-invoice-fixtures.ts).
import { describe, expect, it } from 'vitest';
import { INVOICE } from '../../engine/src/doctypes/templates/invoice.js';
import { readEmbeddedInvoice, readInvoiceXml } from '../../engine/src/extract/embedded/read-embedded-invoice.js';
import { parseXml } from '../../engine/src/extract/embedded/xml-tree.js';
import { CII_LINES, ciiInvoice, ublCreditNote, ublInvoice, zugferd1Invoice } from './embedded-invoice-fixtures.js';

const itemFields = () => {
  const items = INVOICE.fields.line_items as { items: { fields: Record<string, unknown> } };
  return Object.keys(items.items.fields);
};

function read(name: string, text: string) {
  const result = readEmbeddedInvoice([{ name, text }]);
  expect(result.unreadable).toBe(false);
  expect(result.invoice).not.toBeNull();
  return result.invoice!;
}

describe('readEmbeddedInvoice: CII (Factur-X, ZUGFeRD 2)', () => {
  it('reads every invoice field and the lines', () => {
    const invoice = read('factur-x.xml', ciiInvoice());
    expect(invoice).toMatchObject({ format: 'cii', profile: 'urn:cen.eu:en16931:2017', file: 'factur-x.xml', type_code: '380' });
    expect(invoice.values).toEqual({
      invoice_number: '471102',
      issue_date: '2018-03-05',
      due_date: '2018-04-04',
      supplier_name: 'Lieferant GmbH & Co. KG',
      supplier_address: 'Lieferantenstraße 20, Hinterhaus, 80333 München, DE',
      supplier_tax_id: 'DE123456789',
      supplier_email: 'rechnung@lieferant.de',
      supplier_phone: '+49 89 123456',
      customer_name: 'Kunden AG Mitte',
      customer_address: 'Kundenstraße 15, 69876 Frankfurt, DE',
      customer_tax_id: 'DE136695976',
      purchase_order: 'PO-2018-0815',
      currency: 'EUR',
      subtotal: 473,
      discount: 0,
      tax_amount: 56.87,
      total_amount: 529.87,
      amount_paid: 0,
      amount_due: 529.87,
      payment_terms: 'Zahlbar innerhalb 30 Tagen netto bis 04.04.2018, 3% Skonto innerhalb 10 Tagen bis 15.03.2018',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      payment_reference: 'RE 471102',
    });
    expect(invoice.line_items).toEqual([
      { description: 'Trennblätter A4', product_code: 'TB100A4', quantity: 20, unit: 'H87', unit_price: 9.9, tax_rate: 19, amount: 198 },
      { description: 'Joghurt Banane', product_code: 'ARNR2', quantity: 50, unit: 'H87', unit_price: 5.5, tax_rate: 7, amount: 275 },
    ]);
  });

  it("uses only the invoice template's field names", () => {
    for (const text of [ciiInvoice(), zugferd1Invoice(), ublInvoice(), ublCreditNote()]) {
      const invoice = read('invoice.xml', text);
      for (const key of Object.keys(invoice.values)) expect(Object.keys(INVOICE.fields)).toContain(key);
      for (const item of invoice.line_items) for (const key of Object.keys(item)) expect(itemFields()).toContain(key);
    }
  });

  it('one line item is a list of one, like several', () => {
    expect(read('factur-x.xml', ciiInvoice({ lines: [CII_LINES[0]] })).line_items).toEqual([
      { description: 'Trennblätter A4', product_code: 'TB100A4', quantity: 20, unit: 'H87', unit_price: 9.9, tax_rate: 19, amount: 198 },
    ]);
    const many = Array.from({ length: 12 }, (_, i) => ({ ...CII_LINES[1], id: String(i + 1), name: `Item ${i + 1}` }));
    const items = read('factur-x.xml', ciiInvoice({ lines: many })).line_items;
    expect(items).toHaveLength(12);
    expect(items.map((i) => i.description)).toEqual(many.map((l) => l.name));
    expect(read('factur-x.xml', ciiInvoice({ lines: [] })).line_items).toEqual([]);
  });

  it('takes the TaxTotalAmount in the invoice currency when there are two', () => {
    const twoCurrencies = ciiInvoice({ currency: 'USD', taxCurrency: 'EUR', taxTotals: [['51.70', 'EUR'], ['56.87', 'USD']] });
    expect(read('factur-x.xml', twoCurrencies).values).toMatchObject({ currency: 'USD', tax_amount: 56.87 });
    const reversed = ciiInvoice({ currency: 'USD', taxCurrency: 'EUR', taxTotals: [['56.87', 'USD'], ['51.70', 'EUR']] });
    expect(read('factur-x.xml', reversed).values.tax_amount).toBe(56.87);
    // One without a currencyID is in the invoice currency.
    expect(read('factur-x.xml', ciiInvoice({ taxTotals: [['51.70', 'CHF'], ['56.87', null]] })).values.tax_amount).toBe(56.87);
  });

  it('the net price is per unit: over its basis quantity', () => {
    const line = { ...CII_LINES[0], quantity: '1000', price: '2.50', basis: '100', total: '25.00' };
    expect(read('factur-x.xml', ciiInvoice({ lines: [line] })).line_items[0]).toMatchObject({ quantity: 1000, unit_price: 0.025, amount: 25 });
  });

  it('leaves out what the XML lacks, and dates that are not a day', () => {
    const bare = ciiInvoice({ summation: '<ram:GrandTotalAmount>10.00</ram:GrandTotalAmount>', issueDate: '201803', dateFormat: '610' });
    const values = read('factur-x.xml', bare).values;
    expect(values.total_amount).toBe(10);
    expect(values).not.toHaveProperty('issue_date');
    for (const key of ['subtotal', 'tax_amount', 'discount', 'amount_paid', 'amount_due']) expect(values).not.toHaveProperty(key);
    expect(read('factur-x.xml', ciiInvoice({ issueDate: '20180231' })).values).not.toHaveProperty('issue_date');
  });

  it('reads ZUGFeRD 1.0 (CrossIndustryDocument): 1.0 element names, discount positive, an empty VAT id passed over, a text line', () => {
    const invoice = read('ZUGFeRD-invoice.xml', zugferd1Invoice());
    expect(invoice).toMatchObject({ format: 'cii', profile: 'urn:ferd:CrossIndustryDocument:invoice:1p0:comfort' });
    expect(invoice.values).toEqual({
      invoice_number: 'RE-20140703/502',
      issue_date: '2014-07-03',
      due_date: '2014-07-24',
      supplier_name: 'Bei Spiel GmbH',
      supplier_address: 'Ecke 12, 12345 Stadthausen, DE',
      supplier_tax_id: '22/815/0815/4',
      customer_name: 'Theodor Est',
      purchase_order: 'B-4711',
      currency: 'EUR',
      subtotal: 160,
      discount: 10,
      tax_amount: 10.5,
      total_amount: 160.5,
      amount_paid: 60.5,
      amount_due: 100,
      payment_terms: 'Zahlbar ohne Abzug bis zum 24.07.2014',
      iban: 'DE88 2008 0000 0970 3757 00',
      bic: 'COBADEFXXX',
      payment_reference: 'RE-20140703/502',
    });
    expect(invoice.line_items).toEqual([
      { description: 'Wie besprochen:' },
      { description: 'Künstlerische Gestaltung (Stunde)', product_code: 'KG-1', quantity: 1, unit: 'HUR', unit_price: 160, tax_rate: 7, amount: 160 },
    ]);
  });
});

describe('readEmbeddedInvoice: UBL (XRechnung, Peppol)', () => {
  it('reads an Invoice', () => {
    const invoice = read('xrechnung.xml', ublInvoice());
    expect(invoice).toMatchObject({ format: 'ubl', profile: 'urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_2.3', file: 'xrechnung.xml', type_code: '380' });
    expect(invoice.values).toEqual({
      invoice_number: 'INV-2023-0042',
      issue_date: '2023-05-17',
      due_date: '2023-06-16',
      supplier_name: 'Muster Consulting GmbH',
      supplier_address: 'Hauptstraße 1, 10115 Berlin, DE',
      supplier_tax_id: 'DE987654321',
      supplier_email: 'billing@muster.example',
      supplier_phone: '+49 30 1234567',
      customer_name: 'Stadtverwaltung Beispiel',
      customer_address: 'Rathausplatz 2, 50667 Köln, DE',
      customer_tax_id: 'DE111222333',
      purchase_order: 'PO-77',
      currency: 'EUR',
      subtotal: 300,
      tax_amount: 57,
      total_amount: 357,
      amount_paid: 0,
      amount_due: 357,
      payment_terms: '30 days net',
      iban: 'DE75512108001245126199',
      bic: 'SOGEDEFFXXX',
      payment_reference: 'INV-2023-0042',
    });
    expect(invoice.line_items).toEqual([
      { description: 'Consulting 1', product_code: 'CONS-1', quantity: 1, unit: 'HUR', unit_price: 100, tax_rate: 19, amount: 100 },
      { description: 'Consulting 2', product_code: 'CONS-2', quantity: 2, unit: 'HUR', unit_price: 100, tax_rate: 19, amount: 200 },
    ]);
  });

  it('one InvoiceLine, and a second TaxTotal in the tax currency', () => {
    const invoice = read('invoice.xml', ublInvoice({ lines: 1, taxCurrency: 'CHF' }));
    expect(invoice.line_items).toHaveLength(1);
    expect(invoice.values).toMatchObject({ currency: 'EUR', subtotal: 100, tax_amount: 19, total_amount: 119 });
  });

  it('reads a CreditNote: its lines, the due date of its payment means, the discount', () => {
    const invoice = read('creditnote.xml', ublCreditNote());
    expect(invoice).toMatchObject({ format: 'ubl', type_code: '381' });
    expect(invoice.values).toEqual({
      invoice_number: 'CN-0007',
      issue_date: '2023-07-01',
      due_date: '2023-07-31',
      supplier_name: 'Nordic Supplies',
      supplier_address: 'Storgatan 5, Box 12, 111 22 Stockholm, SE',
      supplier_tax_id: 'SE556677889901',
      customer_name: 'Kund AB',
      currency: 'SEK',
      subtotal: 500,
      discount: 50,
      tax_amount: 112.5,
      total_amount: 562.5,
      amount_due: 562.5,
    });
    expect(invoice.line_items).toEqual([{ description: 'Returned chairs', product_code: '7300000000017', quantity: 4, unit: 'C62', unit_price: 125, tax_rate: 25, amount: 500 }]);
  });
});

describe('readEmbeddedInvoice: which file, and what is unreadable', () => {
  const unrelated = '<?xml version="1.0"?><metadata xmlns="urn:example"><title>Delivery note</title></metadata>';

  it('no XML: no invoice, nothing unreadable', () => {
    expect(readEmbeddedInvoice([])).toEqual({ invoice: null, unreadable: false });
  });

  it('malformed XML, unrelated XML, a DOCTYPE: unreadable', () => {
    expect(readEmbeddedInvoice([{ name: 'factur-x.xml', text: ciiInvoice().slice(0, 2000) }])).toEqual({ invoice: null, unreadable: true });
    expect(readEmbeddedInvoice([{ name: 'factur-x.xml', text: '<a><b></a>' }])).toEqual({ invoice: null, unreadable: true });
    expect(readEmbeddedInvoice([{ name: 'factur-x.xml', text: 'not xml at all' }])).toEqual({ invoice: null, unreadable: true });
    expect(readEmbeddedInvoice([{ name: 'factur-x.xml', text: '' }])).toEqual({ invoice: null, unreadable: true });
    expect(readEmbeddedInvoice([{ name: 'metadata.xml', text: unrelated }])).toEqual({ invoice: null, unreadable: true });
    // An Invoice root that is neither UBL nor CII.
    expect(readEmbeddedInvoice([{ name: 'x.xml', text: '<Invoice><Total>3</Total></Invoice>' }])).toEqual({ invoice: null, unreadable: true });
  });

  it('refuses entity declarations (billion laughs) at once', () => {
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]><rsm:CrossIndustryInvoice xmlns:rsm="urn:x"><rsm:ExchangedDocument><ram:ID xmlns:ram="urn:y">&lol9;</ram:ID></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`;
    const started = performance.now();
    expect(readEmbeddedInvoice([{ name: 'factur-x.xml', text: bomb }])).toEqual({ invoice: null, unreadable: true });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parseXml('<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>')).toBeNull();
  });

  it('decodes character references and the XML entities, and keeps leading zeros', () => {
    const text = ciiInvoice().replace('<ram:ID>471102</ram:ID>', '<ram:ID>000471102</ram:ID>').replace('Kunden AG Mitte', 'K&#252;nden &lt;AG&gt; &#x4D;itte');
    expect(read('factur-x.xml', text).values).toMatchObject({ invoice_number: '000471102', customer_name: 'Künden <AG> Mitte' });
  });

  it('prefers the standard file names, then any invoice XML', () => {
    const other = ublInvoice();
    const picked = readEmbeddedInvoice([
      { name: 'metadata.xml', text: unrelated },
      { name: 'other-invoice.xml', text: other },
      { name: 'ZUGFeRD-invoice.xml', text: zugferd1Invoice() },
      { name: 'factur-x.xml', text: ciiInvoice() },
    ]);
    expect(picked.invoice).toMatchObject({ file: 'factur-x.xml', format: 'cii' });
    expect(readEmbeddedInvoice([{ name: 'xrechnung.xml', text: other }, { name: 'ZUGFeRD-invoice.xml', text: zugferd1Invoice() }]).invoice?.file).toBe('ZUGFeRD-invoice.xml');
    expect(readEmbeddedInvoice([{ name: 'metadata.xml', text: unrelated }, { name: 'rechnung.xml', text: other }]).invoice).toMatchObject({ file: 'rechnung.xml', format: 'ubl' });
  });

  it('a damaged factur-x.xml gives way to another invoice XML', () => {
    const result = readEmbeddedInvoice([{ name: 'factur-x.xml', text: '<rsm:CrossIndustryInvoice>' }, { name: 'invoice.xml', text: ublInvoice() }]);
    expect(result).toMatchObject({ unreadable: false, invoice: { file: 'invoice.xml', format: 'ubl' } });
  });

  it('readInvoiceXml reads one file, null when it is no invoice', () => {
    expect(readInvoiceXml({ name: 'a.xml', text: ublCreditNote() })?.values.invoice_number).toBe('CN-0007');
    expect(readInvoiceXml({ name: 'a.xml', text: unrelated })).toBeNull();
  });
});
