// Field extraction from page text (client_ocr lines): layout pairing, candidates, rules, results, review.
import { describe, expect, it } from 'vitest';
import type { Definition } from '../../engine/src/contracts/definition.js';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import { definitionVersion, templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { layoutDocument, type Line } from '../../engine/src/extract/layout/document-text.js';
import { valueSlots } from '../../engine/src/extract/layout/label-values.js';
import { LabelFinder } from '../../engine/src/extract/layout/labels.js';
import { repairFigures } from '../../engine/src/extract/layout/repair-text.js';
import { receiptPage, type Cell } from '../support/receipt-lines.js';

const NOW = new Date('2026-11-22T12:00:00Z');
/** The labels a finder reads in a line's text, as [path, start, end]. */
const hitsOf = (finder: LabelFinder) => (text: string) => finder.inLine({ text } as Line).map((h) => [h.path, h.start, h.end]);
const extract = (rows: (string | Cell[])[], type = templateVersion('retail_receipt'), options: Parameters<typeof extractFromText>[2] = {}) =>
  extractFromText({ pages: parseClientOcr(receiptPage(rows)).pages }, type, { now: NOW, ...options });

const RECEIPT: (string | Cell[])[] = [
  'BOOK TA .K (TAMAN DAYA) SDN BHD',
  '(789417-W)',
  'NO.53 55,57 & 59, JALAN SAGU 18,',
  'TAMAN DAYA, 81100 JOHOR BAHRU,',
  'TEL: 07-3523888',
  'GST ID : 000849813504',
  'TAX INVOICE',
  [{ text: 'Doc No : CS00031663', x: 0.05 }, { text: 'Date: 25/12/2018', x: 0.55 }],
  [{ text: 'Cashier', x: 0.05 }, { text: 'MANIS', x: 0.4 }],
  [{ text: 'Item', x: 0.05 }, { text: 'Qty', x: 0.45 }, { text: 'Price', x: 0.6 }, { text: 'Amount', x: 0.8 }],
  [{ text: 'KF MODELLING CLAY', x: 0.05 }, { text: '1', x: 0.45 }, { text: '9.00', x: 0.6 }, { text: '9.00', x: 0.8 }],
  [{ text: 'GLUE STICK', x: 0.05 }, { text: '2', x: 0.45 }, { text: '1.50', x: 0.6 }, { text: '3.00', x: 0.8 }],
  [{ text: 'Total Sales (Inclusive GST)', x: 0.05 }, { text: '12.02', x: 0.8 }],
  [{ text: 'Rounding Adj', x: 0.05 }, { text: '-0.02', x: 0.8 }],
  [{ text: 'Rounded Total', x: 0.05 }, { text: '12.00', x: 0.8 }],
  [{ text: 'CASH', x: 0.05 }, { text: '20.00', x: 0.8 }],
  [{ text: 'CHANGE', x: 0.05 }, { text: '8.00', x: 0.8 }],
  'THANK YOU, PLEASE COME AGAIN',
];

describe('layout', () => {
  it('groups cells at one height into a row, left to right, and rows top to bottom', () => {
    const doc = layoutDocument(parseClientOcr(receiptPage(RECEIPT)).pages);
    const row = doc.rows.find((r) => r.lines[0].text.startsWith('Doc No'));
    expect(row?.lines.map((l) => l.text)).toEqual(['Doc No : CS00031663', 'Date: 25/12/2018']);
    expect(doc.rows.map((r) => r.lines[0].box.y)).toEqual([...doc.rows.map((r) => r.lines[0].box.y)].sort((a, b) => a - b));
  });

  it('keeps a slanted row together: each line joins the row of its nearest neighbour', () => {
    const page = { width: 100, height: 100, lines: [
      { text: 'TOTAL', bounding_box: { x: 0.05, y: 0.5, width: 0.2, height: 0.02 } },
      { text: 'RM', bounding_box: { x: 0.4, y: 0.508, width: 0.05, height: 0.02 } },
      { text: '9.00', bounding_box: { x: 0.7, y: 0.516, width: 0.1, height: 0.02 } },
    ] };
    const doc = layoutDocument(parseClientOcr(page).pages);
    expect(doc.rows).toHaveLength(1);
  });

  it('gives a value within reach of two labels to the row of the nearer one', () => {
    // A photo's slope: the value sits a little above its label, closer to it than to the item above.
    const page = { width: 100, height: 100, lines: [
      { text: 'EASTER BUFFET', bounding_box: { x: 0.06, y: 0.615, width: 0.28, height: 0.058 } },
      { text: 'Subtotal', bounding_box: { x: 0.37, y: 0.646, width: 0.18, height: 0.045 } },
      { text: '$43.80', bounding_box: { x: 0.8, y: 0.638, width: 0.14, height: 0.046 } },
      { text: 'Total Taxes', bounding_box: { x: 0.37, y: 0.687, width: 0.24, height: 0.044 } },
      { text: '$3.24', bounding_box: { x: 0.83, y: 0.68, width: 0.11, height: 0.043 } },
    ] };
    const doc = layoutDocument(parseClientOcr(page).pages);
    expect(doc.rows.map((r) => r.lines.map((l) => l.text))).toEqual([['EASTER BUFFET'], ['Subtotal', '$43.80'], ['Total Taxes', '$3.24']]);
  });

  it('pairs a label with the value on its line, to its right, or below it', () => {
    const doc = layoutDocument(parseClientOcr(receiptPage([
      'Invoice No: 4711',
      [{ text: 'Total', x: 0.05 }, { text: '12.50', x: 0.8 }],
      [{ text: 'Due Date', x: 0.05 }],
      [{ text: '30.11.2026', x: 0.05 }],
    ])).pages);
    const finder = new LabelFinder([
      { path: 'invoice_number', aliases: ['Invoice No'] },
      { path: 'total', aliases: ['Total'] },
      { path: 'due_date', aliases: ['Due Date'] },
    ]);
    const slot = (path: string) => {
      const hits = doc.lines.flatMap((l) => finder.inLine(l));
      const hit = hits.find((h) => h.path === path)!;
      return valueSlots(doc, hit, finder.inLine(hit.line))[0];
    };
    expect(slot('invoice_number')).toMatchObject({ text: '4711', relation: 'same_line' });
    expect(slot('total')).toMatchObject({ text: '12.50', relation: 'right' });
    expect(slot('due_date')).toMatchObject({ text: '30.11.2026', relation: 'below' });
  });

  it('gives overlapping labels to the longest alias, and reads labels OCR broke up', () => {
    const finder = new LabelFinder([
      { path: 'amount', aliases: ['Total'] },
      { path: 'subtotal', aliases: ['Sub Total'] },
      { path: 'tax_amount', aliases: ['Total GST'] },
    ]);
    const doc = layoutDocument(parseClientOcr(receiptPage(['SUB TOTAL 10.00', 'Total GST 0.60', 'T ot al 10.60', 'SUBTOTALS'])).pages);
    expect(doc.lines.map((l) => finder.inLine(l).map((h) => h.path))).toEqual([['subtotal'], ['tax_amount'], ['amount'], []]);
  });

  it('finds each mention of a label, labels whose capitals are longer (ß) and labels opening with a bracket', () => {
    const finder = new LabelFinder([
      { path: 'amount', aliases: ['Total'] },
      { path: 'street', aliases: ['Straße'] },
      { path: 'currency', aliases: ['(RM)'] },
    ]);
    const hits = hitsOf(finder);
    expect(hits('TOTAL 5.00 total 6.00')).toEqual([['amount', 0, 5], ['amount', 11, 16]]);
    expect(hits('Straße 12')).toEqual([['street', 0, 6]]);
    expect(hits('JUMLAH (RM) 12.00')).toEqual([['currency', 7, 11]]);
    expect(hits('SUBTOTAL 5.00')).toEqual([]);
  });

  it('reads a code glued to a label of four letters or more, as OCR drops the space, but not to a shorter one', () => {
    const finder = new LabelFinder([
      { path: 'terminal_id', aliases: ['Term id', 'Terminal-Nr'] },
      { path: 'merchant_id', aliases: ['VU'] },
    ]);
    const hits = hitsOf(finder);
    expect(hits('Term id44812093')).toEqual([['terminal_id', 0, 7]]);
    expect(hits('TERMINAL-NR.   VU870833')).toEqual([['terminal_id', 0, 11]]);
    expect(hits('Term id4481')).toEqual([['terminal_id', 0, 7]]);
    expect(hits('Term id448')).toEqual([]);
    // Two letters joined by a dash to figures open a code, and are no label.
    const short = new LabelFinder([{ path: 'transaction_time', aliases: ['Kl'] }]);
    expect(short.inLine({ text: 'Beleg-Nr.:   KL-0003817' } as Line)).toEqual([]);
    expect(short.inLine({ text: 'Kl. 14:30' } as Line).map((h) => h.path)).toEqual(['transaction_time']);
  });

  it('reads the ordinal marks `N°` and `Nº` for each other, and a bare `N` where a printer has neither', () => {
    const finder = new LabelFinder([
      { path: 'auth_code', aliases: ['N° auto'] },
      { path: 'receipt_number', aliases: ['Nº operación'] },
    ]);
    const hits = hitsOf(finder);
    expect(hits('Nº AUTO 51A9X2')).toEqual([['auth_code', 0, 7]]);
    expect(hits('N AUTO 51A9X2')).toEqual([['auth_code', 0, 6]]);
    expect(hits('N° OPERACION: 004411')).toEqual([['receipt_number', 0, 12]]);
    expect(hits('NO AUTO 51A9X2')).toEqual([]);
  });

  it('reads a long label with one letter misread, lost or added, where no label read as printed covers its word', () => {
    const finder = new LabelFinder([
      { path: 'amount', aliases: ['Grand Total', 'Montant', 'Montante'] },
      { path: 'subtotal', aliases: ['Subtotal'] },
      { path: 'auth_code', aliases: ['Autorisierungsnummer', 'Autorisatiecode'] },
      { path: 'transaction_date', aliases: ['Datum'] },
    ]);
    const hits = hitsOf(finder);
    expect(hits('GRAND TorALRM21.85')).toEqual([['amount', 0, 11]]);
    expect(hits('Autorisierungsnumer: 123456')).toEqual([['auth_code', 0, 19]]);
    // A plural, a figure after a label, a word two letters off, or a short label: no near miss.
    expect(hits('SUBTOTALS')).toEqual([]);
    expect(hits('MONTANT : 1,11 EUR')).toEqual([['amount', 0, 7]]);
    expect(hits('SUBTATOL 5.00')).toEqual([]);
    // Beside a label read as printed, on the same line.
    expect(hits('Datum 11/07/2025 17:33 Autorisatlecode A72199')).toEqual([['transaction_date', 0, 5], ['auth_code', 23, 38]]);
  });

  it('reads a label with or without the marks on its letters, either way round', () => {
    const finder = new LabelFinder([
      { path: 'auth_code', aliases: ['Autorização', 'AUTORIZACION'] },
      { path: 'change', aliases: ['Rückgeld'] },
      { path: 'paid', aliases: ['Zapłacono'] },
    ]);
    const hits = hitsOf(finder);
    expect(hits('AUTORIZACAO: 123456')).toEqual([['auth_code', 0, 11]]);
    expect(hits('Autorización 123456')).toEqual([['auth_code', 0, 12]]);
    expect(hits('RUCKGELD 4,23')).toEqual([['change', 0, 8]]);
    expect(hits('Zaplacono karta')).toEqual([['paid', 0, 9]]);
    // Two letters changed are another word.
    expect(hits('RICKGALD 4,23')).toEqual([]);
  });

  it('reads a label printed with points between its letters, or numbered by a digit against it, and no more', () => {
    const finder = new LabelFinder([
      { path: 'tax_amount', aliases: ['IVA', 'Tax'], numbered: true },
      { path: 'tendered', aliases: ['Cash'] },
    ]);
    const hits = hitsOf(finder);
    expect(hits('I.V.A. 10.00% 3.50')).toEqual([['tax_amount', 0, 5]]);
    expect(hits('TAX1 $4.48')).toEqual([['tax_amount', 0, 4]]);
    expect(hits('TAX1')).toEqual([['tax_amount', 0, 4]]);
    // Two digits, or a digit running on into a figure, are no number of the label: the figure is
    // its value, glued on (`TAX1.50` is the tax 1.50, as `Gesamt60,00` is a total).
    expect(hits('TAX12 4.48')).toEqual([]);
    expect(hits('TAX1.50')).toEqual([['tax_amount', 0, 3]]);
    // Only taxes are numbered so: `CASH1` is a till's name.
    expect(hits('CASH1 #10-02')).toEqual([]);
  });

  it('reads a label that OCR ran into the currency of its amount, and no other word run on', () => {
    const finder = new LabelFinder([{ path: 'amount', aliases: ['Grand Total', 'Betrag'] }]);
    const hits = hitsOf(finder);
    expect(hits('GRAND TOTALRM21.85')).toEqual([['amount', 0, 11]]);
    expect(hits('BetragEUR 12,40')).toEqual([['amount', 0, 6]]);
    expect(hits('GRAND TOTALS 21.85')).toEqual([]);
    expect(hits('BETRAGEN 12,40')).toEqual([]);
  });

  it('repairs figures OCR spaced out, and leaves two figures apart', () => {
    expect(repairFigures('D ate : 15/0 1/2 01 8')).toBe('D ate : 15/01/2018');
    expect(repairFigures('52.0 0')).toBe('52.00');
    expect(repairFigures('18 : 24')).toBe('18:24');
    expect(repairFigures('06-04-1816:46')).toBe('06-04-18 16:46');
    expect(repairFigures('2 9.90')).toBe('2 9.90');
    expect(repairFigures('26/02/18 08:28')).toBe('26/02/18 08:28');
    // A separator lost to a space before a full year; a zero read for the O of OCT.
    expect(repairFigures('Date: 13/03 20 1 8')).toBe('Date: 13/03/2018');
    expect(repairFigures('Time : 27 04/2 018')).toBe('Time : 27/04/2018');
    expect(repairFigures('DATE : 10 0CT 2017 TUE')).toBe('DATE : 10 OCT 2017 TUE');
    // A separator lost outright before a full year, only where day and month are in range.
    expect(repairFigures('Date: 13/032018')).toBe('Date: 13/03/2018');
    expect(repairFigures('Create Time : 2704/2018')).toBe('Create Time : 27/04/2018');
    expect(repairFigures('Ref 1234/2018')).toBe('Ref 1234/2018');
    expect(repairFigures('No 12/342018')).toBe('No 12/342018');
    expect(repairFigures('Qty 10 0 CTN')).toBe('Qty 10 0 CTN');
    // An amount after its currency, spaced out.
    expect(repairFigures('Grand Total RM 5 1 . 3 0')).toBe('Grand Total RM 51.30');
    expect(repairFigures('R M8. 50')).toBe('RM 8.50');
    expect(repairFigures('2 x RM 1.75')).toBe('2 x RM 1.75');
    // A decimal point parted from either side by a space.
    expect(repairFigures('Total After Adj 127 .3 5')).toBe('Total After Adj 127.35');
    expect(repairFigures('2. 10 ZR')).toBe('2.10 ZR');
    expect(repairFigures('No. 2. 100 pcs')).toBe('No. 2. 100 pcs');
  });
});

describe('extractFromText on a retail receipt', () => {
  const ex = extract(RECEIPT);

  it('reads the header block, labelled fields, the date and the total after rounding', () => {
    expect(ex.data).toMatchObject({
      merchant: 'BOOK TA .K (TAMAN DAYA) SDN BHD',
      merchant_address: 'NO.53 55,57 & 59, JALAN SAGU 18, TAMAN DAYA, 81100 JOHOR BAHRU,',
      merchant_phone: '07-3523888',
      merchant_tax_id: '000849813504',
      receipt_number: 'CS00031663',
      cashier: 'MANIS',
      transaction_date: '2018-12-25',
      amount: 12,
      rounding: -0.02,
      amount_tendered: 20,
      change: 8,
      payment_method: 'cash',
    });
  });

  it('reads the line items between the table header and the totals', () => {
    expect(ex.data.line_items).toEqual([
      { description: 'KF MODELLING CLAY', quantity: 1, unit_price: 9, amount: 9 },
      { description: 'GLUE STICK', quantity: 2, unit_price: 1.5, amount: 3 },
    ]);
    expect(ex.fields.line_items.items?.[1].amount).toMatchObject({ value: 3, status: 'ok', source: 'client_ocr', page: 1 });
  });

  it('takes an unlabelled date printed with a time over a card expiry or a phone number in groups', () => {
    const slip = extract([
      'POPULAR EXAMPLE CO. (M) SDN BHD',
      'No 8, Jalan 7/118B, 56000 Kuala Lumpur',
      'Tel. : 05.22.95.66.66',
      [{ text: '01/03/18 19:14', x: 0.05 }, { text: 'Slip No.: 0010104733', x: 0.5 }],
      'Member Card No: 2008011381468',
      'Card Expiry: 30/09/18',
      [{ text: 'TOTAL', x: 0.05 }, { text: '12.00', x: 0.75 }],
    ]);
    expect(slip.data.transaction_date).toBe('2018-03-01');
    expect(slip.data.transaction_time).toBe('19:14');
  });

  it('takes no total or tax from under a column heading of the item table', () => {
    const table = extract([
      'RESTORAN EXAMPLE',
      'No.2, Jalan Besar, 43200 Cheras',
      [{ text: 'Description', x: 0.05 }, { text: 'Qty', x: 0.4 }, { text: 'U.price', x: 0.55 }, { text: 'Total TAX', x: 0.75 }],
      'Teh (B)',
      [{ text: '1 x', x: 0.4 }, { text: '2.10', x: 0.55 }, { text: '2.10 ZRL', x: 0.75 }],
      'Cham (B)',
      [{ text: '2 x', x: 0.4 }, { text: '2.10', x: 0.55 }, { text: '4.20 ZRL', x: 0.75 }],
      [{ text: 'TOTAL:', x: 0.05 }, { text: '6.30', x: 0.75 }],
      [{ text: 'CASH :', x: 0.05 }, { text: '6.30', x: 0.75 }],
    ]);
    expect(table.data.amount).toBe(6.3);
    expect(table.data.tax_amount).toBeNull();
  });

  it('gives every field a result with type, status, confidence, source, place and raw text', () => {
    const amount = ex.fields.amount;
    expect(amount).toMatchObject({ value: 12, type: 'money', status: 'ok', verified: false, source: 'client_ocr', page: 1, raw_text: '12.00' });
    expect(amount.confidence).toBeGreaterThan(0);
    expect(amount.confidence).toBeLessThanOrEqual(1);
    expect(amount.bounding_box!.x).toBeCloseTo(0.8, 5);
    expect(ex.fields.tip).toMatchObject({ value: null, status: 'missing', confidence: 0, source: null, page: null, bounding_box: null, raw_text: null });
    expect(ex.fields.transaction_date.checks.map((c) => c.name)).toEqual(['required', 'date', 'rules']);
    expect(ex).toMatchObject({ document_type: 'retail_receipt', schema_version: 1, mode: 'standard', processing: { pages: 1, text_sources: ['client_ocr'] }, warnings: [] });
    expect(ex.processing.engine).toMatch(/^[a-z-]+\/\d+\.\d+\.\d+$/);
  });

  it('records how an ambiguous date was settled', () => {
    const us = extract(['SHOP INC', 'Date 03/04/2025', [{ text: 'TOTAL', x: 0.05 }, { text: '$5.00', x: 0.8 }]]);
    expect(us.data.transaction_date).toBe('2025-03-04');
    expect(us.fields.transaction_date.date_order).toEqual({ order: 'mdy', reason: 'currency' });
    const uk = extract(['SHOP LTD', 'Date 03/04/2025', 'Paid 13/04/2025', [{ text: 'TOTAL', x: 0.05 }, { text: '5.00', x: 0.8 }]]);
    expect(uk.data.transaction_date).toBe('2025-04-03');
    expect(uk.fields.transaction_date.date_order).toEqual({ order: 'dmy', reason: 'document' });
  });
});

describe('review', () => {
  it('asks for review when a required field is missing, naming it', () => {
    const ex = extract(['SHOP LTD', 'THANK YOU']);
    expect(ex.review.required).toBe(true);
    const codes = ex.review.reasons.map((r) => `${r.code}:${r.path}`);
    expect(codes).toContain('required_missing:amount');
    expect(codes).toContain('required_missing:transaction_date');
    expect(ex.fields.amount.status).toBe('missing');
  });

  it('flags values read with low confidence, and not those read surely', () => {
    const rows = (conf: number): (string | Cell[])[] => [
      'SHOP SDN BHD',
      'Date: 01/02/2024',
      [{ text: 'TOTAL', x: 0.05, confidence: conf }, { text: '9.00', x: 0.8, confidence: conf }],
      [{ text: 'CASH', x: 0.05 }, { text: '10.00', x: 0.8 }],
      [{ text: 'CHANGE', x: 0.05 }, { text: '1.00', x: 0.8 }],
    ];
    const sure = extract(rows(0.99));
    const unsure = extract(rows(0.55));
    expect(unsure.fields.amount.confidence).toBeLessThan(sure.fields.amount.confidence);
    expect(unsure.review.reasons.some((r) => r.code === 'low_confidence' && r.path === 'amount')).toBe(true);
    expect(sure.review.reasons.some((r) => r.path === 'amount')).toBe(false);
  });

  it('reports a value that fails its pattern as invalid and keeps data to the schema', () => {
    const type = definitionVersion('slip', { name: 'Slip', fields: { policy_number: { type: 'string', aliases: ['Policy No'], pattern: '^[A-Z]{2}[0-9]{6}$' } } });
    const ex = extract(['ACME', 'Policy No: 12AB'], type);
    expect(ex.fields.policy_number).toMatchObject({ status: 'invalid', value: '12AB', raw_text: '12AB' });
    expect(ex.data.policy_number).toBeNull();
    expect(ex.review.reasons.some((r) => r.code === 'invalid_value' && r.path === 'policy_number')).toBe(true);
  });
});

describe('known merchants', () => {
  it('snaps a near match to the known name and says so', () => {
    const ex = extract(RECEIPT, templateVersion('retail_receipt'), { knownMerchants: ['Acme', 'BOOK TA.K (TAMAN DAYA) SDN. BHD.'] });
    expect(ex.data.merchant).toBe('BOOK TA.K (TAMAN DAYA) SDN. BHD.');
    expect(ex.fields.merchant).toMatchObject({ status: 'corrected', raw_text: 'BOOK TA .K (TAMAN DAYA) SDN BHD' });
  });

  it('leaves a name alone that is close to no known one', () => {
    const ex = extract(RECEIPT, templateVersion('retail_receipt'), { knownMerchants: ['TESCO', 'ALDI'] });
    expect(ex.fields.merchant).toMatchObject({ status: 'ok', value: 'BOOK TA .K (TAMAN DAYA) SDN BHD' });
  });
});

describe('user-defined types', () => {
  const def: Definition = {
    name: 'Insurance slip',
    fields: {
      policy_number: { type: 'string', required: true, aliases: ['Policy No', 'Policy #'], pattern: '^[A-Z]{2}[0-9]{6}$' },
      premium: { type: 'money', aliases: ['Premium'] },
      insured: { type: 'object', fields: { name: { type: 'string', aliases: ['Insured'] }, born: { type: 'date', aliases: ['Date of birth'] } } },
      paid: { type: 'boolean', aliases: ['Payment'] },
    },
  };
  const type = definitionVersion('insurance_slip', def);

  it('reads fields by their aliases, nested objects included', () => {
    const ex = extract(['ACME INSURANCE', 'Policy No: PX123456 issued today', 'Insured: JANE DOE', 'Date of birth 04.07.1990', [{ text: 'Premium', x: 0.05 }, { text: '1.234,50', x: 0.7 }], 'Payment DECLINED'], type);
    expect(ex.data).toEqual({ policy_number: 'PX123456', premium: 1234.5, insured: { name: 'JANE DOE', born: '1990-07-04' }, paid: false });
    expect(ex.document_type).toBe('insurance_slip');
    expect(ex.fields.insured.fields?.name).toMatchObject({ value: 'JANE DOE', status: 'ok' });
  });

  it('says what is missing', () => {
    const ex = extract(['ACME INSURANCE'], type);
    expect(ex.data.policy_number).toBeNull();
    expect(ex.review.reasons).toContainEqual(expect.objectContaining({ code: 'required_missing', path: 'policy_number' }));
  });
});
