/**
 * Training examples for the layout model: every text line of a document with its field roles.
 *
 *   npx tsx models/layout/build-examples.ts [--out DIR] [--synthetic N] [--slips N] [--seed S] [--sources LIST] [--ocr-cache DIR]
 *
 * Writes DIR/examples.jsonl (default models/layout/work): one document per line,
 * `{id, source, part, features: [[index, value]...] per line, roles: [[role index]...] per line,
 * supervised: [role indices the source labels]}`. Features are the engine's own
 * (engine/src/extract/layout-model/line-features.ts), computed on the lines as the engine lays
 * them out, so training sees exactly what inference sees.
 *
 * Sources (held-out documents are never written; see split.ts):
 * - SROIE: ground-truth lines and the labelled company, address, date and total.
 * - WildReceipt: photos read by the engine's OCR (or their page text from `--ocr-cache
 *   DIR/wildreceipt.jsonl`, as `cli ocr --json` writes it); each OCR line takes the labels of the
 *   annotated boxes it covers.
 * - ZUGFeRD: PDF text lines, labelled from the invoice XML's truth (seller, address, number,
 *   date, totals).
 * - Synthetic receipts, card slips and invoices rendered by synthetic-documents.ts and read by
 *   the engine's OCR; every role labelled.
 * - Card slips as text (`--sources ...,slips`, `--slips N`; not in the shipped model, see
 *   MODEL_CARD.md): the multilingual slips of models/slips (seeds from 1; the benchmark scores
 *   seeds from 7,000,000) and the tuning part of cardslips-dev, laid out as a device's
 *   `client_ocr` would send them; lines labelled by the values their labels print.
 */
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FEATURES, lineFeatures } from '../../engine/src/extract/layout-model/line-features.js';
import { ROLES, type Role } from '../../engine/src/extract/layout-model/roles.js';
import { layoutDocument, type DocumentText, type Line, type TextPage } from '../../engine/src/extract/layout/document-text.js';
import { findAmounts } from '../../engine/src/extract/normalize/amount.js';
import { findCardMasks } from '../../engine/src/extract/normalize/card.js';
import { findDates } from '../../engine/src/extract/normalize/date.js';
import { Engine } from '../../engine/src/node/engine.js';
import { DATASETS, readOcrCache } from '../../test/bench/extract-truth.js';
import { ocrPages } from './ocr-pages.js';
import { fnv1a, hashedPart, sroiePart, type Part } from './split.js';
import { sroiePages } from './sroie-lines.js';

interface Example {
  id: string;
  source: 'sroie' | 'wildreceipt' | 'zugferd' | 'synthetic' | 'slips';
  part: Part;
  doc: DocumentText;
  roles: Role[][];
  supervised: readonly Role[];
}

/** A box in pixels as a fraction of the page. */
const fraction = (x0: number, y0: number, x1: number, y1: number, w: number, h: number) => ({ x: x0 / w, y: y0 / h, width: Math.max(0, x1 - x0) / w, height: Math.max(0, y1 - y0) / h });

const norm = (s: string) =>
  s
    .toUpperCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]/gu, '');

/** ISO readings of every date on a line (both, where day and month could swap). */
const datesIn = (text: string) => findDates(text).flatMap((d) => [d.value, ...(d.alternative ? [d.alternative.value] : [])]);
const amountsIn = (text: string) => [...findAmounts(text, { decimal: '.' }), ...findAmounts(text, { decimal: ',' })].map((a) => a.value);
const sameAmount = (text: string, want: number) => amountsIn(text).some((v) => Math.abs(v - want) < 0.005);

/**
 * Fewest edits that turn `needle` into some stretch of `hay` (Sellers' approximate substring
 * match): labels and printed text differ by a letter here and there (`SDN BND` for `SDN BHD`).
 */
function substringDistance(needle: string, hay: string): number {
  let prev = new Array<number>(hay.length + 1).fill(0);
  for (let i = 1; i <= needle.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hay.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (needle[i - 1] === hay[j - 1] ? 0 : 1));
    prev = cur;
  }
  return Math.min(...prev);
}

/** A line that is a piece of a labelled text (a name or address printed over several lines), allowing one edit in eight. */
function pieceOf(line: string, whole: string, min = 3): boolean {
  const l = norm(line);
  if (l.length < min) return false;
  const w = norm(whole);
  if (w.includes(l) || (l.length >= 6 && substringDistance(l, w) <= Math.floor(l.length / 8))) return true;
  // The whole text with a little more on its line (`99 SPEED MART S/B (519537-X)`).
  return w.length >= 4 && l.includes(w) && l.length <= w.length * 1.5 + 10;
}

// ---- SROIE ----------------------------------------------------------------------------------

// A total's or a date's own label, alone in its cell: its words and nothing but punctuation or a currency after them.
const TOTAL_KEY = /^\s*(ROUNDED\s+|NETT?\s+|GRAND\s+)?(TOTAL|JUMLAH|AMOUNT|AMT)(\s+(DUE|PAYABLE|SALES|INCL\.?|AMOUNT|RM|\(RM\)))*\s*[:.]?\s*(RM)?\s*[:.]?\s*$/iu;
const DATE_KEY = /^\s*(DATE|TARIKH|DATED)\s*[:.]?\s*$/iu;

function* sroieExamples(): Generator<Example> {
  const dir = join(DATASETS, 'sroie-train');
  const images = new Set(readdirSync(join(dir, 'img')).map((f) => f.replace(/\.jpg$/, '')));
  for (const f of readdirSync(join(dir, 'box')).sort()) {
    const id = f.replace(/\.txt$/, '');
    const part = sroiePart(id, images.has(id));
    if (part === 'held_out' || !existsSync(join(dir, 'entities', f))) continue;
    const truth = JSON.parse(readFileSync(join(dir, 'entities', f), 'utf8')) as Record<string, string>;
    const doc = layoutDocument(sroiePages(join(dir, 'box', f)));
    const dates = truth.date ? datesIn(truth.date) : [];
    const total = truth.total ? Number(truth.total.replace(/[^\d.]/g, '')) : NaN;
    const roles = doc.lines.map((l) => {
      const r: Role[] = [];
      if (truth.company && pieceOf(l.text, truth.company)) r.push('merchant');
      if (truth.address && pieceOf(l.text, truth.address, 4)) r.push('address');
      if (dates.length && datesIn(l.text).some((d) => dates.includes(d))) r.push('date');
      if (Number.isFinite(total) && sameAmount(l.text, total)) r.push('total');
      return r;
    });
    // The label in front of the total or the date on its row (`TOTAL` | `13.05`, `DATE:` | `14/03/18`)
    // takes the value's role, as WildReceipt's keys and the synthetic documents have it.
    doc.lines.forEach((l, i) => {
      const right = doc.rows[l.row].lines.find((m) => m.box.x > l.box.x && (roles[m.index].includes('total') || roles[m.index].includes('date')));
      if (!right || roles[i].length > 0) return;
      if (roles[right.index].includes('total') && TOTAL_KEY.test(l.text)) roles[i].push('total');
      else if (roles[right.index].includes('date') && DATE_KEY.test(l.text)) roles[i].push('date');
    });
    // Short pieces (`NO.1,`, `SEL.`) are too short to tell apart alone: they are part of the
    // address when a neighbouring line is and the address holds them.
    for (let pass = 0; pass < 2; pass++) {
      doc.lines.forEach((l, i) => {
        const near = [roles[i - 1], roles[i + 1]].some((r) => r?.includes('address'));
        if (truth.address && !roles[i].includes('address') && near && norm(l.text).length > 0 && norm(l.text).length < 4 && norm(truth.address).includes(norm(l.text))) roles[i].push('address');
      });
    }
    yield { id: `sroie/${id}`, source: 'sroie', part, doc, roles, supervised: ['merchant', 'address', 'date', 'total'] };
  }
}

// ---- OCR'd documents labelled by boxes ------------------------------------------------------

interface TruthBox {
  box: { x: number; y: number; width: number; height: number };
  roles: Role[];
}

/** Each truth box goes to the OCR line that covers most of it (at least half); a line takes the roles of its boxes. */
function rolesByOverlap(doc: DocumentText, truths: readonly TruthBox[], page = 1): Role[][] {
  const roles = doc.lines.map(() => new Set<Role>());
  for (const t of truths) {
    let best: Line | null = null;
    let bestShare = 0.5;
    for (const l of doc.lines) {
      if (l.page !== page) continue;
      const ix = Math.min(l.box.x + l.box.width, t.box.x + t.box.width) - Math.max(l.box.x, t.box.x);
      const iy = Math.min(l.box.y + l.box.height, t.box.y + t.box.height) - Math.max(l.box.y, t.box.y);
      const area = t.box.width * t.box.height;
      const s = ix > 0 && iy > 0 && area > 0 ? (ix * iy) / area : 0;
      if (s > bestShare) {
        best = l;
        bestShare = s;
      }
    }
    if (best) for (const r of t.roles) roles[best.index].add(r);
  }
  return roles.map((s) => [...s]);
}

const WILDRECEIPT_ROLES: Record<string, Role> = {
  Store_name_value: 'merchant',
  Store_addr_value: 'address',
  Tel_value: 'phone',
  Tel_key: 'phone',
  Date_value: 'date',
  Date_key: 'date',
  Time_value: 'time',
  Time_key: 'time',
  Prod_item_value: 'item_description',
  Prod_quantity_value: 'item_quantity',
  Prod_price_value: 'item_price',
  Subtotal_value: 'subtotal',
  Subtotal_key: 'subtotal',
  Tax_value: 'tax',
  Tax_key: 'tax',
  Total_value: 'total',
  Total_key: 'total',
};

async function* wildReceiptExamples(engine: Engine, cache: Map<string, TextPage[]>): AsyncGenerator<Example> {
  const dir = join(DATASETS, 'wildreceipt-dev');
  const classes = readFileSync(join(dir, 'class_list.txt'), 'utf8').split(/\r?\n/).filter(Boolean);
  for (const row of readFileSync(join(dir, 'labels.jsonl'), 'utf8').split('\n').filter(Boolean)) {
    const r = JSON.parse(row) as { file_name: string; width: number; height: number; annotations: { box: number[]; label: number }[] };
    const part = hashedPart(r.file_name);
    if (part === 'held_out' || !existsSync(join(dir, r.file_name))) continue;
    const file = join(dir, r.file_name);
    const pages = cache.get(file) ?? (await ocrPages(engine, new Uint8Array(readFileSync(file)), 'retail_receipt'));
    if (!pages.length || pages[0].rotation) continue; // labels are for the image as it is
    const doc = layoutDocument(pages);
    const truths = r.annotations.flatMap((a) => {
      const role = WILDRECEIPT_ROLES[classes[a.label]];
      const xs = [a.box[0], a.box[2], a.box[4], a.box[6]];
      const ys = [a.box[1], a.box[3], a.box[5], a.box[7]];
      return role ? [{ box: fraction(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), r.width, r.height), roles: [role] }] : [];
    });
    const supervised = [...new Set(Object.values(WILDRECEIPT_ROLES))];
    yield { id: `wildreceipt/${r.file_name}`, source: 'wildreceipt', part, doc, roles: rolesByOverlap(doc, truths), supervised };
  }
}

async function* zugferdExamples(engine: Engine): AsyncGenerator<Example> {
  const dir = join(DATASETS, 'zugferd-dev');
  for (const f of readdirSync(join(dir, 'pdf')).filter((n) => n.endsWith('.pdf')).sort()) {
    const part = hashedPart(f);
    if (part === 'held_out') continue;
    const truth = JSON.parse(readFileSync(join(dir, 'ground_truth', `${f}.json`), 'utf8')) as Record<string, unknown>;
    const pages = await ocrPages(engine, new Uint8Array(readFileSync(join(dir, 'pdf', f))), 'invoice').catch(() => []);
    if (!pages.length) continue;
    const doc = layoutDocument(pages);
    const seller = String(truth.seller_name ?? '');
    const address = truth.seller_address && typeof truth.seller_address === 'object' ? Object.entries(truth.seller_address as Record<string, unknown>).filter(([k, v]) => k !== 'CountryID' && v) : [];
    const addressParts = address.map(([, v]) => String(v));
    const number = String(truth.invoice_number ?? '');
    const raw = String(truth.issue_date_raw ?? '');
    const date = /^\d{8}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6)}` : null;
    const amount = (k: string) => (truth[k] != null ? Number(truth[k]) : NaN);
    const roles = doc.lines.map((l) => {
      const r: Role[] = [];
      const t = norm(l.text);
      if (seller && t.length >= 4 && (norm(seller).includes(t) || t.includes(norm(seller)))) r.push('merchant');
      // The seller's street, or its postcode with the town, on a line of their own or with the name.
      if (addressParts.some((p) => norm(p).length >= 4 && t.includes(norm(p))) && t.length <= 3 * Math.max(...addressParts.map((p) => norm(p).length))) r.push('address');
      if (number && norm(number).length >= 3 && t.includes(norm(number))) r.push('invoice_number');
      if (date && datesIn(l.text).includes(date)) r.push('date');
      if (Number.isFinite(amount('grand_total')) && sameAmount(l.text, amount('grand_total'))) r.push('total');
      if (Number.isFinite(amount('tax_total')) && sameAmount(l.text, amount('tax_total'))) r.push('tax');
      if (Number.isFinite(amount('tax_basis_total')) && sameAmount(l.text, amount('tax_basis_total'))) r.push('subtotal');
      return r;
    });
    yield { id: `zugferd/${f}`, source: 'zugferd', part, doc, roles, supervised: ['merchant', 'address', 'invoice_number', 'date', 'total', 'tax', 'subtotal'] };
  }
}

async function* syntheticExamples(engine: Engine, count: number, seed: number): AsyncGenerator<Example> {
  const { makeSyntheticDocument } = await import('./synthetic-documents.js');
  for (let i = 0; i < count; i++) {
    const s = seed + i;
    const made = await makeSyntheticDocument(s);
    const pages = await ocrPages(engine, new Uint8Array(made.png), made.kind === 'invoice' ? 'invoice' : 'retail_receipt').catch(() => []);
    if (!pages.length || pages[0].rotation) continue;
    const doc = layoutDocument(pages);
    const truths = made.lines.map((l) => ({ box: fraction(l.box[0], l.box[1], l.box[2], l.box[3], made.width, made.height), roles: l.roles }));
    yield { id: `synthetic/${s}`, source: 'synthetic', part: s % 4 === 0 ? 'validation' : 'train', doc, roles: rolesByOverlap(doc, truths), supervised: ROLES };
  }
}

// ---- Card slips as text ----------------------------------------------------------------------

/** A slip's lines with the roles its printed values give them (merchant, address, date, time, total, card, auth, receipt). */
function slipRoles(doc: DocumentText, labels: Record<string, unknown>): Role[][] {
  const text = (k: string) => (typeof labels[k] === 'string' ? (labels[k] as string) : '');
  const amount = typeof labels.amount === 'number' ? labels.amount : NaN;
  const date = text('transaction_date');
  const time = text('transaction_time');
  const word = (l: Line, v: string) => v.length >= 3 && new RegExp(`(?<![\\p{L}\\p{N}])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(l.text);
  const roles = doc.lines.map((l) => {
    const r: Role[] = [];
    if (text('merchant') && pieceOf(l.text, text('merchant'))) r.push('merchant');
    if (text('merchant_address') && !r.includes('merchant') && pieceOf(l.text, text('merchant_address'), 4)) r.push('address');
    if (date && datesIn(l.text).includes(date)) r.push('date');
    if (time && l.text.includes(time.replace(/^0/, '')) && /\d[:.]\d\d/.test(l.text)) r.push('time');
    if (Number.isFinite(amount) && sameAmount(l.text, amount)) r.push('total');
    if (text('card_last_four') && findCardMasks(l.text).some((m) => m.lastFour === text('card_last_four'))) r.push('card_last_four');
    if (text('auth_code') && word(l, text('auth_code'))) r.push('auth_code');
    if (text('receipt_number') && word(l, text('receipt_number'))) r.push('receipt_number');
    return r;
  });
  // A label alone left of its value on the row (`Total` | `£0.64`, `Auth code` | `192789`) takes the value's role, as SROIE's keys do.
  doc.lines.forEach((l, i) => {
    const right = doc.rows[l.row].lines.find((m) => m.box.x > l.box.x);
    if (!right || roles[i].length > 0 || /\d/.test(l.text) || l.text.trim().split(/\s+/).length > 3) return;
    roles[i].push(...roles[right.index].filter((r) => r !== 'merchant' && r !== 'address'));
  });
  return roles;
}

const SLIP_ROLES: readonly Role[] = ['merchant', 'address', 'date', 'time', 'total', 'card_last_four', 'auth_code', 'receipt_number'];

async function* slipExamples(count: number): AsyncGenerator<Example> {
  const { generateSlips } = await import('../slips/slip-generator.js');
  const { parseClientOcr } = await import('../../engine/src/extract/client-ocr.js');
  const { slipClientOcr } = await import('../../test/support/slip-text.js');
  const { cardSlips } = await import('../../test/bench/extract-truth.js');
  const asDoc = (text: string) => layoutDocument(parseClientOcr(slipClientOcr(text)).pages);
  for (const g of generateSlips(count, 1)) {
    const doc = asDoc(g.lines.join('\n'));
    // One in four for validation, by the seed's place, as the other synthetic documents.
    yield { id: `slips/${g.id}`, source: 'slips', part: fnv1a(g.id) % 4 === 0 ? 'validation' : 'train', doc, roles: slipRoles(doc, g.labels as Record<string, unknown>), supervised: SLIP_ROLES };
  }
  for (const s of cardSlips()) {
    const part = hashedPart(s.id);
    if (part === 'held_out') continue;
    const labels = JSON.parse(readFileSync(s.file.replace(/\.txt$/, '.json'), 'utf8')) as Record<string, unknown>;
    const doc = asDoc(s.text ?? '');
    yield { id: `cardslips/${s.id}`, source: 'slips', part, doc, roles: slipRoles(doc, labels), supervised: SLIP_ROLES };
  }
}

/** One example as a JSON line: features sparse (index, value), roles as indices. */
function encode(e: Example): string {
  const dense = lineFeatures(e.doc);
  const features = e.doc.lines.map((_, i) => {
    const row: [number, number][] = [];
    for (let k = 0; k < FEATURES; k++) {
      const v = dense[i * FEATURES + k];
      if (v !== 0) row.push([k, Math.round(v * 1e4) / 1e4]);
    }
    return row;
  });
  const roles = e.roles.map((rs) => rs.map((r) => ROLES.indexOf(r)));
  return JSON.stringify({ id: e.id, source: e.source, part: e.part, features, roles, supervised: e.supervised.map((r) => ROLES.indexOf(r)), texts: e.doc.lines.map((l) => l.text) });
}

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: 'models/layout/work' }, synthetic: { type: 'string', default: '400' }, slips: { type: 'string', default: '600' }, seed: { type: 'string', default: '1000' }, sources: { type: 'string', default: 'sroie,zugferd,wildreceipt,synthetic' }, 'ocr-cache': { type: 'string' } },
  });
  const sources = new Set(values.sources!.split(','));
  if (!existsSync(DATASETS)) throw new Error(`${DATASETS} is needed to build the training examples`);
  mkdirSync(values.out!, { recursive: true });
  writeFileSync(join(values.out!, 'roles.json'), JSON.stringify({ roles: ROLES, features: FEATURES }));
  const out = createWriteStream(join(values.out!, 'examples.jsonl'));
  const counts = new Map<string, number>();
  const write = (e: Example) => {
    if (e.doc.lines.length === 0) return;
    out.write(`${encode(e)}\n`);
    const k = `${e.source} ${e.part}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  };
  // One OCR worker with the machine's cores: this is the only work running.
  const engine = new Engine();
  const started = Date.now();
  try {
    if (sources.has('sroie')) for (const e of sroieExamples()) write(e);
    console.log(`sroie done (${Math.round((Date.now() - started) / 1000)} s)`);
    if (sources.has('zugferd')) for await (const e of zugferdExamples(engine)) write(e);
    console.log(`zugferd done (${Math.round((Date.now() - started) / 1000)} s)`);
    const cache = values['ocr-cache'] ? readOcrCache(join(values['ocr-cache'], 'wildreceipt.jsonl')) : new Map<string, TextPage[]>();
    if (sources.has('wildreceipt')) for await (const e of wildReceiptExamples(engine, cache)) write(e);
    console.log(`wildreceipt done (${Math.round((Date.now() - started) / 1000)} s)`);
    if (sources.has('synthetic')) for await (const e of syntheticExamples(engine, Number(values.synthetic), Number(values.seed))) write(e);
    console.log(`synthetic done (${Math.round((Date.now() - started) / 1000)} s)`);
    if (sources.has('slips')) for await (const e of slipExamples(Number(values.slips))) write(e);
  } finally {
    await engine.close();
    await new Promise((r) => out.end(r));
  }
  console.table(Object.fromEntries([...counts].sort().map(([k, v]) => [k, { documents: v }])));
}

await main();
