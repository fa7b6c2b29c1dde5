// Version changes: every change kind with its breaking flag, and publication as a pure function
// (no_draft, nothing_changed, breaking_change unless acknowledged, immutable versions, schema ids).
import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, type Change, type Definition } from '../../engine/src/contracts/definition.js';
import { diffDefinitions } from '../../engine/src/doctypes/diff-definitions.js';
import { publishDraft } from '../../engine/src/doctypes/publish.js';
import { templateDefinition } from '../../engine/src/doctypes/templates/index.js';
import { serviceErrorOf } from '../support/service-error.js';

const v1: Definition = {
  name: 'Slip',
  description: 'A slip',
  fields: {
    amount: { type: 'money', required: true, minimum: 0, maximum: 1000, aliases: ['Total'] },
    code: { type: 'string', pattern: '^[0-9]{4}$' },
    note: { type: 'string' },
    method: { type: 'enum', values: ['card', 'cash'] },
    rows: { type: 'array', max_items: 50, items: { type: 'object', fields: { qty: { type: 'number' }, label: { type: 'string' } } } },
    merchant: { type: 'object', fields: { name: { type: 'string' } } },
    flag: { type: 'boolean' },
  },
  rules: [
    { name: 'four', kind: 'card_last_four', field: 'code' },
    { name: 'old', kind: 'luhn', field: 'note' },
  ],
};

function edit(change: (d: Definition) => void): Definition {
  const d = structuredClone(v1);
  change(d);
  return d;
}

const only = (changes: Change[]) => changes.map(({ kind, path, breaking }) => ({ kind, path, breaking }));

describe('diffDefinitions', () => {
  const cases: [string, (d: Definition) => void, Change[]][] = [
    ['field_added', (d) => (d.fields.tip = { type: 'money' }), [{ kind: 'field_added', path: 'tip', breaking: false }]],
    ['field_removed', (d) => delete d.fields.note, [{ kind: 'field_removed', path: 'note', breaking: true }]],
    ['type_changed', (d) => (d.fields.flag = { type: 'string' }), [{ kind: 'type_changed', path: 'flag', breaking: true }]],
    ['required_added', (d) => (d.fields.note.required = true), [{ kind: 'required_added', path: 'note', breaking: true }]],
    ['required_removed', (d) => delete d.fields.amount.required, [{ kind: 'required_removed', path: 'amount', breaking: false }]],
    ['enum_value_added', (d) => d.fields.method.values?.push('voucher'), [{ kind: 'enum_value_added', path: 'method', breaking: false, value: 'voucher' }]],
    ['enum_value_removed', (d) => (d.fields.method.values = ['card']), [{ kind: 'enum_value_removed', path: 'method', breaking: true, value: 'cash' }]],
    ['pattern_added', (d) => (d.fields.note.pattern = '^[A-Z]+$'), [{ kind: 'pattern_added', path: 'note', breaking: true }]],
    ['pattern_changed', (d) => (d.fields.code.pattern = '^[0-9]{4,6}$'), [{ kind: 'pattern_changed', path: 'code', breaking: true }]],
    ['pattern_removed', (d) => delete d.fields.code.pattern, [{ kind: 'pattern_removed', path: 'code', breaking: false }]],
    ['range_changed (narrower)', (d) => (d.fields.amount.maximum = 500), [{ kind: 'range_changed', path: 'amount', breaking: true }]],
    ['range_changed (wider)', (d) => delete d.fields.amount.maximum, [{ kind: 'range_changed', path: 'amount', breaking: false }]],
    ['max_items_changed (fewer)', (d) => (d.fields.rows.max_items = 10), [{ kind: 'max_items_changed', path: 'rows', breaking: true }]],
    ['max_items_changed (more)', (d) => (d.fields.rows.max_items = 500), [{ kind: 'max_items_changed', path: 'rows', breaking: false }]],
    ['description_changed', (d) => (d.fields.note.description = 'Free text'), [{ kind: 'description_changed', path: 'note', breaking: false }]],
    ['aliases_changed', (d) => (d.fields.amount.aliases = ['Total', 'Jumlah']), [{ kind: 'aliases_changed', path: 'amount', breaking: false }]],
    ['name_changed', (d) => (d.name = 'Card slip'), [{ kind: 'name_changed', path: '', breaking: false }]],
    ['rule_added', (d) => d.rules?.push({ name: 'new', kind: 'luhn', field: 'code' }), [{ kind: 'rule_added', path: 'rules.new', breaking: false }]],
    ['rule_removed', (d) => d.rules?.pop(), [{ kind: 'rule_removed', path: 'rules.old', breaking: false }]],
    ['rule_changed', (d) => (d.rules![0].severity = 'warning'), [{ kind: 'rule_changed', path: 'rules.four', breaking: false }]],
    ['nested field_added', (d) => (d.fields.rows.items!.fields!.price = { type: 'money' }), [{ kind: 'field_added', path: 'rows[].price', breaking: false }]],
    ['nested field_removed', (d) => delete d.fields.merchant.fields!.name, [{ kind: 'field_removed', path: 'merchant.name', breaking: true }]],
    ['nested type_changed', (d) => (d.fields.rows.items!.fields!.qty = { type: 'string' }), [{ kind: 'type_changed', path: 'rows[].qty', breaking: true }]],
  ];

  it.each(cases)('%s', (_, change, expected) => {
    const diff = diffDefinitions(v1, edit(change));
    expect(diff.changes).toEqual(expected);
    expect(diff.breaking).toBe(expected.some((c) => c.breaking));
  });

  it('covers every change kind', () => {
    const seen = new Set(cases.flatMap(([, change]) => diffDefinitions(v1, edit(change)).changes.map((c) => c.kind)));
    expect([...seen].sort()).toEqual([...CHANGE_KINDS].sort());
  });

  it('finds nothing between a definition and itself, whatever the key order', () => {
    expect(diffDefinitions(v1, structuredClone(v1))).toEqual({ changes: [], breaking: false });
    const reordered = { rules: v1.rules, fields: Object.fromEntries(Object.entries(v1.fields).reverse()), description: v1.description, name: v1.name };
    expect(diffDefinitions(v1, reordered as Definition).changes).toEqual([]);
  });

  it('reports several changes in one diff', () => {
    const after = edit((d) => {
      delete d.fields.flag;
      d.fields.tip = { type: 'money' };
      d.description = 'Card slips';
    });
    expect(only(diffDefinitions(v1, after).changes)).toEqual([
      { kind: 'description_changed', path: '', breaking: false },
      { kind: 'field_removed', path: 'flag', breaking: true },
      { kind: 'field_added', path: 'tip', breaking: false },
    ]);
  });
});

describe('publishDraft', () => {
  const first = publishDraft({ scope: 'org_1', key: 'slips', draft: v1, latest: null });

  it('publishes the first version with no changes', () => {
    expect(first).toMatchObject({ version: 1, changes: [], breaking: false });
    expect(first.schema_id).toMatch(/^sch_[0-9a-f]{24}$/);
    expect(first.schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: `urn:docex:schema:${first.schema_id}` });
  });

  it('refuses with no_draft when there is no draft', () => {
    for (const draft of [null, undefined]) {
      const err = serviceErrorOf(() => publishDraft({ scope: 'org_1', key: 'slips', draft, latest: first }));
      expect([err.code, err.status]).toEqual(['no_draft', 409]);
    }
  });

  it('refuses with nothing_changed when the draft equals the latest version', () => {
    const err = serviceErrorOf(() => publishDraft({ scope: 'org_1', key: 'slips', draft: structuredClone(v1), latest: first }));
    expect([err.code, err.status]).toEqual(['nothing_changed', 409]);
  });

  it('refuses an invalid draft with invalid_definition', () => {
    const err = serviceErrorOf(() => publishDraft({ scope: 'org_1', key: 'slips', draft: { name: 'x', fields: {} }, latest: first }));
    expect(err.code).toBe('invalid_definition');
  });

  it('publishes a compatible draft as the next version with its changes', () => {
    const v2 = publishDraft({ scope: 'org_1', key: 'slips', draft: edit((d) => (d.fields.tip = { type: 'money' })), latest: first });
    expect(v2).toMatchObject({ version: 2, breaking: false, changes: [{ kind: 'field_added', path: 'tip', breaking: false }] });
    expect(v2.schema_id).not.toBe(first.schema_id);
  });

  it('refuses a breaking draft with breaking_change and its changes, unless acknowledged', () => {
    const draft = edit((d) => {
      delete d.fields.flag;
      d.fields.tip = { type: 'money' };
    });
    const err = serviceErrorOf(() => publishDraft({ scope: 'org_1', key: 'slips', draft, latest: first }));
    expect([err.code, err.status]).toEqual(['breaking_change', 409]);
    expect(err.details?.changes).toEqual([
      { kind: 'field_removed', path: 'flag', breaking: true },
      { kind: 'field_added', path: 'tip', breaking: false },
    ]);
    const v2 = publishDraft({ scope: 'org_1', key: 'slips', draft, latest: first, acknowledgeBreaking: true });
    expect(v2).toMatchObject({ version: 2, breaking: true });
  });

  it('makes versions immutable and independent of the draft object', () => {
    const draft = structuredClone(v1);
    const version = publishDraft({ scope: 'org_1', key: 'slips', draft, latest: null });
    draft.fields.amount.required = false;
    expect(version.definition.fields.amount.required).toBe(true);
    expect(Object.isFrozen(version) && Object.isFrozen(version.definition.fields.amount) && Object.isFrozen(version.schema)).toBe(true);
    expect(() => {
      (version.definition.fields as Record<string, unknown>).extra = { type: 'string' };
    }).toThrow(TypeError);
  });

  it('gives a stable schema id: the same for the same version, different across owners, keys and versions', () => {
    const again = publishDraft({ scope: 'org_1', key: 'slips', draft: structuredClone(v1), latest: null });
    expect(again.schema_id).toBe(first.schema_id);
    expect(publishDraft({ scope: 'org_2', key: 'slips', draft: v1, latest: null }).schema_id).not.toBe(first.schema_id);
    expect(publishDraft({ scope: 'org_1', key: 'cards', draft: v1, latest: null }).schema_id).not.toBe(first.schema_id);
  });

  it('publishes each built-in template', () => {
    for (const name of ['payment_receipt', 'retail_receipt', 'invoice']) {
      expect(publishDraft({ scope: 'org_1', key: name, draft: templateDefinition(name), latest: null }).version).toBe(1);
    }
    const err = serviceErrorOf(() => templateDefinition('receipt'));
    expect([err.code, err.param]).toEqual(['unknown_template', 'template']);
  });
});
