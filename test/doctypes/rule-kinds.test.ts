// Every rule kind of the language on passing, failing and incomplete data, through a small
// definition of its own (the templates do not use every kind or option), and the check digits.
import { describe, expect, it } from 'vitest';
import type { Definition, FieldCheck } from '../../engine/src/contracts/definition.js';
import { checkDefinition } from '../../engine/src/doctypes/check-definition.js';
import { ibanValid, luhnValid } from '../../engine/src/extract/check-digits.js';
import { evaluateChecks } from '../../engine/src/extract/evaluate-checks.js';

const definition: Definition = checkDefinition({
  name: 'Rule kinds',
  fields: {
    card_number: { type: 'string' },
    account: { type: 'string' },
    scheme: { type: 'string' },
    size: { type: 'integer' },
    start: { type: 'datetime' },
    end: { type: 'datetime' },
    voucher: { type: 'string' },
    voucher_code: { type: 'string' },
    total: { type: 'money' },
    fee: { type: 'money' },
    rate: { type: 'number' },
    parts: { type: 'array', items: { type: 'object', fields: { net: { type: 'money' }, gross: { type: 'money' }, refund: { type: 'money' } } } },
  },
  rules: [
    { name: 'card_luhn', kind: 'luhn', field: 'card_number' },
    { name: 'account_iban', kind: 'iban', field: 'account', severity: 'warning' },
    { name: 'scheme_listed', kind: 'one_of', field: 'scheme', list: 'card_schemes' },
    { name: 'size_known', kind: 'one_of', field: 'size', values: [1, 2, 4] },
    { name: 'start_before_end', kind: 'date_order', earlier: 'start', later: 'end' },
    { name: 'code_with_voucher', kind: 'required_if', field: 'voucher_code', when: 'voucher' },
    { name: 'parts_add_up', kind: 'sum', terms: ['parts[].gross', 'fee'], minus: ['parts[].refund'], optional: ['parts[].refund', 'fee'], equals: 'total', tolerance: 0 },
    { name: 'gross_from_net', kind: 'product', factors: ['parts[].net', 'rate'], equals: 'parts[].gross', tolerance: 0.005 },
  ],
});

const now = new Date('2026-11-22T00:00:00Z');
const run = (data: Record<string, unknown>) => evaluateChecks(definition, data, { now });
const status = (checks: Record<string, FieldCheck[]>, path: string, rule: string) => checks[path]?.find((c) => c.rule === rule)?.status;

describe('check digits', () => {
  it('Luhn accepts valid card numbers with spaces or dashes and refuses altered ones', () => {
    for (const n of ['4111 1111 1111 1111', '5500-0000-0000-0004', '378282246310005', '79927398713']) expect(luhnValid(n), n).toBe(true);
    for (const n of ['4111 1111 1111 1112', '79927398710', '1', 'abcd', '']) expect(luhnValid(n), n).toBe(false);
  });

  it('IBAN accepts valid numbers with spaces or lower case and refuses wrong check digits or shapes', () => {
    for (const n of ['DE89370400440532013000', 'GB82 WEST 1234 5698 7654 32', 'fr1420041010050500013m02606']) expect(ibanValid(n), n).toBe(true);
    for (const n of ['DE89370400440532013001', 'GB82WEST12345698765433', 'DE8937', '1234567890123456', '']) expect(ibanValid(n), n).toBe(false);
  });
});

describe('rule kinds', () => {
  it('pass on consistent data', () => {
    const r = run({
      card_number: '4111 1111 1111 1111',
      account: 'DE89 3704 0044 0532 0130 00',
      scheme: 'Visa',
      size: 2,
      start: '2026-11-01T08:00',
      end: '2026-11-01T17:30',
      voucher: 'SUMMER',
      voucher_code: 'S-1',
      total: 220,
      fee: 2,
      rate: 1.2,
      parts: [
        { net: 100, gross: 120, refund: 10 },
        { net: 90, gross: 108, refund: null },
      ],
    });
    const failed = Object.values(r.checks).flat().filter((c) => c.status !== 'ok');
    expect(failed).toEqual([]);
    expect(r.review.required).toBe(false);
  });

  it('fail on inconsistent data, each on the field it judges', () => {
    const r = run({
      card_number: '4111 1111 1111 1112',
      account: 'DE89370400440532013001',
      scheme: 'acme card',
      size: 3,
      start: '2026-11-02T08:00',
      end: '2026-11-01T17:30',
      voucher: 'SUMMER',
      voucher_code: null,
      total: 230,
      fee: null,
      rate: 1.2,
      parts: [
        { net: 100, gross: 120, refund: 10 },
        { net: 90, gross: 100, refund: null },
      ],
    });
    expect(status(r.checks, 'card_number', 'card_luhn')).toBe('failed');
    expect(status(r.checks, 'account', 'account_iban')).toBe('failed');
    expect(status(r.checks, 'scheme', 'scheme_listed')).toBe('failed');
    expect(status(r.checks, 'size', 'size_known')).toBe('failed');
    expect(status(r.checks, 'start', 'start_before_end')).toBe('failed');
    expect(status(r.checks, 'voucher_code', 'code_with_voucher')).toBe('failed');
    expect(status(r.checks, 'parts[0].gross', 'parts_add_up')).toBe('failed');
    expect(status(r.checks, 'parts[0].gross', 'gross_from_net')).toBe('ok');
    expect(status(r.checks, 'parts[1].gross', 'gross_from_net')).toBe('failed');
    // The IBAN rule is a warning: no review reason; every other failure gives one, on its target.
    expect(r.review.reasons.map((x) => `${x.rule} ${x.path}`)).toEqual([
      'card_luhn card_number',
      'scheme_listed scheme',
      'size_known size',
      'start_before_end end',
      'code_with_voucher voucher_code',
      'parts_add_up total',
      'gross_from_net parts[1].gross',
    ]);
  });

  it('skip, without review, when a value they need is missing or unreadable', () => {
    const r = run({ start: '2026-11-01T08:00', end: 'yesterday', total: 10, parts: [{ net: 5, gross: null, refund: null }], rate: null });
    expect(status(r.checks, 'card_number', 'card_luhn')).toBe('skipped');
    expect(status(r.checks, 'start', 'start_before_end')).toBe('skipped');
    expect(status(r.checks, 'total', 'parts_add_up')).toBe('skipped');
    expect(status(r.checks, 'parts[0].gross', 'gross_from_net')).toBe('skipped');
    // required_if with no voucher does not apply: it passes.
    expect(status(r.checks, 'voucher_code', 'code_with_voucher')).toBe('ok');
    expect(r.review.reasons.map((x) => x.code)).toEqual(['invalid_value']); // `end` is not a datetime
  });

  it('skips sums over an empty array unless the term is optional', () => {
    const empty = run({ total: 0, parts: [] });
    expect(status(empty.checks, 'total', 'parts_add_up')).toBe('skipped');
  });
});

describe('field validation of shapes', () => {
  const shapes = checkDefinition({
    name: 'Shapes',
    fields: {
      merchant: { type: 'object', required: true, fields: { name: { type: 'string' } } },
      items: { type: 'array', max_items: 2, items: { type: 'integer' } },
    },
  });

  it('fails an object that is not an object and a list that is not a list, asking for review', () => {
    const r = evaluateChecks(shapes, { merchant: 'CAFE', items: 7 }, { now });
    expect(r.checks.merchant.map((c) => `${c.name} ${c.status}`)).toEqual(['required ok', 'object failed']);
    expect(r.checks.items).toEqual([expect.objectContaining({ name: 'array', status: 'failed' })]);
    expect(r.review.reasons.map((x) => `${x.code} ${x.path}`)).toEqual(['invalid_value merchant', 'invalid_value items']);
  });

  it('checks each item of a list and its length', () => {
    const r = evaluateChecks(shapes, { merchant: { name: 'CAFE' }, items: [1, 2.5, 3] }, { now });
    expect(r.checks.items).toEqual([expect.objectContaining({ name: 'max_items', status: 'failed' })]);
    expect(r.checks['items[1]']).toEqual([expect.objectContaining({ name: 'integer', status: 'failed' })]);
    expect(r.checks['merchant.name']).toEqual([expect.objectContaining({ name: 'string', status: 'ok' })]);
  });
});

