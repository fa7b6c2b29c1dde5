// Invoices printed in German and French (FeRD / ZUGFeRD visualisations): title lines, party
// sections, item tables with an amount column, and the whole page end to end.
import { describe, expect, it } from 'vitest';
import { templateDefinition } from '../../engine/src/doctypes/templates/index.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import { labelledCandidates, titleCandidates } from '../../engine/src/extract/find/candidates.js';
import { valueKind } from '../../engine/src/extract/find/field-kinds.js';
import { readLineItems } from '../../engine/src/extract/find/line-items.js';
import { sectionCandidates } from '../../engine/src/extract/find/party-section.js';
import { readTitleLine } from '../../engine/src/extract/find/title-line.js';
import { readValues } from '../../engine/src/extract/find/value-parsers.js';
import { layoutDocument, type DocumentText, type Line, type TextPage } from '../../engine/src/extract/layout/document-text.js';
import { LabelFinder } from '../../engine/src/extract/layout/labels.js';

// ---------------------------------------------------------------------------------------------
// Builders: pages of pdf_text lines, one row per entry, cells of a row at one height.

/** A cell of a row: its text and left edge (fraction of the page width); 0.1 unless given. */
interface Cell {
  text: string;
  x?: number;
}
type PageRow = string | Cell[];

const ROW_HEIGHT = 0.02;
const ROW_STEP = 0.03;

/** A pdf_text page: each entry a row (a plain string is one cell at x 0.1), top to bottom. */
function textPage(rows: readonly PageRow[], page = 1): TextPage {
  const lines = rows.flatMap((row, i) =>
    (typeof row === 'string' ? [{ text: row }] : row).map((c) => {
      const x = c.x ?? 0.1;
      return {
        text: c.text,
        confidence: 1,
        words: [],
        bounding_box: { x, y: 0.04 + i * ROW_STEP, width: Math.min(0.99 - x, c.text.length * 0.01), height: ROW_HEIGHT },
      };
    }),
  );
  return { page, width: 600, height: 850, source: 'pdf_text', lines };
}

/** A laid-out document of one page per argument. */
function docOf(...pages: PageRow[][]): DocumentText {
  return layoutDocument(pages.map((rows, i) => textPage(rows, i + 1)));
}

const INVOICE = templateDefinition('invoice');
const NOW = new Date('2026-11-22T12:00:00Z');

/** The invoice template over one page. */
function extractInvoice(rows: readonly PageRow[]) {
  return extractFromText({ pages: [textPage(rows)] }, templateVersion('invoice'), { now: NOW });
}

// ---------------------------------------------------------------------------------------------

describe('readTitleLine: the document number and date on a title line', () => {
  it.each([
    // [title line, number, ISO date or null]
    ['Handelsrechnung (380) Nr. 471102 vom 05.03.2018', '471102', '2018-03-05'],
    ['Rechnung des Versicherers (575) Nr. 01.234.567.8-2018-1 vom 06.12.2018', '01.234.567.8-2018-1', '2018-12-06'],
    ['Schlussrechnung Bau (877) Nr. 181301674 vom 25.04.2018', '181301674', '2018-04-25'],
    ['Baurechnung Nr. 181301674 vom 25.04.2018', '181301674', '2018-04-25'],
    ['Mietrechnung (387) Nr. 9314110911/00/M/00/N vom 01.10.2018', '9314110911/00/M/00/N', '2018-10-01'],
    ['Rechnungskorrektur Nr. 99 vom 01.02.2019', '99', '2019-02-01'],
    ['Rechnung Nr. 4711 vom 5. März 2018', '4711', '2018-03-05'],
    ['Rechnung # RE-20140519/499 vom 19.05.2014', 'RE-20140519/499', '2014-05-19'],
    ['RECHNUNG NR. 4711', '4711', null],
    ['Gutschrift Nr. 12345', '12345', null],
    ['Fattura n. 12 del 03/04/2021', '12', '2021-04-03'],
    ['Facture FA-2017-0010', 'FA-2017-0010', null],
    ['Facture N° F-2021-001 du 15/01/2021', 'F-2021-001', '2021-01-15'],
    ['Avoir AV-12', 'AV-12', null],
    ['Factura Nº 2020/15 del 01/03/2020', '2020/15', '2020-03-01'],
    ['Invoice # RE-20190610/507 issued at 2019-06-10', 'RE-20190610/507', '2019-06-10'],
    ['Invoice No.: 123', '123', null],
    ['Invoice #123, 01/02/2020', '123', '2020-02-01'],
    ['Invoice IN-1 from 01.01.2020', 'IN-1', '2020-01-01'],
    ['Invoice: 123 Date: 01/01/2020', '123', '2020-01-01'],
    ['Invoice: 42.', '42', null],
    ['Tax Invoice INV-0042 dated 3 March 2021', 'INV-0042', '2021-03-03'],
    ['Commercial Invoice Nr: 55', '55', null],
    ['Credit Note CN-7/2020.', 'CN-7/2020', null],
    ['| Rechnung Nr. 1', '1', null],
  ])('%s -> %s, %s', (text, number, date) => {
    const t = readTitleLine(text);
    expect(t).not.toBeNull();
    expect(t!.number.value).toBe(number);
    // The spans index into the line itself.
    expect(text.slice(t!.number.start, t!.number.end)).toBe(number);
    if (date === null) {
      expect(t!.date).toBeNull();
    } else {
      expect(t!.date?.parsed.value).toBe(date);
      expect(text.slice(t!.date!.start, t!.date!.end)).toBe(t!.date!.parsed.raw);
      expect(t!.date!.end).toBeLessThanOrEqual(text.length);
    }
  });

  it('keeps the reading of an ambiguous day and month, with the other one as alternative; with points, day first only', () => {
    expect(readTitleLine('Invoice No. 471102 dated 05/03/2018')!.date!.parsed).toMatchObject({ value: '2018-03-05', order: 'dmy', alternative: { value: '2018-05-03', order: 'mdy' } });
    const t = readTitleLine('Handelsrechnung (380) Nr. 471102 vom 05.03.2018')!;
    expect(t.date!.parsed).toMatchObject({ value: '2018-03-05', order: 'dmy', alternative: null });
    expect(t.date).toMatchObject({ start: 37, end: 47 });
    expect(t.number).toEqual({ value: '471102', start: 26, end: 32 });
  });

  it('gives no date for a day that does not exist, but keeps the number', () => {
    expect(readTitleLine('Invoice Nr. 5 vom 31.02.2020')).toEqual({ number: { value: '5', start: 12, end: 13 }, date: null });
  });

  it('takes only a date right after the number (and its lead words), not one further on', () => {
    expect(readTitleLine('Rechnung Nr. 4711 Lieferung vom 05.03.2018')?.date).toBeNull();
  });

  it.each([
    ['Rechnungssumme ohne USt.'], // a compound of Rechnung without any figure
    ['Total 12,50'],
    ['Beispiel-Rechnungen für ZUGFeRD 2.2, (c) FeRD 2022'], // the title word does not open the line
    ['Invoice total'],
    ['Invoice Date 01/02/2020'],
    ['Invoicing 123'],
    ['Rechnung'],
    ['Rechnungen'],
    ['Rechnung Nr.'],
    ['Rechnung vom 05.03.2018'],
    ['Rechnung zur Bestellung 4711'],
    ['Rechnungsanschrift: Musterstr. 1'],
    ['Lieferantenstraße 20'],
    ['80333 München'],
    ['Lieferant GmbH'],
    [''],
    // Compounds of Rechnung that name another field (date, amount, addressee) are no title: their
    // figure is no document number.
    ['Rechnungsdatum: 05.03.2018'],
    ['Rechnungsbetrag 529,87'],
    ['Rechnungsnummer: 471102'],
    ['Rechnungsbetrag: 1.234,56 EUR'],
    ['Rechnungsempfänger 12345'],
  ])('%j is no title line', (text) => {
    expect(readTitleLine(text)).toBeNull();
  });

  // A marker word spelt out in full: `Num` must not be taken for the marker and leave `ber` as the number.
  it.each([
    ['Invoice Number: INV-1', 'INV-1'],
    ['Invoice Number 12345', '12345'],
    ['Rechnung Nummer 123', '123'],
    ['Facture Numéro 2021-12', '2021-12'],
  ])('%s -> %s (marker spelt out in full)', (text, number) => {
    expect(readTitleLine(text)?.number.value).toBe(number);
  });

  it('does not read the day of a date after the title word as the number', () => {
    expect(readTitleLine('Invoice 12 March 2021')?.number.value).not.toBe('12');
  });
});

describe('titleCandidates', () => {
  const doc = docOf(['Muster AG', 'Handelsrechnung (380) Nr. 471102 vom 05/03/2018', 'Facture FA-2017-0010', 'Total 12,50']);

  it('gives one number per title line, unlabelled, with its place in the line', () => {
    const list = titleCandidates(doc, 'number');
    expect(list.map((c) => c.value)).toEqual(['471102', 'FA-2017-0010']);
    for (const c of list) {
      expect(c).toMatchObject({ label: null, relation: 'title', score: 0.9 });
      expect(c.line.text.slice(c.start, c.end)).toBe(c.value);
    }
  });

  it('gives the date after the number, less sure where day and month could swap', () => {
    const list = titleCandidates(doc, 'date');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ value: '2018-03-05', raw: '05/03/2018', relation: 'title', label: null });
    expect(list[0].score).toBeCloseTo(0.72);
    expect(list[0].date?.alternative?.value).toBe('2018-05-03');
  });
});

// ---------------------------------------------------------------------------------------------

describe('sectionCandidates: a party name under its section heading', () => {
  const finder = new LabelFinder([
    { path: 'supplier_name', aliases: ['Verkäufer', 'Lieferant', 'Seller'] },
    { path: 'customer_name', aliases: ['Käufer', 'Bill To'] },
  ]);
  const hitsOnLine = (l: Line) => finder.inLine(l);
  /** The section candidates of one field over the given rows. */
  const names = (rows: PageRow[], path = 'supplier_name') => {
    const doc = docOf(rows);
    const hits = doc.lines.flatMap((l) => finder.inLine(l)).filter((h) => h.path === path);
    return sectionCandidates(doc, hits, hitsOnLine);
  };

  it('takes the value of a `Name:` row, from the next cell of the row', () => {
    const list = names(['Verkäufer', [{ text: 'Nummer:' }, { text: '549910', x: 0.3 }], [{ text: 'Name:' }, { text: 'Lieferant GmbH', x: 0.3 }], 'Lieferantenstraße 20']);
    expect(list.map((c) => c.value)).toEqual(['Lieferant GmbH']);
    const [c] = list;
    expect(c).toMatchObject({ relation: 'below', raw: 'Lieferant GmbH', score: 0.92 });
    expect(c.label).toMatchObject({ path: 'supplier_name', alias: 'Verkäufer' });
    expect(c.line.text.slice(c.start, c.end)).toBe('Lieferant GmbH');
  });

  it('takes the value of a `Name:` row written on one line', () => {
    const [c] = names(['Verkäufer', 'Name: Lieferant GmbH']);
    expect(c.value).toBe('Lieferant GmbH');
    expect(c.line.text.slice(c.start, c.end)).toBe('Lieferant GmbH');
  });

  it('skips a row of codes (GLN, supplier number) to the first row of words', () => {
    expect(names(['Verkäufer', 'GLN 4333741000005 Lief-Nr: 549910', 'MUSTERLIEFERANT GMBH', 'Musterstr. 1']).map((c) => c.value)).toEqual(['MUSTERLIEFERANT GMBH']);
  });

  it('skips a label cell whose value cell starts with the colon (`Nummer` | `: 549910`)', () => {
    expect(names(['Verkäufer', [{ text: 'Nummer' }, { text: ': 549910', x: 0.3 }], 'Lieferant GmbH']).map((c) => c.value)).toEqual(['Lieferant GmbH']);
  });

  it('accepts a heading with a colon, and a row holding the same field’s alias', () => {
    expect(names(['Verkäufer:', 'Lieferant GmbH']).map((c) => c.value)).toEqual(['Lieferant GmbH']);
  });

  it('reads an English heading too', () => {
    expect(names(['Bill To', 'Jane Doe', '1 Main Street'], 'customer_name').map((c) => c.value)).toEqual(['Jane Doe']);
  });

  it('reads two sections side by side, each in its own column', () => {
    const rows: PageRow[] = [
      [{ text: 'Verkäufer' }, { text: 'Käufer', x: 0.55 }],
      [{ text: 'Name:' }, { text: 'Lieferant GmbH', x: 0.25 }, { text: 'Name:', x: 0.55 }, { text: 'Kunden AG', x: 0.7 }],
    ];
    expect(names(rows).map((c) => c.value)).toEqual(['Lieferant GmbH']);
    expect(names(rows, 'customer_name').map((c) => c.value)).toEqual(['Kunden AG']);
  });

  it('gives nothing for a heading that does not stand alone on its line', () => {
    expect(names(['Seller: ACME Ltd', 'Other Trading Ltd'])).toEqual([]);
  });

  it('stops at another field’s heading', () => {
    expect(names(['Verkäufer', 'Käufer', 'Kunden AG'])).toEqual([]);
  });

  it('does not take a name printed in another column', () => {
    expect(names(['Verkäufer', [{ text: 'Far Away GmbH', x: 0.6 }]])).toEqual([]);
    expect(names(['Verkäufer', [{ text: 'Nummer: 549910' }, { text: 'Far Away GmbH', x: 0.6 }]])).toEqual([]);
    // A little left of the heading still counts as its column; a tenth or more to the right does not.
    expect(names(['Verkäufer', [{ text: 'Near GmbH', x: 0.08 }]]).map((c) => c.value)).toEqual(['Near GmbH']);
    expect(names(['Verkäufer', [{ text: 'Indented GmbH', x: 0.25 }]])).toEqual([]);
  });

  it('looks at most six rows below the heading', () => {
    const codes = ['4333741000005', '549910', 'DE123456789', '0815', '4711', '12345'];
    expect(names(['Verkäufer', ...codes.slice(0, 5), 'Sixth Row GmbH']).map((c) => c.value)).toEqual(['Sixth Row GmbH']);
    expect(names(['Verkäufer', ...codes, 'Seventh Row GmbH'])).toEqual([]);
  });

  it('gives nothing for an empty `Name:` row or a section of codes only', () => {
    expect(names(['Verkäufer', 'Name:'])).toEqual([]);
    expect(names(['Verkäufer', '4333741000005', 'DE123456789'])).toEqual([]);
  });

  it('does not follow a section onto the next page', () => {
    const doc = docOf(['Rechnung Nr. 1', 'Verkäufer'], ['Lieferant GmbH']);
    const hits = doc.lines.flatMap((l) => finder.inLine(l)).filter((h) => h.path === 'supplier_name' && h.alias === 'Verkäufer');
    expect(hits).toHaveLength(1);
    expect(sectionCandidates(doc, hits, hitsOnLine)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('readLineItems under a header with an amount column', () => {
  // Columns of a FeRD visualisation's item table.
  const X = { pos: 0.05, desc: 0.1, price: 0.45, qty: 0.6, tax: 0.7, amount: 0.85 };
  const HEADER: Cell[] = [
    { text: 'Pos', x: X.pos },
    { text: 'Beschreibung', x: X.desc },
    { text: 'Nettopreis', x: X.price },
    { text: 'Menge', x: X.qty },
    { text: 'Steuersatz', x: X.tax },
    { text: 'Nettobetrag', x: X.amount },
  ];
  /** An item as FeRD prints it: a row of its position, name, unit price, quantity and rate, then its code and amount, then its gross price. */
  const item = (pos: string, name: string, price: string, qty: string, rate: string, code: string, amount: string): PageRow[] => [
    [{ text: pos, x: X.pos }, { text: name, x: X.desc }, { text: price, x: X.price }, { text: qty, x: X.qty }, { text: rate, x: X.tax }],
    [{ text: code, x: X.desc }, { text: amount, x: X.amount }],
    [{ text: `Bruttopreis : ${price}`, x: X.desc }],
  ];
  const FERD: PageRow[] = [
    'Handelsrechnung (380) Nr. 471102 vom 05.03.2018',
    HEADER,
    ...item('1', 'Trennblätter A4', '9,9000', '20 Stk', '19 %', '4012345001235', '198,00'),
    ...item('2', 'Joghurt Banane', '5,5000', '50 Stk', '7 %', '4000050986428', '275,00'),
    [{ text: 'Art (Kategorie)', x: X.desc }, { text: 'Warenwert', x: X.price }, { text: 'Zu-/Abschlag', x: X.tax }, { text: 'Steuerbetrag', x: X.amount }],
    [{ text: 'Umsatzsteuer (S) 19 %', x: X.desc }, { text: '198,00', x: X.price }, { text: '0,00', x: X.tax }, { text: '37,62', x: X.amount }],
    [{ text: 'Umsatzsteuer (S) 7 %', x: X.desc }, { text: '275,00', x: X.price }, { text: '0,00', x: X.tax }, { text: '19,25', x: X.amount }],
  ];
  const items = () => readLineItems(docOf(FERD), INVOICE.fields, { decimal: ',' }).line_items;

  it('takes only rows with a figure under the amount column, and stops at the tax table', () => {
    const list = items();
    expect(list.map((i) => i.values.amount)).toEqual([198, 275]);
    // The item is the row holding its amount; the unit price row above and the gross price row are details.
    expect(list.map((i) => i.line.text)).toEqual(['198,00', '275,00']);
    expect(list[0].cells.amount).toMatchObject({ raw: '198,00' });
    const amounts = list.map((i) => i.values.amount);
    expect(amounts).not.toContain(9.9);
    expect(amounts).not.toContain(37.62);
  });

  it('describes each item by its name cell', () => {
    const list = items();
    expect(String(list[0].values.description)).toContain('Trennblätter A4');
    expect(String(list[1].values.description)).toContain('Joghurt Banane');
  });

  it('reads no items from an empty table: the totals under it, the tax among them, are none', () => {
    const doc = docOf([
      HEADER,
      [{ text: 'Positionssumme', x: X.desc }, { text: '198,00', x: X.amount }],
      [{ text: 'Rechnungssumme ohne USt.', x: X.desc }, { text: '198,00', x: X.amount }],
      [{ text: 'Steuerbetrag in EUR', x: X.desc }, { text: '37,62', x: X.amount }],
      [{ text: 'Bruttosumme', x: X.desc }, { text: '235,62', x: X.amount }],
    ]);
    expect(readLineItems(doc, INVOICE.fields, { decimal: ',' }).line_items).toEqual([]);
  });

  it('still reads a one-row item under such a header, with its quantity and unit price', () => {
    const doc = docOf([
      [{ text: 'Bezeichnung', x: 0.1 }, { text: 'Menge', x: 0.5 }, { text: 'Einzelpreis', x: 0.65 }, { text: 'Gesamtpreis', x: 0.85 }],
      [{ text: 'Schrauben M4', x: 0.1 }, { text: '100', x: 0.5 }, { text: '0,05', x: 0.65 }, { text: '5,00', x: 0.85 }],
      [{ text: 'Dübel 6 mm', x: 0.1 }, { text: '20', x: 0.5 }, { text: '0,10', x: 0.65 }, { text: '2,00', x: 0.85 }],
      [{ text: 'Nettosumme', x: 0.5 }, { text: '7,00', x: 0.85 }],
    ]);
    const list = readLineItems(doc, INVOICE.fields, { decimal: ',' }).line_items;
    expect(list.map((i) => i.values)).toEqual([
      { amount: 5, quantity: 100, unit_price: 0.05, description: 'Schrauben M4' },
      { amount: 2, quantity: 20, unit_price: 0.1, description: 'Dübel 6 mm' },
    ]);
  });

  it('ends the list only after an item: a row of words before the first item does not', () => {
    const doc = docOf([
      [{ text: 'Bezeichnung', x: 0.1 }, { text: 'Menge', x: 0.5 }, { text: 'Gesamtpreis', x: 0.85 }],
      [{ text: 'Lieferung', x: 0.1 }, { text: 'ab', x: 0.5 }, { text: 'Werk', x: 0.85 }],
      [{ text: 'Schrauben M4', x: 0.1 }, { text: '100', x: 0.5 }, { text: '5,00', x: 0.85 }],
      [{ text: 'Art', x: 0.1 }, { text: 'Warenwert', x: 0.5 }, { text: 'Steuerbetrag', x: 0.85 }],
      [{ text: 'USt 19 %', x: 0.1 }, { text: '5,00', x: 0.5 }, { text: '0,95', x: 0.85 }],
    ]);
    expect(readLineItems(doc, INVOICE.fields, { decimal: ',' }).line_items.map((i) => i.values.amount)).toEqual([5]);
  });

  it('reads an English receipt table without an amount column header as before', () => {
    const doc = docOf([
      'ACME STORE',
      'Date: 25/12/2018',
      [{ text: 'Item', x: 0.05 }, { text: 'Qty', x: 0.45 }, { text: 'Price', x: 0.6 }],
      [{ text: 'KF MODELLING CLAY', x: 0.05 }, { text: '1', x: 0.45 }, { text: '9.00', x: 0.6 }, { text: '9.00', x: 0.8 }],
      [{ text: 'GLUE STICK', x: 0.05 }, { text: '2', x: 0.45 }, { text: '1.50', x: 0.6 }, { text: '3.00', x: 0.8 }],
      [{ text: 'Total', x: 0.05 }, { text: '12.00', x: 0.8 }],
    ]);
    expect(readLineItems(doc, INVOICE.fields, { decimal: '.' }).line_items.map((i) => i.values)).toEqual([
      { amount: 9, quantity: 1, unit_price: 9, description: 'KF MODELLING CLAY' },
      { amount: 3, quantity: 2, unit_price: 1.5, description: 'GLUE STICK' },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('document numbers and party names read by kind', () => {
  it('reads the invoice number as a document number, unless the field has its own pattern', () => {
    expect(valueKind('invoice_number', INVOICE.fields.invoice_number)).toBe('document_number');
    expect(valueKind('receipt_no', { type: 'string' })).toBe('document_number');
    expect(valueKind('invoice_number', { type: 'string', pattern: '^\\d+$' })).toBe('text');
    expect(valueKind('supplier_name', INVOICE.fields.supplier_name)).toBe('party_name');
  });

  it.each([
    ['INV-2020-07 dated 1 May 2020', 'INV-2020-07', 0, 1],
    ['Nr. 4711 vom 05.03.2018', '4711', 4, 1],
    ['No: 12', '12', 4, 1],
    ['#: A-1', 'A-1', 3, 1],
    ['RE-2019/507.', 'RE-2019/507', 0, 1],
    ['Nummer 123', '123', 7, 1], // the whole marker skipped: the number stands first
  ])('a labelled slot %j gives its first token with a digit', (text, value, start, quality) => {
    const [v, ...rest] = readValues('document_number', text, { type: 'string' }, {}, true);
    expect(rest).toEqual([]);
    expect(v).toMatchObject({ value, start, end: start + value.length, quality });
  });

  it('gives no document number without a label, or from words only', () => {
    expect(readValues('document_number', 'INV-2020-07', { type: 'string' }, {}, false)).toEqual([]);
    expect(readValues('document_number', 'siehe unten', { type: 'string' }, {}, true)).toEqual([]);
    expect(readValues('document_number', '', { type: 'string' }, {}, true)).toEqual([]);
  });

  describe('a party name label followed by a company form alone', () => {
    const finder = new LabelFinder([{ path: 'supplier_name', aliases: ['Verkäufer', 'Lieferant', 'Seller'] }]);
    const labelled = (rows: PageRow[]) => {
      const doc = docOf(rows);
      const hits = doc.lines.flatMap((l) => finder.inLine(l));
      return labelledCandidates(doc, 'party_name', INVOICE.fields.supplier_name, hits, (l) => finder.inLine(l), {}).map((c) => c.value);
    };

    it.each([[['Lieferant GmbH']], [['Lieferant AG']], [['Lieferant', 'GmbH']], [['Lieferant GmbH & Co. KG']]])('%j gives no name', (rows) => {
      expect(labelled(rows)).toEqual([]);
    });

    it.each([
      ['Lieferant: Muster GmbH', 'Muster GmbH'],
      ['Seller: ACME Ltd', 'ACME Ltd'],
    ])('%j still gives %j', (row, name) => {
      expect(labelled([row])).toEqual([name]);
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('extractFromText on a German invoice', () => {
  const GERMAN: PageRow[] = [
    'Handelsrechnung (380) Nr. 471102 vom 05.03.2018',
    'Verkäufer',
    [{ text: 'Nummer:' }, { text: '549910', x: 0.3 }],
    [{ text: 'Name:' }, { text: 'Lieferant GmbH', x: 0.3 }],
    'Lieferantenstraße 20, 80333 München',
    'Käufer',
    [{ text: 'Name:' }, { text: 'Kunden AG Mitte', x: 0.3 }],
    'Kundenstraße 15, 69876 Frankfurt',
    [{ text: 'Währung:' }, { text: 'EUR', x: 0.3 }],
    [{ text: 'Nettosumme', x: 0.5 }, { text: '473,00', x: 0.85 }],
    [{ text: 'Steuerbetrag', x: 0.5 }, { text: '56,87', x: 0.85 }],
    [{ text: 'Bruttosumme', x: 0.5 }, { text: '529,87', x: 0.85 }],
  ];

  it('reads the title line, the party sections and the totals', () => {
    const ex = extractInvoice(GERMAN);
    expect(ex.data).toMatchObject({
      invoice_number: '471102',
      issue_date: '2018-03-05',
      supplier_name: 'Lieferant GmbH',
      customer_name: 'Kunden AG Mitte',
      currency: 'EUR',
      subtotal: 473,
      tax_amount: 56.87,
      total_amount: 529.87,
    });
    expect(ex.fields.invoice_number).toMatchObject({ raw_text: '471102', page: 1, status: 'ok' });
    expect(ex.fields.supplier_name).toMatchObject({ raw_text: 'Lieferant GmbH', status: 'ok' });
    // Read right, checked and consistent: what review there is comes from the fitted thresholds alone.
    expect(ex.review.reasons.filter((r) => ['invoice_number', 'issue_date', 'supplier_name', 'total_amount'].includes(r.path) && r.code !== 'low_confidence')).toEqual([]);
    expect(ex.fields.total_amount.confidence).toBeGreaterThan(0.8);
  });

  it('keeps a labelled same-line number to its first token', () => {
    const ex = extractInvoice(['ACME Ltd', 'Invoice No: INV-2020-07 dated 1 May 2020', [{ text: 'Total', x: 0.5 }, { text: '12.50', x: 0.85 }]]);
    expect(ex.data).toMatchObject({ invoice_number: 'INV-2020-07', issue_date: '2020-05-01', supplier_name: 'ACME Ltd', total_amount: 12.5 });
  });

  it('reads an English title line with its number and date', () => {
    const ex = extractInvoice(['ACME Ltd', 'Invoice # RE-20190610/507 issued at 2019-06-10', [{ text: 'Total', x: 0.5 }, { text: '12.50', x: 0.85 }]]);
    expect(ex.data).toMatchObject({ invoice_number: 'RE-20190610/507', issue_date: '2019-06-10' });
  });

  it('prefers the labelled number to a title line’s when both are printed', () => {
    const ex = extractInvoice(['Muster AG', 'Rechnungsnummer: 471102', 'Rechnungsdatum: 05.03.2018', [{ text: 'Rechnungsbetrag', x: 0.1 }, { text: '529,87', x: 0.85 }]]);
    expect(ex.data).toMatchObject({ invoice_number: '471102', issue_date: '2018-03-05', total_amount: 529.87 });
  });

  it('does not give `GmbH` as the supplier for a line `Lieferant GmbH`', () => {
    const ex = extractInvoice(['Muster AG', 'Musterstraße 1', 'Lieferant GmbH', 'Rechnung Nr. 4711', [{ text: 'Bruttosumme', x: 0.5 }, { text: '12,50', x: 0.85 }]]);
    expect(ex.data.supplier_name).not.toBe('GmbH');
    expect(ex.data).toMatchObject({ supplier_name: 'Muster AG', invoice_number: '4711', total_amount: 12.5 });
  });

  it('reads the supplier `Lieferant GmbH & Co. KG` whole, not its company form', () => {
    const ex = extractInvoice(['Lieferant GmbH & Co. KG', 'Musterstraße 1', 'Rechnung Nr. 4711', [{ text: 'Bruttosumme', x: 0.5 }, { text: '12,50', x: 0.85 }]]);
    expect(ex.data.supplier_name).toBe('Lieferant GmbH & Co. KG');
  });

  it('does not take the invoice date for the invoice number', () => {
    const ex = extractInvoice(['Muster AG', 'Rechnungsdatum: 05.03.2018', [{ text: 'Rechnungsbetrag', x: 0.1 }, { text: '529,87', x: 0.85 }]]);
    expect(ex.data.issue_date).toBe('2018-03-05');
    expect(ex.data.invoice_number).toBeNull();
  });
});

describe('extractFromText on an English invoice with a tax summary', () => {
  /** A Mustang-style VAT summary: its heading, a row per rate (rate, net, tax), and the tax total. */
  const vatSummary = (rates: [string, string, string][], total: string): PageRow[] => [
    [{ text: 'VAT' }, { text: 'Net amount', x: 0.24 }, { text: 'VAT amount', x: 0.35 }],
    ...rates.map(([rate, net, tax]): PageRow => [{ text: rate }, { text: net, x: 0.24 }, { text: tax, x: 0.35 }]),
    [{ text: `VAT total: ${total}`, x: 0.26 }],
  ];

  it('takes the tax total under the rates, not the first rate\'s tax', () => {
    const ex = extractInvoice([
      'Invoice # RE-20190610/507 issued at 2019-06-10',
      [{ text: 'Amount' }, { text: 'Product', x: 0.2 }, { text: 'VAT', x: 0.49 }, { text: 'Total', x: 0.71 }],
      [{ text: '1.00' }, { text: 'Design (hours)', x: 0.2 }, { text: '7%', x: 0.49 }, { text: '160.00 €', x: 0.71 }],
      [{ text: '400.00' }, { text: 'Balloons', x: 0.2 }, { text: '19%', x: 0.49 }, { text: '336.00 €', x: 0.71 }],
      'Net total: 496.00 €',
      ...vatSummary([['7%', '160.00 €', '11.20 €'], ['19%', '336.00 €', '63.84 €']], '75.04 €'),
      'Due payable: 571.04 €',
    ]);
    expect(ex.data.tax_amount).toBe(75.04);
  });

  it('takes the figure the net total and the tax add up to as the total, under a label it does not know and below many figures', () => {
    const item = (qty: string, name: string, rate: string, price: string, total: string): PageRow => [{ text: qty }, { text: name, x: 0.2 }, { text: rate, x: 0.49 }, { text: price, x: 0.6 }, { text: total, x: 0.71 }];
    const ex = extractInvoice([
      'Bei Spiel GmbH',
      'Ecke 12',
      '12345 Stadthausen',
      'Invoice # RE-20190610/507 issued at 2019-06-10',
      [{ text: 'Amount' }, { text: 'Product', x: 0.2 }, { text: 'VAT', x: 0.49 }, { text: 'Price', x: 0.6 }, { text: 'Total', x: 0.71 }],
      item('1.00', 'Design (hours)', '7%', '160.00 €', '160.00 €'),
      item('400.00', 'Balloons', '19%', '0.79 €', '316.00 €'),
      item('800.00', 'Hot air (litres)', '19%', '0.025 €', '20.00 €'),
      item('3.00', 'Ribbons', '19%', '4.00 €', '12.00 €'),
      item('2.00', 'Pumps', '19%', '9.50 €', '19.00 €'),
      'Net total: 527.00 €',
      ...vatSummary([['7%', '160.00 €', '11.20 €'], ['19%', '367.00 €', '69.73 €']], '80.93 €'),
      'Due payable: 607.93 €',
    ]);
    expect(ex.data.subtotal).toBe(527);
    expect(ex.data.tax_amount).toBe(80.93);
    expect(ex.data.total_amount).toBe(607.93);
  });
});
