import { describe, expect, it } from 'vitest';
import { parseClientOcr } from '../../engine/src/extract/client-ocr.js';
import type { ConfidenceFeatures } from '../../engine/src/extract/confidence.js';
import { templateVersion } from '../../engine/src/extract/document-type.js';
import { extractFromText } from '../../engine/src/extract/extract-text.js';
import type { Candidate } from '../../engine/src/extract/find/candidates.js';
import { paidExact } from '../../engine/src/extract/find/rule-agreement.js';
import { agreeOnTaxRate, dropImpossibleTaxes } from '../../engine/src/extract/find/tax-agreement.js';
import type { Line } from '../../engine/src/extract/layout/document-text.js';
import { slipClientOcr } from '../support/slip-text.js';

const line = (index: number): Line => ({ index, page: 1, source: 'client_ocr', text: '', confidence: 1, box: { x: 0, y: 0, width: 1, height: 1 }, words: [], row: index, size: 1 });
const cand = (value: number, score: number, index = 0): Candidate => ({ value, raw: String(value), line: line(index), start: 0, end: 1, label: null, relation: 'anywhere', score });
const PATHS = { tax: 'tax_amount', rate: 'tax_rate', net: 'subtotal', gross: 'amount' };

describe('a tax its rate proves', () => {
  it('agrees with the gross total: the tax and the rate, first choices kept', () => {
    const ranked = new Map([
      ['tax_amount', [cand(0.46, 0.9)]],
      ['tax_rate', [cand(6, 0.8)]],
      ['amount', [cand(8.2, 0.9)]],
    ]);
    expect(agreeOnTaxRate(ranked, PATHS, [])).toEqual(['tax_amount', 'tax_rate']);
    expect(ranked.get('tax_amount')?.[0].value).toBe(0.46);
  });

  it('agrees with the net amount, the rate taken from the tax summary (the rate field not read)', () => {
    const ranked = new Map([
      ['tax_amount', [cand(3.8, 0.9)]],
      ['subtotal', [cand(20, 0.9)]],
      ['amount', [cand(23.8, 0.9)]],
    ]);
    expect(agreeOnTaxRate(ranked, PATHS, [19])).toEqual(['tax_amount']);
  });

  it('moves an agreeing candidate before a first choice the rate does not prove (the total read as the tax)', () => {
    const ranked = new Map([
      ['tax_amount', [cand(75, 0.9, 1), cand(4.25, 0.6, 2)]],
      ['tax_rate', [cand(6, 0.8)]],
      ['amount', [cand(75, 0.9, 1)]],
    ]);
    expect(agreeOnTaxRate(ranked, PATHS, [])).toEqual(['tax_amount', 'tax_rate']);
    expect(ranked.get('tax_amount')?.map((c) => c.value)).toEqual([4.25, 75]);
  });

  it('leaves the choices alone when nothing agrees, or an agreeing candidate is far weaker', () => {
    const apart = new Map([
      ['tax_amount', [cand(1.5, 0.9)]],
      ['tax_rate', [cand(6, 0.8)]],
      ['amount', [cand(8.2, 0.9)]],
    ]);
    expect(agreeOnTaxRate(apart, PATHS, [])).toEqual([]);
    const weak = new Map([
      ['tax_amount', [cand(1.5, 0.9), cand(0.46, 0.3)]],
      ['tax_rate', [cand(6, 0.8)]],
      ['amount', [cand(8.2, 0.9)]],
    ]);
    expect(agreeOnTaxRate(weak, PATHS, [])).toEqual([]);
    expect(weak.get('tax_amount')?.[0].value).toBe(1.5);
  });

  it('needs a rate and an amount to apply it to: a zero tax, no rate, or no totals prove nothing', () => {
    expect(agreeOnTaxRate(new Map([['tax_amount', [cand(0.46, 0.9)]], ['amount', [cand(8.2, 0.9)]]]), PATHS, [])).toEqual([]);
    expect(agreeOnTaxRate(new Map([['tax_amount', [cand(0.46, 0.9)]], ['tax_rate', [cand(6, 0.8)]]]), PATHS, [])).toEqual([]);
    expect(agreeOnTaxRate(new Map([['tax_amount', [cand(0, 0.9)]], ['tax_rate', [cand(6, 0.8)]], ['amount', [cand(8.2, 0.9)]]]), PATHS, [0])).toEqual([]);
    expect(agreeOnTaxRate(new Map<string, Candidate[]>(), PATHS, [6])).toEqual([]);
  });
});

describe('cash paid exact', () => {
  const paths = { tendered: 'amount_tendered', change: 'change', total: 'amount' };
  it('is cash equal to the total with no change read, and nothing else', () => {
    expect(paidExact(new Map([['amount_tendered', [cand(8.2, 0.9)]], ['amount', [cand(8.2, 0.9)]]]), paths)).toBe(true);
    expect(paidExact(new Map([['amount_tendered', [cand(10, 0.9)]], ['amount', [cand(8.2, 0.9)]]]), paths)).toBe(false);
    // A change read says the cash was more than the total, whatever the first choices are.
    expect(paidExact(new Map([['amount_tendered', [cand(8.2, 0.9)]], ['amount', [cand(8.2, 0.9)]], ['change', [cand(1.8, 0.9)]]]), paths)).toBe(false);
    expect(paidExact(new Map([['amount_tendered', [cand(8.2, 0.9)]]]), { ...paths, total: null })).toBe(false);
    expect(paidExact(new Map([['amount_tendered', [cand(0, 0.9)]], ['amount', [cand(0, 0.9)]]]), paths)).toBe(false);
  });
});

describe('taxes no total holds', () => {
  it('drops candidates over a quarter of the total, the total itself among them, and keeps the rest in order', () => {
    const ranked = new Map([
      ['tax_amount', [cand(12, 0.9), cand(35.66, 0.8), cand(2.14, 0.6), cand(0.5, 0.5)]],
      ['amount', [cand(37.8, 0.9)]],
    ]);
    dropImpossibleTaxes(ranked, PATHS);
    expect(ranked.get('tax_amount')?.map((c) => c.value)).toEqual([2.14, 0.5]);
  });

  it('keeps every candidate where no total was found', () => {
    const ranked = new Map([['tax_amount', [cand(12, 0.9)]]]);
    dropImpossibleTaxes(ranked, PATHS);
    expect(ranked.get('tax_amount')?.map((c) => c.value)).toEqual([12]);
  });
});

/** The top of a receipt and its first item. */
const SHOP = `KEDAI RUNCIT MAJU SDN BHD
NO 12 JALAN MERANTI 3
43000 KAJANG SELANGOR
TEH TARIK                 3.50`;

describe('figures of a receipt that vouch for each other across its rows', () => {
  const read = (text: string) => {
    const features = new Map<string, ConfidenceFeatures>();
    const ex = extractFromText({ pages: parseClientOcr(slipClientOcr(text)).pages }, templateVersion('retail_receipt'), {
      now: new Date('2026-11-25T12:00:00Z'),
      onFeatures: (path, _group, f) => features.set(path, f),
    });
    return { ex, features };
  };

  it('counts the rate as a rule the tax keeps, so its confidence says so', () => {
    const receipt = (tax: string) => `${SHOP}
ROTI CANAI                4.70
GST @6%                   ${tax}
TOTAL                     8.20
CASH                     10.00
CHANGE                    1.80`;
    const right = read(receipt('0.46'));
    expect(right.ex.data.tax_amount).toBe(0.46);
    expect(right.ex.data.amount).toBe(8.2);
    expect(right.features.get('tax_amount')?.rule).toBe(true);
    // A tax the rate does not give is read the same way, but no rule vouches for it.
    const wrong = read(receipt('0.64'));
    expect(wrong.ex.data.tax_amount).toBe(0.64);
    expect(wrong.features.get('tax_amount')?.rule).toBe(false);
    expect(wrong.ex.fields.tax_amount.confidence).toBeLessThan(right.ex.fields.tax_amount.confidence);
  });

  it('reads no tax rather than the total printed beside the tax word', () => {
    const { ex } = read(`${SHOP}
TOTAL                     3.50
TOTAL INCL. GST           3.50`);
    expect(ex.data.amount).toBe(3.5);
    expect(ex.data.tax_amount).toBe(null);
  });

  it('counts cash that is the total, with no change printed, as paid exact: a rule keeps it', () => {
    const receipt = (cash: string) => `${SHOP}
ROTI CANAI                4.70
TOTAL                     8.20
CASH                      ${cash}`;
    const exact = read(receipt('8.20'));
    expect(exact.ex.data.amount_tendered).toBe(8.2);
    expect(exact.features.get('amount_tendered')?.rule).toBe(true);
    const more = read(receipt('10.00'));
    expect(more.ex.data.amount_tendered).toBe(10);
    expect(more.features.get('amount_tendered')?.rule).toBe(false);
  });
});
