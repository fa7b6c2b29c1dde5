/**
 * The extraction benchmark's datasets (../shared/datasets, see its README) and how each label is
 * compared with an extracted value: text upper-case letters and digits only, amounts to the cent,
 * dates as ISO days, counts exactly.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OcrPage } from '../../engine/src/contracts/ocr.js';
import type { TextPage } from '../../engine/src/extract/layout/document-text.js';
import { findDates } from '../../engine/src/extract/normalize/date.js';

export const DATASETS = new URL('../../../shared/datasets/', import.meta.url).pathname;

/** How a label is compared with a value. */
export type Compare = 'text' | 'amount' | 'date' | 'time' | 'count' | 'code' | 'boolean';

export interface FieldTruth {
  /** The benchmark's name for the field (the label set's). */
  name: string;
  /** Path of the value in the extraction's `data` (`line_items` for a count). */
  path: string;
  compare: Compare;
  /** The label as given; null where the document has none (the field is then not scored). */
  expected: unknown;
}

export interface Sample {
  id: string;
  file: string;
  type: 'retail_receipt' | 'invoice' | 'payment_receipt';
  fields: FieldTruth[];
  /** SROIE: the ground-truth OCR lines, as `client_ocr` input; card slips: their printed lines. */
  clientOcr?: () => Promise<unknown>;
  /** Card slips: the printed text, one printed line per line. */
  text?: string;
}

/**
 * Page text saved by `npm run --silent cli -- ocr --json FILES > FILE` (one line per file), by
 * file path, as extraction takes it; empty when FILE does not exist. Output of older versions
 * has no `source`: such pages are images read by OCR.
 */
export function readOcrCache(file: string): Map<string, TextPage[]> {
  const cache = new Map<string, TextPage[]>();
  if (!existsSync(file)) return cache;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const o = JSON.parse(line) as { file: string; pages?: (Omit<OcrPage, 'source'> & { source?: OcrPage['source'] })[] };
    if (o.pages) cache.set(o.file, o.pages.map((p) => ({ page: p.page, width: p.width, height: p.height, source: p.source ?? 'ocr', lines: p.lines })));
  }
  return cache;
}

export const norm = (s: unknown) =>
  String(s ?? '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');

/** A label's amount: `1,234.50`, and as Europe prints it, `11,50` and `1.234,50`; cents alone, `.35`. */
export const amountOf = (s: unknown): number | null => {
  if (typeof s === 'number') return s;
  const m = /-?(?:\d[\d.,]*|[.,]\d+)/.exec(String(s ?? '').replace(/\s/g, ''));
  if (!m) return null;
  const figure = m[0].replace(/[.,]$/, '');
  // A comma before the last one or two digits, with no point after it, is a decimal comma.
  return /,\d{1,2}$/.test(figure) ? Number(figure.replace(/\./g, '').replace(',', '.')) : Number(figure.replace(/,/g, ''));
};

/** Every ISO reading of a printed date (both orders where day and month could swap). */
export function datesOf(s: unknown): string[] {
  const text = String(s ?? '');
  if (/^\d{8}$/.test(text)) return [`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}`];
  const readings = (t: string) => findDates(t).flatMap((d) => [d.value, ...(d.alternative ? [d.alternative.value] : [])]);
  // (findDates reads a month's name typed with a zero for its O, `0ct25'14`, as the engine reads it.)
  const found = readings(text);
  if (found.length > 0 || /\s/.test(text)) return found;
  // WildReceipt's labels have their spaces removed (`APRIL1,2016`, `Feb11.2012`): put them back
  // where letters meet figures and after a comma or a point before the year.
  return readings(
    text
      .replace(/(\p{L})(\d)/gu, '$1 $2')
      .replace(/(\d)(\p{L}{3,})/gu, '$1 $2')
      .replace(/(\d)[,.](\d{4})(?!\d)/gu, '$1 $2'),
  );
}

/** Whether `got` (from `data`) matches the label. */
export function matches(t: FieldTruth, got: unknown): boolean {
  if (got === null || got === undefined) return false;
  // A list of acceptable readings (the hand-made slips: a brand or its registered company).
  if (Array.isArray(t.expected)) return t.expected.some((e) => matches({ ...t, expected: e }, got));
  switch (t.compare) {
    case 'text':
      return norm(got) === norm(t.expected);
    case 'code':
      return String(got).toUpperCase() === String(t.expected).toUpperCase();
    case 'amount': {
      const want = amountOf(t.expected);
      return want !== null && typeof got === 'number' && Math.abs(got - want) < 0.005;
    }
    case 'time':
      return typeof got === 'string' && got.slice(0, 5) === t.expected;
    case 'date':
      return datesOf(t.expected).includes(String(got).slice(0, 10));
    case 'count':
      return Array.isArray(got) && got.length === t.expected;
    case 'boolean':
      return got === t.expected;
  }
}

export function sroie(): Sample[] {
  const dir = join(DATASETS, 'sroie-train');
  return readdirSync(join(dir, 'img'))
    .filter((f) => f.endsWith('.jpg'))
    .sort()
    .map((f) => {
      const id = f.replace(/\.jpg$/, '');
      const gt = JSON.parse(readFileSync(join(dir, 'entities', `${id}.txt`), 'utf8')) as Record<string, string>;
      return {
        id,
        file: join(dir, 'img', f),
        type: 'retail_receipt' as const,
        fields: sroieFields(gt),
        clientOcr: () => sroieClientOcr(join(dir, 'box', `${id}.txt`), join(dir, 'img', f)),
      };
    });
}

/** The fields a SROIE receipt is scored on, from its entity labels (`company`, `address`, `date`, `total`). */
export function sroieFields(gt: Record<string, string>): FieldTruth[] {
  return [
    { name: 'merchant', path: 'merchant', compare: 'text', expected: gt.company ?? null },
    { name: 'merchant_address', path: 'merchant_address', compare: 'text', expected: gt.address ?? null },
    { name: 'transaction_date', path: 'transaction_date', compare: 'date', expected: gt.date ?? null },
    { name: 'amount', path: 'amount', compare: 'amount', expected: gt.total ?? null },
  ];
}

/** SROIE's ground-truth boxes (`x1,y1,...,x4,y4,text` in pixels) as `client_ocr` polygons. */
async function sroieClientOcr(boxFile: string, image: string): Promise<unknown> {
  const { default: sharp } = await import('sharp');
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const lines = readFileSync(boxFile, 'utf8')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((row) => {
      const parts = row.split(',');
      const n = parts.slice(0, 8).map(Number);
      const clamp = (v: number) => Math.min(1, Math.max(0, v));
      return { text: parts.slice(8).join(','), polygon: [0, 2, 4, 6].map((k) => [clamp(n[k] / width), clamp(n[k + 1] / height)]) };
    })
    .filter((l) => l.text.trim() !== '');
  return { width, height, lines };
}

export function wildReceipt(): Sample[] {
  const dir = join(DATASETS, 'wildreceipt-dev');
  return readFileSync(join(dir, 'fields.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((row) => JSON.parse(row) as Record<string, string[]> & { file_name: string })
    .filter((r) => existsSync(join(dir, r.file_name)))
    .map((r) => ({
      id: r.file_name,
      file: join(dir, r.file_name),
      type: 'retail_receipt' as const,
      fields: [
        // Label texts have their spaces removed; the name may span lines (`CHOEUN` `KOREANRESTAURANT`).
        { name: 'merchant', path: 'merchant', compare: 'text' as const, expected: printedName(r.Store_name ?? []) },
        { name: 'date', path: 'transaction_date', compare: 'date' as const, expected: r.Date?.[0] ?? null },
        { name: 'amount', path: 'amount', compare: 'amount' as const, expected: r.Total?.[0] ?? null },
        // The parts of the total and the time, where the receipt prints one value of each (several
        // tax lines or subtotals leave the field unscored: which one the template's field holds is open).
        { name: 'subtotal', path: 'subtotal', compare: 'amount' as const, expected: single(r.Subtotal ?? [], amountOf) },
        { name: 'tax', path: 'tax_amount', compare: 'amount' as const, expected: single(r.Tax ?? [], amountOf) },
        { name: 'time', path: 'transaction_time', compare: 'time' as const, expected: single(r.Time ?? [], timeOf) },
      ],
    }));
}

/** The one value the label's boxes give (read by `read`), or null when they give none or several. */
function single<T>(boxes: readonly string[], read: (s: string) => T | null): T | null {
  const values = [...new Set(boxes.map(read).filter((v): v is T => v !== null))];
  return values.length === 1 ? values[0] : null;
}

/** A printed time as `HH:MM` (`12:58PM` -> `12:58`, `9:14:51PM` -> `21:14`, `Datum05.11.1318:30Uhr` -> null). */
export function timeOf(s: unknown): string | null {
  const m = /^(?:[^\d]*?)(\d{1,2}):(\d{2})(?::\d{2})?\s*([AP]\.?M\.?)?[^\d]*$/iu.exec(String(s ?? '').trim());
  if (!m) return null;
  let h = Number(m[1]);
  const ampm = m[3]?.toUpperCase()[0];
  if (ampm === 'P' && h < 12) h += 12;
  if (ampm === 'A' && h === 12) h = 0;
  return h < 24 && Number(m[2]) < 60 ? `${String(h).padStart(2, '0')}:${m[2]}` : null;
}

/**
 * WildReceipt labels every printing of the store's name: boxes that print the same name twice
 * (`NOVOTEL` `PEKANBARU` `NOVOTELPEKANBARU`) give that name once; others are the name's lines.
 */
export function printedName(boxes: readonly string[]): string | null {
  const parts = boxes.map(norm).filter(Boolean);
  const all = parts.join('');
  if (!all) return null;
  const ends = new Set(parts.map((_, i) => parts.slice(0, i + 1).join('').length));
  for (let size = 1; size < all.length; size++) {
    if (all.length % size !== 0 || !ends.has(size)) continue;
    const once = all.slice(0, size);
    // Every printing ends at a box's end.
    if (once.repeat(all.length / size) === all && [...Array(all.length / size).keys()].every((k) => ends.has((k + 1) * size))) return once;
  }
  return all;
}

export function zugferd(): Sample[] {
  const dir = join(DATASETS, 'zugferd-dev');
  return readdirSync(join(dir, 'pdf'))
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((f) => {
      const gt = JSON.parse(readFileSync(join(dir, 'ground_truth', `${f}.json`), 'utf8')) as Record<string, unknown>;
      return {
        id: f,
        file: join(dir, 'pdf', f),
        type: 'invoice' as const,
        fields: [
          { name: 'invoice_number', path: 'invoice_number', compare: 'text' as const, expected: gt.invoice_number ?? null },
          { name: 'issue_date', path: 'issue_date', compare: 'date' as const, expected: gt.issue_date_raw ?? null },
          { name: 'supplier_name', path: 'supplier_name', compare: 'text' as const, expected: gt.seller_name ?? null },
          { name: 'currency', path: 'currency', compare: 'code' as const, expected: gt.currency ?? null },
          { name: 'total_amount', path: 'total_amount', compare: 'amount' as const, expected: gt.grand_total ?? null },
          { name: 'tax_amount', path: 'tax_amount', compare: 'amount' as const, expected: gt.tax_total ?? null },
          { name: 'line_items', path: 'line_items', compare: 'count' as const, expected: Array.isArray(gt.line_items) ? gt.line_items.length : null },
        ],
      };
    });
}

export function invoice2data(): Sample[] {
  const dir = join(DATASETS, 'invoice2data');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      const base = f.replace(/\.json$/, '');
      const file = ['pdf', 'txt'].map((ext) => join(dir, `${base}.${ext}`)).find((p) => existsSync(p));
      if (!file) return [];
      const gt = (JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>[])[0];
      return [
        {
          id: base,
          file,
          type: 'invoice' as const,
          fields: [
            { name: 'invoice_number', path: 'invoice_number', compare: 'text' as const, expected: gt.invoice_number ?? null },
            { name: 'date', path: 'issue_date', compare: 'date' as const, expected: gt.date ?? null },
            { name: 'total', path: 'total_amount', compare: 'amount' as const, expected: gt.amount ?? null },
          ],
        },
      ];
    });
}

/**
 * A plain-text invoice (invoice2data's `Orlen.txt`) as `client_ocr`: one line per text line, placed
 * by its row and column, as a device that already read the page would send it.
 */
export function textFileClientOcr(text: string): unknown {
  const rows = text.split(/\r?\n/);
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const lines = rows.flatMap((row, y) =>
    [...row.matchAll(/\S+(?: \S+)*/g)].map((m) => ({
      text: m[0],
      bounding_box: { x: (m.index ?? 0) / cols, y: y / rows.length, width: m[0].length / cols, height: 1 / rows.length },
    })),
  );
  return { width: cols * 10, height: rows.length * 20, lines };
}

/** How each label of a card slip (cardslips-dev's JSON, and the synthetic slips') is compared. */
const SLIP_FIELDS: Record<string, Compare> = {
  amount: 'amount',
  currency: 'code',
  transaction_date: 'date',
  transaction_time: 'code',
  merchant: 'text',
  merchant_address: 'text',
  receipt_number: 'text',
  rrn: 'text',
  auth_code: 'text',
  terminal_id: 'text',
  merchant_id: 'text',
  trace_number: 'text',
  card_scheme: 'code',
  card_last_four: 'code',
  entry_method: 'code',
  verification_method: 'code',
  payment_method: 'code',
  transaction_type: 'code',
  approved: 'boolean',
  tip: 'amount',
  cashback: 'amount',
  base_amount: 'amount',
};

/** A card slip's labels as scored fields: every label the slip has, compared by its kind. */
export function slipFields(labels: Record<string, unknown>): FieldTruth[] {
  return Object.entries(SLIP_FIELDS).map(([name, compare]) => ({ name, path: name, compare, expected: labels[name] ?? null }));
}

/** `cardslips-dev`: each `<id>.txt` (the printed lines) with its `<id>.json` (the values printed). */
/** Real slips this project collected from public sources (test/fixtures/cardslips-public, SOURCES.md there). */
export const PUBLIC_SLIPS = new URL('../fixtures/cardslips-public/', import.meta.url).pathname;

export function cardSlips(dir = join(DATASETS, 'cardslips-dev')): Sample[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => {
      const id = f.replace(/\.txt$/, '');
      const labels = JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as Record<string, unknown>;
      return { id, file: join(dir, f), type: 'payment_receipt' as const, fields: slipFields(labels), text: readFileSync(join(dir, f), 'utf8') };
    });
}

/** How each value of a hand-made till receipt is compared (a slip's are SLIP_FIELDS). */
const TILL_FIELDS: Record<string, Compare> = {
  merchant: 'text',
  merchant_address: 'text',
  merchant_phone: 'text',
  merchant_tax_id: 'text',
  transaction_date: 'date',
  transaction_time: 'code',
  receipt_number: 'text',
  cashier: 'text',
  currency: 'code',
  subtotal: 'amount',
  discount: 'amount',
  tax_amount: 'amount',
  tax_rate: 'amount',
  amount: 'amount',
  amount_tendered: 'amount',
  change: 'amount',
  payment_method: 'code',
  card_last_four: 'code',
};

/** The hand-made slips and till receipts (test/fixtures/handmade-slips): a tuning set, every document of it. */
export const HANDMADE_SLIPS = new URL('../fixtures/handmade-slips/', import.meta.url).pathname;

export function handmadeSlips(root = HANDMADE_SLIPS): Sample[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((f) => f.endsWith('.txt'))
        .sort()
        .map((f) => {
          const labels = JSON.parse(readFileSync(join(root, dir, f.replace(/\.txt$/, '.expected.json')), 'utf8')) as Record<string, unknown>;
          const till = isTillReceipt(labels);
          const kinds = till ? TILL_FIELDS : SLIP_FIELDS;
          // A value printed as absent (`"card_last_four": null`) has no label to score.
          const fields = Object.entries(kinds).map(([name, compare]) => ({ name, path: name, compare, expected: labels[name] ?? null }));
          return { id: `handmade/${dir}/${f}`, file: join(root, dir, f), type: till ? ('retail_receipt' as const) : ('payment_receipt' as const), fields, text: readFileSync(join(root, dir, f), 'utf8') };
        }),
    );
}

// Keys only a till receipt has.
const TILL_ONLY: ReadonlySet<string> = new Set(['tax_amount', 'amount_tendered', 'change', 'line_items', 'subtotal', 'cashier', 'discount']);

/** A hand-made document's values are a till receipt's: marked so, or holding a key only a till has. */
export function isTillReceipt(labels: Record<string, unknown>): boolean {
  return labels._type === 'retail_receipt' || Object.keys(labels).some((k) => TILL_ONLY.has(k));
}

