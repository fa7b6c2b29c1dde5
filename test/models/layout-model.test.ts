// The shipped layout model (models/weights/layout-roles.onnx): it loads with its manifest checksum,
// gives the same answer through onnxruntime-node and onnxruntime-web, labels the project's sample
// receipt as a person would, and the engine uses it (source `layout_model`) or does without it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValueKind } from '../../engine/src/extract/find/field-kinds.js';
import { roleOfField } from '../../engine/src/extract/layout-model/field-roles.js';
import { LayoutModel, type LineRoles } from '../../engine/src/extract/layout-model/layout-model.js';
import { CONTEXT_BUCKETS, FEATURES, GEOMETRY_FEATURES, lineFeatures, ngramCounts, NGRAM_BUCKETS, ngramText } from '../../engine/src/extract/layout-model/line-features.js';
import { ROLES, type Role } from '../../engine/src/extract/layout-model/roles.js';
import { layoutDocument, type DocumentText, type TextPage } from '../../engine/src/extract/layout/document-text.js';
import { Engine } from '../../engine/src/node/engine.js';
import { createOnnxWebRuntime } from '../../engine/src/runtime/browser/onnx-web-runtime.js';
import { createOnnxNodeRuntime } from '../../engine/src/runtime/node/onnx-node-runtime.js';
import { loadLayoutModel } from '../../models/src/load-layout-model.js';
import { LAYOUT_MODEL } from '../../models/src/manifest.js';
import { packageFileSource } from '../../models/src/node/package-file-source.js';

const RECEIPT = new Uint8Array(readFileSync(new URL('../fixtures/sample-receipt.png', import.meta.url)));
const engine = new Engine();
let doc: DocumentText;
let pages: TextPage[];
let model: LayoutModel;
let roles: LineRoles;

beforeAll(async () => {
  // The sample receipt's lines as the engine's OCR reads them (the model is not asked here).
  const read = await new Engine({ layoutModel: false }).extract({ file: RECEIPT }, 'retail_receipt', { options: { include_ocr: true } });
  pages = read.ocr!.pages as TextPage[];
  doc = layoutDocument(pages);
  model = await loadLayoutModel(createOnnxNodeRuntime(), packageFileSource());
  roles = await model.roles(doc);
}, 120_000);
afterAll(async () => {
  await model?.release();
  await engine.close();
});

const lineOf = (text: string) => {
  const line = doc.lines.find((l) => l.text.includes(text));
  if (!line) throw new Error(`no line reads ${text}: ${doc.lines.map((l) => l.text).join(' | ')}`);
  return line.index;
};
const likeliest = (role: Role) => doc.lines.reduce((best, l) => (roles.prob(l.index, role) > roles.prob(best.index, role) ? l : best)).index;

describe('line features', () => {
  it('are one row of n-grams, context n-grams and geometry per line, each within 0..1, the same every time', () => {
    const f = lineFeatures(doc);
    expect(FEATURES).toBe(NGRAM_BUCKETS + 2 * CONTEXT_BUCKETS + GEOMETRY_FEATURES);
    expect(f.length).toBe(doc.lines.length * FEATURES);
    expect(f.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(Array.from(lineFeatures(layoutDocument(pages)))).toEqual(Array.from(f));
    // Text features: the n-grams of one line are a unit vector.
    const row = f.subarray(0, NGRAM_BUCKETS);
    expect(Math.hypot(...row)).toBeCloseTo(1, 4);
  });

  it("carry a line's context: the text to its left on its row and the row above", () => {
    const f = lineFeatures(doc);
    const block = (line: number, k: 0 | 1) => f.subarray(line * FEATURES + NGRAM_BUCKETS + k * CONTEXT_BUCKETS, line * FEATURES + NGRAM_BUCKETS + (k + 1) * CONTEXT_BUCKETS);
    const expected = (text: string) => {
      const counts = ngramCounts(text, CONTEXT_BUCKETS);
      const norm = Math.hypot(...counts.values());
      const v = new Float32Array(CONTEXT_BUCKETS);
      for (const [b, c] of counts) v[b] = c / norm;
      return Array.from(v);
    };
    const withLabel = doc.rows.find((r) => r.lines.length > 1)!;
    const [first, second] = withLabel.lines;
    expect(Array.from(block(second.index, 0))).toEqual(expected(first.text));
    // The first line of a row has nothing to its left; the first row has nothing above.
    expect(block(first.index, 0).every((v) => v === 0)).toBe(true);
    expect(block(doc.rows[0].lines[0].index, 1).every((v) => v === 0)).toBe(true);
    const under = doc.rows[1].lines[0];
    expect(Array.from(block(under.index, 1))).toEqual(expected(doc.rows[0].lines.map((l) => l.text).join(' ')));
  });

  it('read text without case, accents, spaces or the figures themselves', () => {
    expect(ngramText('Total  Café 13,05')).toBe('TOTALCAFE00,00');
    expect(ngramText('TOTAL CAFE 99,99')).toBe(ngramText('total café 13,05'));
  });
});

describe('the shipped layout model', () => {
  it('loads only with the checksum of the manifest', async () => {
    expect(LAYOUT_MODEL.sha256).toMatch(/^[0-9a-f]{64}$/);
    const dir = mkdtempSync(join(tmpdir(), 'layout-model-'));
    try {
      await expect(loadLayoutModel(createOnnxNodeRuntime(), packageFileSource(dir))).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const altered = { read: async () => new Uint8Array(await packageFileSource().read(LAYOUT_MODEL)).map((b, i) => (i === 100 ? b ^ 1 : b)) };
    await expect(loadLayoutModel(createOnnxNodeRuntime(), altered)).rejects.toThrow(/sha256/);
  });

  it('labels the sample receipt: its name, date and total row are the likeliest for their roles', () => {
    expect(likeliest('merchant')).toBe(lineOf('CORNER DELI'));
    expect(roles.prob(lineOf('CORNER DELI'), 'merchant')).toBeGreaterThan(0.5);
    expect(likeliest('date')).toBe(lineOf('14/03/2025'));
    expect(roles.prob(lineOf('14/03/2025'), 'date')).toBeGreaterThan(0.5);
    // The total's row, its label and its amount, as the training data labels both; no item's price.
    expect(doc.lines[likeliest('total')].row).toBe(doc.lines[lineOf('13.05')].row);
    for (const price of ['7.00', '3.20', '2.85']) expect(roles.prob(lineOf('13.05'), 'total')).toBeGreaterThan(roles.prob(lineOf(price), 'total'));
    // Lines of the body are not the name.
    expect(roles.prob(lineOf('Flat white'), 'merchant')).toBeLessThan(0.2);
    expect(roles.prob(lineOf('Thank you'), 'total')).toBeLessThan(0.2);
  });

  it('gives the same probabilities through onnxruntime-web as through onnxruntime-node', async () => {
    const web = await loadLayoutModel(createOnnxWebRuntime(), packageFileSource());
    try {
      const fromWeb = await web.roles(doc);
      for (const l of doc.lines) for (const r of ROLES) expect(Math.abs(fromWeb.prob(l.index, r) - roles.prob(l.index, r))).toBeLessThan(1e-4);
    } finally {
      await web.release();
    }
  }, 60_000);

  it('reads a document longer than its window in windows, each line once', async () => {
    const many: TextPage = { ...pages[0], lines: Array.from({ length: 300 }, (_, i) => ({ ...pages[0].lines[i % pages[0].lines.length], bounding_box: { x: 0.1, y: i / 300, width: 0.5, height: 0.8 / 300 } })) };
    const long = layoutDocument([many]);
    const r = await model.roles(long);
    expect(r.lines).toBe(300);
    expect(r.prob(299, 'total')).toBeGreaterThanOrEqual(0);
    expect(r.prob(300, 'total')).toBe(0);
  });
});

describe('the engine with the layout model', () => {
  it('extracts the sample receipt with the model, and says where the model chose the value', async () => {
    expect(await engine.layoutModelReady()).toBe(true);
    const r = await engine.extract({ file: RECEIPT }, 'retail_receipt');
    expect(r.data.amount).toBe(13.05);
    expect(r.data.transaction_date).toBe('2025-03-14');
    for (const f of Object.values(r.fields)) expect([null, 'ocr', 'layout_model']).toContain(f.source);
  }, 60_000);

  it('extracts with the rules alone where the model file is missing', async () => {
    // No model packages under this root: the layout model cannot load (client_ocr needs no OCR models).
    const dir = mkdtempSync(join(tmpdir(), 'no-layout-model-'));
    const bare = new Engine({ modelRoot: dir });
    try {
      expect(await bare.layoutModelReady()).toBe(false);
      const r = await bare.extract({ client_ocr: { width: 800, height: 1000, lines: doc.lines.map((l) => ({ text: l.text, bounding_box: l.box })) } }, 'retail_receipt');
      expect(r.data.amount).toBe(13.05);
      expect(Object.values(r.fields).every((f) => f.source !== 'layout_model')).toBe(true);
    } finally {
      await bare.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("roles of a document type's fields", () => {
  const f = (type: string, aliases: string[] = []) => ({ type, aliases }) as never;
  it.each([
    ['merchant', 'party_name', f('string'), true, 'merchant'],
    ['buyer_name', 'party_name', f('string'), true, null],
    ['supplier_address', 'party_address', f('string'), true, 'address'],
    ['amount', 'total', f('money'), true, 'total'],
    ['transaction_date', 'date', f('date'), true, 'date'],
    ['due_date', 'date', f('date'), false, null],
    ['invoice_number', 'document_number', f('string'), true, 'invoice_number'],
    ['receipt_number', 'document_number', f('string'), true, 'receipt_number'],
    ['tax_amount', 'money', f('money'), true, 'tax'],
    ['subtotal', 'money', f('money'), true, 'subtotal'],
    ['tip', 'money', f('money'), true, null],
    ['approval', 'text', f('string', ['auth code']), true, null],
    ['auth_code', 'text', f('string'), true, 'auth_code'],
    ['card_last_four', 'card_last_four', f('string'), true, 'card_last_four'],
    ['notes', 'text', f('string'), true, null],
  ] as [string, ValueKind, never, boolean, Role | null][])('%s (%s) -> %s', (name, kind, field, first, role) => {
    expect(roleOfField(name, kind, field, first)).toBe(role);
  });
});
