// Each built-in template's rules on passing and failing data, through the rule evaluator, and
// the data checked by a standard JSON Schema validator against the template's schema.
import { describe, expect, it } from 'vitest';
import type { FieldCheck } from '../../engine/src/contracts/definition.js';
import { emptyData } from '../../engine/src/doctypes/empty-data.js';
import { definitionJsonSchema } from '../../engine/src/doctypes/json-schema.js';
import { templateDefinition } from '../../engine/src/doctypes/templates/index.js';
import { evaluateChecks } from '../../engine/src/extract/evaluate-checks.js';
import { createValidator } from '../support/json-schema-validator.js';

const now = new Date('2026-11-22T10:00:00Z');
const ajv = createValidator();

function setup(name: string, values: Record<string, unknown>) {
  const definition = templateDefinition(name);
  const validate = ajv.compile(definitionJsonSchema(definition));
  const data = { ...emptyData(definition), ...values };
  return { definition, validate, data };
}

/** Status of a rule's check at a path. */
const ruleStatus = (checks: Record<string, FieldCheck[]>, path: string, rule: string) => checks[path]?.find((c) => c.rule === rule)?.status;

const SLIP = {
  merchant: 'CAFE LUNA',
  merchant_address: '12 Harbour St, Sydney NSW 2000',
  merchant_id: '000123456789',
  terminal_id: 'T1002',
  transaction_type: 'sale',
  base_amount: 42.5,
  tip: 5,
  amount: 47.5,
  currency: 'AUD',
  transaction_date: '2026-11-20',
  transaction_time: '13:45',
  receipt_number: '004512',
  trace_number: '001234',
  batch_number: '17',
  rrn: '632512345678',
  auth_code: 'A1B2C3',
  payment_method: 'card',
  card_scheme: 'visa',
  card_last_four: '4242',
  entry_method: 'contactless',
  application_id: 'A0000000031010',
  application_label: 'VISA CREDIT',
  verification_method: 'cdcvm',
  approved: true,
};

const RECEIPT = {
  merchant: 'KEDAI RUNCIT MAJU',
  merchant_address: 'NO 5, JALAN AMAN, 81100 JOHOR BAHRU',
  merchant_phone: '07-333 1234',
  merchant_tax_id: '001234567890',
  transaction_date: '2026-11-21',
  transaction_time: '09:05',
  receipt_number: 'CS00012345',
  currency: 'MYR',
  line_items: [
    { description: 'LATTE', product_code: null, quantity: 2, unit_price: 4.5, amount: 9 },
    { description: 'BAGEL', product_code: '9555', quantity: 1, unit_price: 3.2, amount: 3.2 },
  ],
  subtotal: 12.2,
  tax_amount: 1.22,
  rounding: -0.02,
  amount: 13.4,
  amount_tendered: 13.4,
  change: 0,
  payment_method: 'card',
  card_last_four: '1234',
};

const INVOICE = {
  invoice_number: 'INV-2026-0042',
  issue_date: '2026-10-01',
  due_date: '2026-10-31',
  supplier_name: 'Beispiel Beratung GmbH',
  supplier_address: 'Hauptstr. 1, 10115 Berlin',
  supplier_tax_id: 'DE123456789',
  supplier_email: 'billing@example.de',
  customer_name: 'Kunde AG',
  purchase_order: 'PO-7781',
  currency: 'EUR',
  line_items: [
    { description: 'Consulting', product_code: null, quantity: 10, unit: 'h', unit_price: 120, tax_rate: 19, amount: 1200 },
    { description: 'Travel', product_code: null, quantity: 1, unit: null, unit_price: 80, tax_rate: 19, amount: 80 },
  ],
  subtotal: 1280,
  tax_amount: 243.2,
  total_amount: 1523.2,
  amount_paid: 500,
  amount_due: 1023.2,
  payment_terms: 'Net 30',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

describe.each([
  ['payment_receipt', SLIP],
  ['retail_receipt', RECEIPT],
  ['invoice', INVOICE],
])('%s on passing data', (name, values) => {
  const { definition, validate, data } = setup(name, values);
  const result = evaluateChecks(definition, data, { now });

  it('passes every check and asks for no review', () => {
    const failed = Object.entries(result.checks).flatMap(([path, cs]) => cs.filter((c) => c.status === 'failed').map((c) => `${path}: ${c.name} ${c.rule ?? ''}`));
    expect(failed).toEqual([]);
    expect(result.review).toEqual({ required: false, reasons: [] });
  });

  it('runs every rule of the template', () => {
    const ran = new Set(Object.values(result.checks).flatMap((cs) => cs.filter((c) => c.name === 'rules' && c.status === 'ok').map((c) => c.rule)));
    expect([...ran].sort()).toEqual((definition.rules ?? []).map((r) => r.name).sort());
  });

  it('is valid under the template JSON Schema', () => {
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('payment_receipt on failing data', () => {
  it('flags a slip dated in the future', () => {
    const { definition, data } = setup('payment_receipt', { ...SLIP, transaction_date: '2026-12-25' });
    const r = evaluateChecks(definition, data, { now });
    expect(ruleStatus(r.checks, 'transaction_date', 'date_not_in_future')).toBe('failed');
    expect(r.review.reasons).toEqual([expect.objectContaining({ code: 'rule_failed', path: 'transaction_date', rule: 'date_not_in_future' })]);
  });

  it('flags amounts that do not add up, on the total', () => {
    const { definition, data } = setup('payment_receipt', { ...SLIP, amount: 50 });
    const r = evaluateChecks(definition, data, { now });
    for (const p of ['base_amount', 'tip', 'amount']) expect(ruleStatus(r.checks, p, 'amount_adds_up')).toBe('failed');
    expect(r.review.reasons.map((x) => [x.code, x.path])).toEqual([['rule_failed', 'amount']]);
  });

  it('skips the sum when the base amount is missing, and counts a missing tip as zero', () => {
    const skipped = setup('payment_receipt', { ...SLIP, base_amount: null });
    expect(ruleStatus(evaluateChecks(skipped.definition, skipped.data, { now }).checks, 'amount', 'amount_adds_up')).toBe('skipped');
    const noTip = setup('payment_receipt', { ...SLIP, tip: null, amount: 42.5 });
    expect(ruleStatus(evaluateChecks(noTip.definition, noTip.data, { now }).checks, 'amount', 'amount_adds_up')).toBe('ok');
  });

  it('flags a card ending that is not four digits, and an unknown currency', () => {
    const { definition, validate, data } = setup('payment_receipt', { ...SLIP, card_last_four: '42424', currency: 'ABC' });
    const r = evaluateChecks(definition, data, { now });
    expect(ruleStatus(r.checks, 'card_last_four', 'card_last_four_format')).toBe('failed');
    expect(r.checks.currency.find((c) => c.name === 'currency')?.status).toBe('failed');
    expect(ruleStatus(r.checks, 'currency', 'known_currency')).toBe('failed');
    expect(r.review.reasons.map((x) => `${x.code} ${x.path}`).sort()).toEqual([
      'invalid_value card_last_four',
      'invalid_value currency',
      'rule_failed card_last_four',
      'rule_failed currency',
    ]);
    expect(validate(data)).toBe(false); // the pattern of card_last_four
  });

  it('warns without review when a card payment lacks its card ending', () => {
    const { definition, data } = setup('payment_receipt', { ...SLIP, card_last_four: null });
    const r = evaluateChecks(definition, data, { now });
    expect(ruleStatus(r.checks, 'card_last_four', 'card_last_four_for_cards')).toBe('failed');
    expect(r.review.required).toBe(false);
  });

  it('asks for review when a required field is missing', () => {
    const { definition, data } = setup('payment_receipt', { ...SLIP, transaction_date: null });
    const r = evaluateChecks(definition, data, { now });
    expect(r.checks.transaction_date).toContainEqual({ name: 'required', status: 'failed', message: expect.any(String) });
    expect(r.review.reasons).toContainEqual(expect.objectContaining({ code: 'required_missing', path: 'transaction_date' }));
  });

  it('asks no review for a slip that prints no merchant name', () => {
    const { definition, data } = setup('payment_receipt', { ...SLIP, merchant: null });
    const r = evaluateChecks(definition, data, { now });
    expect(r.review.reasons.filter((x) => x.path === 'merchant')).toEqual([]);
    expect(r.review.required).toBe(false);
  });
});

describe('retail_receipt on failing data', () => {
  it('warns when totals, line amounts, line sums and change do not add up', () => {
    const items = [RECEIPT.line_items[0], { ...RECEIPT.line_items[1], amount: 3.5 }];
    const { definition, data } = setup('retail_receipt', { ...RECEIPT, line_items: items, amount: 14, amount_tendered: 20, change: 5 });
    const r = evaluateChecks(definition, data, { now });
    expect(ruleStatus(r.checks, 'subtotal', 'line_items_add_up')).toBe('failed');
    expect(ruleStatus(r.checks, 'amount', 'totals_add_up')).toBe('failed');
    expect(ruleStatus(r.checks, 'line_items[1].amount', 'line_amount')).toBe('failed');
    expect(ruleStatus(r.checks, 'line_items[0].amount', 'line_amount')).toBe('ok');
    expect(ruleStatus(r.checks, 'amount_tendered', 'change_adds_up')).toBe('failed');
    expect(r.review.required).toBe(false); // all four are warnings on receipts
  });

  it('asks for review on a future date, a bad card ending, an unknown currency and a wrong type', () => {
    const { definition, validate, data } = setup('retail_receipt', {
      ...RECEIPT,
      transaction_date: '2027-01-02',
      card_last_four: '12',
      subtotal: '12.20',
      currency: 'RM',
    });
    const r = evaluateChecks(definition, data, { now });
    expect(r.review.reasons.map((x) => `${x.code} ${x.path}`).sort()).toEqual([
      'invalid_value card_last_four',
      'invalid_value currency',
      'invalid_value subtotal',
      'rule_failed card_last_four',
      'rule_failed currency',
      'rule_failed transaction_date',
    ]);
    expect(ruleStatus(r.checks, 'subtotal', 'line_items_add_up')).toBe('skipped');
    expect(validate(data)).toBe(false);
  });
});

describe('invoice on failing data', () => {
  it('asks for review when the due date precedes the issue date and the total does not add up', () => {
    const { definition, data } = setup('invoice', { ...INVOICE, due_date: '2026-09-30', total_amount: 1500, amount_due: 1000 });
    const r = evaluateChecks(definition, data, { now });
    expect(ruleStatus(r.checks, 'due_date', 'due_after_issue')).toBe('failed');
    expect(ruleStatus(r.checks, 'total_amount', 'total_adds_up')).toBe('failed');
    expect(r.review.reasons.map((x) => `${x.code} ${x.path} ${x.rule}`)).toEqual(['rule_failed due_date due_after_issue', 'rule_failed total_amount total_adds_up']);
  });

  it('asks for review on an IBAN with wrong check digits, an invoice from the future and an unknown currency', () => {
    const { definition, data } = setup('invoice', { ...INVOICE, iban: 'DE89370400440532013001', issue_date: '2026-12-01', due_date: '2026-12-31', currency: 'XYZ' });
    const r = evaluateChecks(definition, data, { now });
    expect(ruleStatus(r.checks, 'iban', 'iban_check_digits')).toBe('failed');
    expect(ruleStatus(r.checks, 'issue_date', 'issue_date_not_in_future')).toBe('failed');
    expect(ruleStatus(r.checks, 'currency', 'known_currency')).toBe('failed');
    expect(r.review.reasons.map((x) => x.rule ?? x.code).sort()).toEqual(['iban_check_digits', 'invalid_value', 'issue_date_not_in_future', 'known_currency']);
  });

  it('warns on a line whose amount is not quantity times price and on a wrong amount due', () => {
    const items = [{ ...INVOICE.line_items[0], amount: 1100 }, INVOICE.line_items[1]];
    const { definition, data } = setup('invoice', { ...INVOICE, line_items: items, amount_due: 900 });
    const r = evaluateChecks(definition, data, { now });
    expect(ruleStatus(r.checks, 'line_items[0].amount', 'line_amount')).toBe('failed');
    expect(ruleStatus(r.checks, 'subtotal', 'line_items_add_up')).toBe('failed');
    expect(ruleStatus(r.checks, 'amount_due', 'amount_due_adds_up')).toBe('failed');
    expect(r.review.required).toBe(false);
  });

  it('checks array items against their schema and the max_items bound', () => {
    const items = Array.from({ length: 201 }, () => INVOICE.line_items[1]);
    const { definition, validate, data } = setup('invoice', { ...INVOICE, line_items: items });
    const r = evaluateChecks(definition, data, { now });
    expect(r.checks.line_items).toEqual([expect.objectContaining({ name: 'max_items', status: 'failed' })]);
    expect(validate(data)).toBe(false);
  });
});

describe('evaluation is deterministic', () => {
  it('gives the same result for the same definition, data and time', () => {
    const { definition, data } = setup('invoice', INVOICE);
    expect(evaluateChecks(templateDefinition('invoice'), data, { now })).toEqual(evaluateChecks(definition, data, { now }));
  });
});
