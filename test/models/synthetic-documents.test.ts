// Synthetic training documents (models/layout/synthetic-documents.ts): the same seed gives the same
// bytes, every box lies inside the image and over ink, each kind carries the roles it should, the
// seeds spread over kinds and languages, and the project's OCR reads a rendered receipt's total.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrPage } from '../../engine/src/contracts/ocr.js';
import { ROLES, type Role } from '../../engine/src/extract/layout-model/roles.js';
import { Engine } from '../../engine/src/node/engine.js';
import { makeSyntheticDocument, type SyntheticDocument } from '../../models/layout/synthetic-documents.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => i);

/** Roles every document of a kind must have at least one line of. */
const REQUIRED: Record<SyntheticDocument['kind'], Role[]> = {
  receipt: ['merchant', 'address', 'date', 'total', 'item_description', 'item_price'],
  card_slip: ['merchant', 'date', 'total', 'card_last_four'],
  invoice: ['merchant', 'address', 'date', 'invoice_number', 'item_description', 'item_quantity', 'item_price', 'subtotal', 'tax', 'total'],
};

/** The amount printed on a document's total lines: the last number on them ("1 234,56", "13.05"). */
function totalAmount(doc: SyntheticDocument): string {
  const text = doc.lines
    .filter((l) => l.roles.includes('total'))
    .map((l) => l.text)
    .join(' ');
  const numbers = text.match(/\d[\d.,' ]*\d/g) ?? [];
  return (numbers[numbers.length - 1] ?? '').replace(/\s/g, '');
}

const docs = new Map<number, SyntheticDocument>();
const millis: number[] = [];

beforeAll(async () => {
  for (const seed of SEEDS) {
    const started = performance.now();
    docs.set(seed, await makeSyntheticDocument(seed));
    millis.push(performance.now() - started);
  }
});

describe('synthetic documents', () => {
  it('are deterministic: the same seed gives the same image bytes and lines', async () => {
    for (const seed of SEEDS.slice(0, 6)) {
      const again = await makeSyntheticDocument(seed);
      const first = docs.get(seed)!;
      expect(again.png.equals(first.png)).toBe(true);
      expect(again.lines).toEqual(first.lines);
      expect([again.kind, again.language, again.currency, again.width, again.height]).toEqual([first.kind, first.language, first.currency, first.width, first.height]);
    }
    // And different seeds give different documents.
    expect(docs.get(0)!.png.equals(docs.get(1)!.png)).toBe(false);
  });

  it('are PNG images of the stated size at realistic dimensions', async () => {
    for (const doc of docs.values()) {
      const meta = await sharp(doc.png).metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height]).toEqual([doc.width, doc.height]);
      if (doc.kind === 'invoice') expect([doc.width, doc.height]).toEqual([1240, 1754]);
      else {
        expect(doc.width).toBeGreaterThanOrEqual(400);
        expect(doc.width).toBeLessThanOrEqual(1000);
      }
    }
  });

  it('give every line non-empty text, known roles and a non-empty box inside the image', () => {
    for (const doc of docs.values()) {
      expect(doc.lines.length).toBeGreaterThan(8);
      for (const line of doc.lines) {
        expect(line.text.trim()).toBe(line.text);
        expect(line.text.length).toBeGreaterThan(0);
        for (const role of line.roles) expect(ROLES).toContain(role);
        expect(new Set(line.roles).size).toBe(line.roles.length);
        const [x0, y0, x1, y1] = line.box;
        expect(line.box.every(Number.isInteger)).toBe(true);
        expect(x0).toBeGreaterThanOrEqual(0);
        expect(y0).toBeGreaterThanOrEqual(0);
        expect(x1).toBeLessThanOrEqual(doc.width);
        expect(y1).toBeLessThanOrEqual(doc.height);
        expect(x1).toBeGreaterThan(x0);
        expect(y1).toBeGreaterThan(y0);
      }
    }
  });

  it('put ink inside every box (the boxes follow the rotation)', async () => {
    for (const doc of [...docs.values()].slice(0, 8)) {
      const { data, info } = await sharp(doc.png).grayscale().raw().toBuffer({ resolveWithObject: true });
      const sorted = Uint8Array.from(data).sort();
      const paper = sorted[Math.floor(sorted.length * 0.5)];
      for (const { box, text } of doc.lines) {
        let darkest = 255;
        for (let y = box[1]; y < box[3]; y++) for (let x = box[0]; x < box[2]; x++) darkest = Math.min(darkest, data[y * info.width + x]);
        expect(darkest, `${text} at ${box.join(',')}`).toBeLessThan(paper - 40);
      }
    }
  });

  it('give each kind the roles it should', () => {
    for (const doc of docs.values()) {
      const present = new Set(doc.lines.flatMap((l) => l.roles));
      for (const role of REQUIRED[doc.kind]) expect(present.has(role), `${doc.kind} ${doc.language} lacks ${role}`).toBe(true);
      // The document has one total amount, printed on its total lines.
      expect(totalAmount(doc)).toMatch(/\d/);
    }
  });

  it('spread over the three kinds, several languages and currencies', () => {
    const all = [...docs.values()];
    expect(new Set(all.map((d) => d.kind))).toEqual(new Set(['receipt', 'card_slip', 'invoice']));
    expect(new Set(all.map((d) => d.language)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(all.map((d) => d.currency)).size).toBeGreaterThanOrEqual(3);
    for (const d of all) expect(['en', 'de', 'fr', 'es', 'nl', 'it']).toContain(d.language);
  });

  it('are quick to make (generous bound: the target is well under 200 ms each)', () => {
    const mean = millis.reduce((s, v) => s + v, 0) / millis.length;
    expect(mean).toBeLessThan(1000);
  });
});

describe('synthetic documents read by the OCR', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = new Engine();
  });
  afterAll(async () => {
    await engine.close();
  });

  it("finds a rendered receipt's total amount among the OCR lines", async () => {
    // The first receipt among the seeds; other seeds may be misread, which the training tolerates.
    const doc = [...docs.values()].find((d) => d.kind === 'receipt')!;
    const amount = totalAmount(doc);
    const r = await engine.extract({ file: new Uint8Array(doc.png) }, 'payment_receipt', { options: { include_ocr: true } });
    const page = r.ocr!.pages[0] as OcrPage;
    expect(page.lines.length).toBeGreaterThan(5);
    for (const line of page.lines) {
      expect(typeof line.text).toBe('string');
      expect(line.bounding_box.width).toBeGreaterThan(0);
    }
    expect(page.lines.some((l) => l.text.replace(/\s/g, '').includes(amount))).toBe(true);
  });
});
