import type { BoundingBox } from '../../contracts/ocr.js';
import type { FieldDefinition } from '../../contracts/definition.js';
import type { DocumentText, Line, Row } from '../layout/document-text.js';
import { spanBox, unionBox } from '../layout/document-text.js';
import { LabelFinder, compact, type LabelHit } from '../layout/labels.js';
import { findAmounts, type DecimalMark } from '../normalize/amount.js';
import { isWords } from './text-shape.js';
import { labelWords } from '../vocabulary/vocabulary.js';

/** One cell of an item: where its value was read. */
export interface ItemCell {
  line: Line;
  box: BoundingBox;
  raw: string;
  confidence: number;
}

export interface LineItem {
  values: Record<string, unknown>;
  cells: Record<string, ItemCell>;
  /** The row that holds the item's amount. */
  line: Line;
  confidence: number;
}

type Role = 'description' | 'quantity' | 'unit_price' | 'amount' | 'product_code' | 'unit' | 'tax_rate';

/** Item fields by role, from their names and types (see docs/extraction.md). */
function roles(fields: Record<string, FieldDefinition>): Partial<Record<Role, string>> {
  const out: Partial<Record<Role, string>> = {};
  for (const [name, f] of Object.entries(fields)) {
    if (!out.description && f.type === 'string' && /^(description|name|item|item_name|product|product_name|title|details)$/.test(name)) out.description = name;
    else if (!out.quantity && (f.type === 'number' || f.type === 'integer') && /^(quantity|qty|count|units|hours)$/.test(name)) out.quantity = name;
    else if (!out.unit_price && (f.type === 'money' || f.type === 'number') && /^(unit_price|price|rate|unit_cost)$/.test(name)) out.unit_price = name;
    else if (!out.amount && (f.type === 'money' || f.type === 'number') && /^(amount|total|line_total|net_amount|amount_total)$/.test(name)) out.amount = name;
    else if (!out.product_code && f.type === 'string' && /^(product_code|sku|code|item_code|article_number|ean|barcode)$/.test(name)) out.product_code = name;
    else if (!out.unit && f.type === 'string' && /^(unit|uom|unit_of_measure)$/.test(name)) out.unit = name;
    else if (!out.tax_rate && f.type === 'number' && /^(tax_rate|vat_rate|vat_percent)$/.test(name)) out.tax_rate = name;
  }
  return out;
}

// Rows that end the item list: totals and payment lines.
// Tested on the row's letters only, since OCR splits words (`T ot al`).
const END_OF_ITEMS = /TOTAL|SUMME|GESAMT|NETTOBETRAG|MONTANT|ROUNDING|AMOUNTDUE|BALANCE|CHANGE|TENDER/;

// Every language's labels of the totals, the tax and the cash handed over and back (vocabulary/*.json):
// a row they open ends the items (`SUMA PLN 35,70`, `ΣΥΝΟΛΟ 7,10`, `Gotówka 50,00`).
let endLabels: LabelFinder | null = null;

/** The row's text ends the items: a total's or the cash's label, in any language, or one of END_OF_ITEMS. */
function endsItems(row: Row): boolean {
  const text = row.lines.map((l) => l.text).join(' ');
  if (END_OF_ITEMS.test(compact(text))) return true;
  endLabels ??= new LabelFinder(['total', 'subtotal', 'tax_amount', 'tendered', 'change'].map((key) => ({ path: key, aliases: labelWords(key) })));
  return endLabels.inLine(row.lines[0]).some((h) => h.leading);
}
const TIMES_PRICE = /(?<=\d\s*)[xX×*@](\d{1,6}[.,]\d{2})(?![\p{N}.,])/u;
const QTY_TIMES = /(?<![\p{L}\p{N}.,])(\d{1,4}(?:[.,]\d{1,3})?)\s*(?:[xX×*@]|pcs?|pc|units?|ea)\s*(?=[\s\p{N}@]|$)|(?:[xX×*])\s*(\d{1,4}(?:[.,]\d{1,3})?)(?![\p{N}.,])(?!\s*\/)/gu;

/**
 * Line items of every array field whose items are objects: the rows between a table header
 * (a row naming at least two of the item fields, by their aliases) or the end of the header
 * block, and the first totals row. A row with an amount at its right is an item: its rightmost
 * amount is the line amount, the one before it the unit price, a count next to `x`, `*` or `@`
 * (or under a quantity column) the quantity, and its text the description. A row of text alone
 * is a description: of the next item when that item prints none, else a wrapped continuation of
 * the item above.
 */
export function readLineItems(doc: DocumentText, fields: Record<string, FieldDefinition>, ctx: { decimal?: DecimalMark }): Record<string, LineItem[]> {
  const out: Record<string, LineItem[]> = {};
  for (const [name, f] of Object.entries(fields)) {
    const itemFields = itemFieldsOf(f);
    if (!itemFields) continue;
    const r = roles(itemFields);
    if (!r.amount && !r.unit_price) continue;
    out[name] = readTable(doc, itemFields, r, ctx).slice(0, f.max_items ?? 100);
  }
  return out;
}

/** The fields of each item of an array of objects (a table of items); null for other fields. */
function itemFieldsOf(f: FieldDefinition): Record<string, FieldDefinition> | null {
  return f.type === 'array' && f.items?.type === 'object' && f.items.fields ? f.items.fields : null;
}

/** The rows heading the item tables of a definition's fields: the cells under them are items. */
export function itemHeaderRows(doc: DocumentText, fields: Record<string, FieldDefinition>): Set<number> {
  const rows = new Set<number>();
  for (const f of Object.values(fields)) {
    const itemFields = itemFieldsOf(f);
    const header = itemFields ? findItemHeader(doc, itemFields) : null;
    if (header) rows.add(header.row);
  }
  return rows;
}

function readTable(doc: DocumentText, fields: Record<string, FieldDefinition>, r: Partial<Record<Role, string>>, ctx: { decimal?: DecimalMark }): LineItem[] {
  let start = -1;
  let qtyColumn: Column | null = null;
  let amountColumn: Column | null = null;
  const header = findItemHeader(doc, fields);
  if (header) {
    start = header.row + 1;
    const q = header.hits.find((h) => h.path === r.quantity);
    if (q) qtyColumn = columnOf(q.line.box, 0.03);
    const a = header.hits.filter((h) => h.path === r.amount).pop();
    if (a) amountColumn = columnOf(spanBox(a.line, a.start, a.end), 0.04);
  }
  if (start < 0) start = firstRowAfterHeader(doc);
  const items: LineItem[] = [];
  let pending: Line[] = [];
  for (let i = start; i < doc.rows.length; i++) {
    const row = doc.rows[i];
    const ends = endsItems(row);
    if (ends && items.length > 0) break;
    // A second table after the items (a tax breakdown) starts with a header row of words only.
    if (items.length > 0 && row.lines.length >= 3 && !row.lines.some((l) => /\d/.test(l.text))) break;
    const all = rowAmounts(row, ctx);
    // Under a header with an amount column, only a figure in that column makes a row an item;
    // figures elsewhere (unit prices printed a row above, gross prices, discounts) are details.
    const amounts = amountColumn && !all.some((a) => inColumn(a.box, amountColumn!)) ? [] : all;
    if (amounts.length === 0) {
      // Only the row's words wait for the item: its figures, codes and `20 Stk` cells are no description.
      pending.push(...row.lines.filter(isDescription));
      if (pending.length > 3) pending = pending.slice(-3);
      continue;
    }
    if (ends) {
      // A sum with its figure before any item: the totals have begun, the table holds no items
      // (`Positionssumme 198,00` under an empty table; the tax below it is no item).
      if (header) break;
      pending = [];
      continue;
    }
    const last = amounts[amounts.length - 1];
    const item: LineItem = { values: {}, cells: {}, line: last.line, confidence: last.line.confidence };
    const set = (role: Role, value: unknown, line: Line, box: BoundingBox, raw: string) => {
      const key = r[role];
      if (!key) return;
      item.values[key] = value;
      item.cells[key] = { line, box, raw, confidence: line.confidence };
    };
    set('amount', last.value, last.line, last.box, last.raw);
    const textLines = row.lines.filter((l) => /[\p{L}]{2}/u.test(l.text.replace(/\b\d+\s*(pcs?|x)\b/giu, '')) && !amounts.some((a) => a.line === l && a.whole));
    // Quantity: a count by a times mark, else a small whole number under the quantity column.
    let qty: number | null = null;
    // The count's own figure (`1,256` of `1,256 x3,99`), which is no price.
    let qtyFigure: { line: Line; box: BoundingBox } | null = null;
    for (const l of row.lines) {
      for (const m of l.text.matchAll(QTY_TIMES)) {
        const digits = m[1] ?? m[2];
        const n = Number(digits.replace(',', '.'));
        if (n > 0 && n < 10000) {
          qty = n;
          const at = m.index + m[0].indexOf(digits);
          qtyFigure = { line: l, box: spanBox(l, at, at + digits.length) };
          set('quantity', n, l, l.box, m[0].trim());
          break;
        }
      }
      if (qty !== null) break;
    }
    if (qty === null && qtyColumn) {
      const cell = row.lines.find((l) => inColumn(l.box, qtyColumn!) && /^\d+([.,]\d+)?$/.test(l.text.trim()));
      if (cell) {
        qty = Number(cell.text.trim().replace(',', '.'));
        set('quantity', qty, cell, cell.box, cell.text);
      }
    }
    const isCount = (a: RowAmount) => qtyFigure !== null && a.line === qtyFigure.line && a.box.x < qtyFigure.box.x + qtyFigure.box.width && qtyFigure.box.x < a.box.x + a.box.width;
    const prices = amounts.filter((a) => a !== last && a.decimal && !isCount(a));
    if (prices.length > 0) {
      const p = prices[prices.length - 1];
      set('unit_price', p.value, p.line, p.box, p.raw);
    } else {
      // A price glued to its times mark (`1,256 x3,99`), which amounts leave as part of a word.
      for (const l of row.lines) {
        const m = TIMES_PRICE.exec(l.text);
        if (m) {
          set('unit_price', Number(m[1].replace(',', '.')), l, spanBox(l, m.index, m.index + m[0].length), m[1]);
          break;
        }
      }
    }
    const own = textLines.map((l) => l.text).join(' ').trim();
    const descLines = own !== '' ? textLines : pending;
    if (descLines.length > 0) {
      const raw = descLines.map((l) => l.text).join(' ');
      set('description', stripNumbers(raw), descLines[0], unionBox(descLines.map((l) => l.box)), raw);
      item.confidence = Math.min(item.confidence, ...descLines.map((l) => l.confidence));
    }
    if (own !== '' && pending.length > 0 && items.length > 0) {
      // Text between two items that print their own descriptions: the first one's wrapped description.
      const prev = items[items.length - 1];
      const key = r.description;
      if (key && typeof prev.values[key] === 'string') prev.values[key] = `${prev.values[key]} ${pending.map((l) => l.text).join(' ')}`;
    }
    pending = [];
    items.push(item);
  }
  return items;
}

const itemHeaders = new WeakMap<DocumentText, Map<Record<string, FieldDefinition>, ItemHeader | null>>();

/** The row heading an item table and the item fields' labels in it. */
interface ItemHeader {
  row: number;
  hits: LabelHit[];
}

/** The item table's header: the first row naming two or more of the item fields; read once per document. */
function findItemHeader(doc: DocumentText, fields: Record<string, FieldDefinition>): ItemHeader | null {
  let byFields = itemHeaders.get(doc);
  if (!byFields) itemHeaders.set(doc, (byFields = new Map()));
  const known = byFields.get(fields);
  if (known !== undefined) return known;
  const finder = headerFinder(fields);
  let header: ItemHeader | null = null;
  for (const row of doc.rows) {
    const hits = row.lines.flatMap((l) => finder.inLine(l));
    if (new Set(hits.map((h) => h.path)).size >= 2) {
      header = { row: row.index, hits };
      break;
    }
  }
  byFields.set(fields, header);
  return header;
}

const headerFinders = new WeakMap<Record<string, FieldDefinition>, LabelFinder>();

/** The item fields' labels, compiled once per definition. */
function headerFinder(fields: Record<string, FieldDefinition>): LabelFinder {
  let finder = headerFinders.get(fields);
  if (!finder) {
    finder = new LabelFinder(Object.entries(fields).map(([path, f]) => ({ path, aliases: f.aliases ?? [] })));
    headerFinders.set(fields, finder);
  }
  return finder;
}

interface Column {
  x0: number;
  x1: number;
}

/** A header cell's horizontal span, widened by `margin` each side (figures sit right-aligned under it). */
function columnOf(box: BoundingBox, margin: number): Column {
  return { x0: box.x - margin, x1: box.x + box.width + margin };
}

function inColumn(box: BoundingBox, c: Column): boolean {
  return box.x < c.x1 && c.x0 < box.x + box.width;
}

interface RowAmount {
  value: number;
  raw: string;
  line: Line;
  box: BoundingBox;
  decimal: string | null;
  /** The amount is the whole of its line's text (a cell of its own). */
  whole: boolean;
}

/** Amounts with decimals in a row, left to right; a row whose amounts lack decimals is no item. */
function rowAmounts(row: Row, ctx: { decimal?: DecimalMark }): RowAmount[] {
  const out: RowAmount[] = [];
  for (const l of row.lines) {
    for (const a of findAmounts(l.text, { decimal: ctx.decimal })) {
      if (a.decimal === null) continue;
      out.push({
        value: a.value,
        raw: a.raw,
        line: l,
        box: spanBox(l, a.start, a.end),
        decimal: a.decimal,
        whole: l.text.trim().length - a.raw.length <= 3,
      });
    }
  }
  return out.sort((a, b) => a.box.x - b.box.x);
}

function firstRowAfterHeader(doc: DocumentText): number {
  // Without a table header, items start after the first row with a date or a document number;
  // on tills that print the date at the foot (most of Europe's), at the first of two item rows in
  // a row (words, then a price) above it.
  const at = doc.rows.findIndex((row) => /\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\b(NO|#)\b/iu.test(row.lines.map((l) => l.text).join(' ')));
  const limit = at >= 0 ? at : doc.rows.length;
  for (let i = 0; i + 1 < limit; i++) if (isItemRow(doc.rows[i]) && isItemRow(doc.rows[i + 1])) return i;
  return at >= 0 ? at + 1 : 0;
}

// Words, then a price with cents at the row's end (a tax class letter may follow: `1,99 B`).
const ITEM_ROW = /^\p{L}[^\n]*\p{L}[^\n]*\s\d{1,5}[.,]\d{2}(?:\s?[A-Z*]{1,2})?$/u;

function isItemRow(row: Row): boolean {
  const text = row.lines.map((l) => l.text).join(' ').trim();
  return ITEM_ROW.test(text) && !endsItems(row);
}

/** A cell of words that can describe an item: not a code, a figure or a quantity with its unit (`20 Stk`, `3 Std`). */
function isDescription(line: Line): boolean {
  return isWords(line.text) && !/^\s*\d+(?:[.,]\d+)?\s*\p{L}{1,5}\.?\s*$/u.test(line.text);
}

function stripNumbers(text: string): string {
  // Keep the words; drop trailing prices and the codes printed before them.
  // A tax class letter stands apart from the price (`1,99 B`); a unit glued to a figure is the item's (`1,5L`).
  return text.replace(/(\s+[-\u2212]?\d[\d.,]*(?:\s[A-Z])?(?![\p{L}]))+$/u, '').trim() || text.trim();
}
