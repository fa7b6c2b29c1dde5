// Real labelled documents as extraction data: SROIE receipts as retail_receipt data and ZUGFeRD
// invoices (values from their embedded XML) as invoice data. The template schemas accept them
// under a standard validator, and the rules that hold by the documents' nature pass.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyData } from '../../engine/src/doctypes/empty-data.js';
import { definitionJsonSchema } from '../../engine/src/doctypes/json-schema.js';
import { templateDefinition } from '../../engine/src/doctypes/templates/index.js';
import { evaluateChecks } from '../../engine/src/extract/evaluate-checks.js';
import { isCalendarDate } from '../../engine/src/extract/field-checks.js';
import { createValidator } from '../support/json-schema-validator.js';

const DATASETS = new URL('../../../shared/datasets/', import.meta.url).pathname;
const present = existsSync(DATASETS);
if (!present) console.log('skipped: ../shared/datasets not present; real-data schema tests need SROIE and ZUGFeRD labels');

const ajv = createValidator();
const now = new Date('2026-11-22T00:00:00Z');

/**
 * dd/mm/yyyy (also with - or .) and yyyy-mm-dd as SROIE prints them; null for other forms and
 * for day-month orders that do not give a calendar date (some receipts print mm/dd/yyyy).
 */
function isoDate(text: string): string | null {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  const iso = dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : text.trim();
  return isCalendarDate(iso) ? iso : null;
}

describe.skipIf(!present)('SROIE labels as retail_receipt data', () => {
  const definition = templateDefinition('retail_receipt');
  const validate = ajv.compile(definitionJsonSchema(definition));

  it('validate against the schema and pass every check', () => {
    const dir = join(DATASETS, 'sroie-train', 'entities');
    let used = 0;
    for (const file of readdirSync(dir).sort()) {
      const e = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>;
      const date = isoDate(e.date ?? '');
      const amount = Number((e.total ?? '').replace(/[^0-9.]/g, ''));
      if (!date || !e.company || !Number.isFinite(amount) || e.total === '') continue;
      const data = { ...emptyData(definition), merchant: e.company, merchant_address: e.address || null, transaction_date: date, amount, currency: 'MYR' };
      expect(validate(data), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const { review, checks } = evaluateChecks(definition, data, { now });
      expect(review, file).toEqual({ required: false, reasons: [] });
      expect(checks.transaction_date.map((c) => c.status)).toEqual(['ok', 'ok', 'ok']);
      used++;
    }
    expect(used).toBeGreaterThan(300);
  });
});

describe.skipIf(!present)('ZUGFeRD invoices as invoice data', () => {
  const definition = templateDefinition('invoice');
  const validate = ajv.compile(definitionJsonSchema(definition));

  it('validate against the schema, and their totals add up', () => {
    const dir = join(DATASETS, 'zugferd-dev', 'ground_truth');
    let used = 0;
    for (const file of readdirSync(dir).sort()) {
      const g = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
      const raw = String(g.issue_date_raw ?? '');
      const address = g.seller_address as Record<string, string | null> | null;
      const data = {
        ...emptyData(definition),
        invoice_number: g.invoice_number,
        issue_date: /^\d{8}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}` : null,
        supplier_name: g.seller_name,
        supplier_address: address ? [address.LineOne, address.LineTwo, [address.PostcodeCode, address.CityName].filter(Boolean).join(' ')].filter(Boolean).join(', ') : null,
        customer_name: g.buyer_name ?? null,
        currency: g.currency ?? null,
        subtotal: num(g.tax_basis_total),
        tax_amount: num(g.tax_total),
        total_amount: num(g.grand_total),
        amount_due: num(g.due_payable),
        line_items: ((g.line_items as Record<string, string>[] | undefined) ?? []).map((l) => ({
          description: l.name ?? null,
          product_code: null,
          quantity: num(l.quantity),
          unit: null,
          unit_price: null,
          tax_rate: null,
          amount: num(l.line_total),
        })),
      };
      expect(validate(data), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const { checks } = evaluateChecks(definition, data, { now });
      // EN 16931 BR-CO-15: tax basis plus tax is the grand total, on every conforming invoice.
      expect(checks.total_amount.find((c) => c.rule === 'total_adds_up')?.status, file).toBe('ok');
      const dated = checks.issue_date.find((c) => c.rule === 'issue_date_not_in_future')?.status;
      expect(dated, file).toBe(data.issue_date === null ? 'skipped' : 'ok');
      used++;
    }
    expect(used).toBe(62);
  });
});
