// The spec's Definitions limits, each at its bound (accepted) and just past it (refused with
// invalid_definition and a problem at the right path), plus the language's other refusals.
import { describe, expect, it } from 'vitest';
import type { Definition, DefinitionProblem, FieldDefinition } from '../../engine/src/contracts/definition.js';
import { checkDefinition, definitionProblems } from '../../engine/src/doctypes/check-definition.js';
import { definitionJsonSchema } from '../../engine/src/doctypes/json-schema.js';
import { DEFINITION_LIMITS } from '../../engine/src/doctypes/limits.js';
import { serviceErrorOf } from '../support/service-error.js';

const base = (fields: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name: 'Test type', fields, ...extra });
const numbered = (n: number, make: (i: number) => unknown = () => ({ type: 'string' })) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, make(i)]));

/** The problems of a definition that must be refused; fails when it is accepted. */
function refused(def: unknown): DefinitionProblem[] {
  const err = serviceErrorOf(() => checkDefinition(def));
  expect(err.code).toBe('invalid_definition');
  expect(err.status).toBe(400);
  const problems = err.details?.problems as DefinitionProblem[];
  expect(problems.length).toBeGreaterThan(0);
  return problems;
}

function accepted(def: unknown): Definition {
  expect(definitionProblems(def)).toEqual([]);
  return checkDefinition(def);
}

const paths = (problems: DefinitionProblem[]) => problems.map((p) => p.path);

describe('fields including nested: 120', () => {
  it('accepts 120 top-level fields and refuses 121', () => {
    accepted(base(numbered(120)));
    expect(paths(refused(base(numbered(121))))).toEqual(['fields']);
  });

  it('counts nested fields: an object of 119 children is 120 fields, of 120 children is 121', () => {
    accepted(base({ group: { type: 'object', fields: numbered(119) } }));
    expect(paths(refused(base({ group: { type: 'object', fields: numbered(120) } })))).toEqual(['fields']);
  });

  it('counts the fields of array items', () => {
    const items = (n: number) => ({ type: 'object', fields: numbered(n) });
    accepted(base({ rows: { type: 'array', items: items(119) } }));
    refused(base({ rows: { type: 'array', items: items(120) } }));
  });
});

describe('nesting of objects and arrays: 3 levels', () => {
  const obj = (fields: Record<string, unknown>) => ({ type: 'object', fields });
  it('accepts a value at level 3 through objects and refuses level 4', () => {
    accepted(base({ a: obj({ b: obj({ c: { type: 'string' } }) }) }));
    expect(paths(refused(base({ a: obj({ b: obj({ c: obj({ d: { type: 'string' } }) }) }) })))).toEqual(['fields.a.fields.b.fields.c.fields.d']);
  });

  it('counts an array of objects as one level', () => {
    const rows = (fields: Record<string, unknown>) => ({ type: 'array', items: obj(fields) });
    accepted(base({ a: rows({ b: rows({ c: { type: 'number' } }) }) }));
    expect(paths(refused(base({ a: rows({ b: rows({ c: rows({ d: { type: 'number' } }) }) }) })))).toEqual([
      'fields.a.items.fields.b.items.fields.c.items.fields.d',
    ]);
  });

  it('counts arrays of arrays one level each', () => {
    const arr = (items: unknown) => ({ type: 'array', items });
    accepted(base({ m: arr(arr(arr({ type: 'number' }))) }));
    expect(paths(refused(base({ m: arr(arr(arr(arr({ type: 'number' })))) })))).toEqual(['fields.m.items.items.items']);
  });
});

describe('items returned for an array: 1 to 500, default 100', () => {
  const arr = (max_items: unknown) => base({ rows: { type: 'array', items: { type: 'string' }, max_items } });
  it('accepts 1 and 500 and refuses 0, 501 and fractions', () => {
    accepted(arr(1));
    accepted(arr(500));
    for (const bad of [0, 501, 2.5, '10']) expect(paths(refused(arr(bad)))).toEqual(['fields.rows.max_items']);
  });

  it('defaults to 100 in the schema', () => {
    const schema = definitionJsonSchema(accepted(base({ rows: { type: 'array', items: { type: 'string' } } })));
    expect((schema.properties as Record<string, { maxItems: number }>).rows.maxItems).toBe(DEFINITION_LIMITS.defaultMaxItems);
  });
});

describe('aliases: 25 per field, each up to 60 characters', () => {
  const withAliases = (aliases: unknown) => base({ total: { type: 'money', aliases } });
  it('accepts 25 and refuses 26', () => {
    accepted(withAliases(Array.from({ length: 25 }, (_, i) => `Label ${i}`)));
    expect(paths(refused(withAliases(Array.from({ length: 26 }, (_, i) => `Label ${i}`))))).toEqual(['fields.total.aliases']);
  });

  it('accepts 60 characters and refuses 61, empty and repeated aliases', () => {
    accepted(withAliases(['x'.repeat(60)]));
    expect(paths(refused(withAliases(['Total', 'x'.repeat(61)])))).toEqual(['fields.total.aliases[1]']);
    expect(paths(refused(withAliases(['Total', ' '])))).toEqual(['fields.total.aliases[1]']);
    expect(paths(refused(withAliases(['Total', 'TOTAL'])))).toEqual(['fields.total.aliases[1]']);
  });
});

describe('enum values: 60', () => {
  const withValues = (values: unknown) => base({ method: { type: 'enum', values } });
  it('accepts 60 and refuses 61', () => {
    accepted(withValues(Array.from({ length: 60 }, (_, i) => `v${i}`)));
    expect(paths(refused(withValues(Array.from({ length: 61 }, (_, i) => `v${i}`))))).toEqual(['fields.method.values']);
  });

  it('needs at least one value, each a distinct non-empty string', () => {
    expect(paths(refused(withValues([])))).toEqual(['fields.method.values']);
    expect(paths(refused(base({ method: { type: 'enum' } })))).toEqual(['fields.method.values']);
    expect(paths(refused(withValues(['card', 'card', 3])))).toEqual(['fields.method.values[1]', 'fields.method.values[2]']);
  });
});

describe('rules: 30', () => {
  const rules = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `r${i}`, kind: 'not_in_future', field: 'day' }));
  it('accepts 30 and refuses 31', () => {
    accepted(base({ day: { type: 'date' } }, { rules: rules(30) }));
    expect(paths(refused(base({ day: { type: 'date' } }, { rules: rules(31) })))).toEqual(['rules']);
  });
});

describe('validation pattern: 200 characters, no nested quantifiers', () => {
  const withPattern = (pattern: unknown) => base({ code: { type: 'string', pattern } });
  it('accepts 200 characters and refuses 201', () => {
    accepted(withPattern('a'.repeat(200)));
    expect(paths(refused(withPattern('a'.repeat(201))))).toEqual(['fields.code.pattern']);
  });

  it('refuses nested quantifiers, keeps plain ones', () => {
    accepted(withPattern('^[0-9]{4}$'));
    accepted(withPattern('^(visa|mastercard)$'));
    for (const p of ['(a+)+', '^(\\d{3})*$', '(?:[a-z]+\\s?)+', '(a|b*)*c']) {
      const [problem] = refused(withPattern(p));
      expect(problem).toMatchObject({ path: 'fields.code.pattern', message: expect.stringMatching(/nested quantifiers/) });
    }
  });

  it('refuses patterns that do not compile, and patterns on non-string fields', () => {
    expect(refused(withPattern('([a-z]'))[0].message).toMatch(/not a valid regular expression/);
    expect(paths(refused(base({ n: { type: 'number', pattern: '^1$' } })))).toEqual(['fields.n.pattern']);
  });
});

describe('field description: 500 characters', () => {
  it('accepts 500 and refuses 501, on fields, the definition and rules', () => {
    accepted(base({ a: { type: 'string', description: 'd'.repeat(500) } }, { description: 'd'.repeat(500) }));
    expect(paths(refused(base({ a: { type: 'string', description: 'd'.repeat(501) } })))).toEqual(['fields.a.description']);
    expect(paths(refused(base({ a: { type: 'string' } }, { description: 'd'.repeat(501) })))).toEqual(['description']);
    const rule = { name: 'r', kind: 'not_in_future', field: 'd', description: 'd'.repeat(501) };
    expect(paths(refused(base({ d: { type: 'date' } }, { rules: [rule] })))).toEqual(['rules[0].description']);
  });
});

describe('every problem at once', () => {
  it('lists all problems of a broken definition with their paths', () => {
    const problems = refused({
      name: '',
      extra: true,
      fields: {
        Bad: { type: 'string' },
        kind: { type: 'text' },
        total: { type: 'money', minimum: 5, maximum: 1, aliases: 'Total' },
        rows: { type: 'array' },
        group: { type: 'object', fields: {} },
        flag: { type: 'boolean', required: 'yes', values: ['a'] },
      },
      rules: [
        { name: 'sum', kind: 'sum', terms: ['nope'], equals: 'kind' },
        { name: 'sum', kind: 'teleport' },
        'not a rule',
      ],
    });
    expect(paths(problems)).toEqual([
      'extra',
      'name',
      'fields.Bad',
      'fields.kind.type',
      'fields.total.aliases',
      'fields.total.minimum',
      'fields.rows.items',
      'fields.group.fields',
      'fields.flag.required',
      'fields.flag.values',
      'rules[0].terms[0]',
      'rules[0].equals',
      'rules[1].name',
      'rules[1].kind',
      'rules[2]',
    ]);
    for (const p of problems) expect(p.message.length).toBeGreaterThan(10);
  });

  it('never echoes submitted values in messages', () => {
    const secret = 'SECRET-VALUE-4111111111111111';
    const problems = refused(base({ a: { type: secret, aliases: [secret.repeat(3)] } }, { rules: [{ name: secret, kind: secret }] }));
    for (const p of problems) expect(p.message).not.toContain(secret);
  });

  it('refuses what is not a definition object', () => {
    for (const input of [null, undefined, 42, 'x', [], [{ name: 'a' }], true]) {
      expect(paths(refused(input))).toEqual(['']);
    }
    expect(paths(refused({ name: 'x' }))).toEqual(['fields']);
    expect(paths(refused({ name: 'x', fields: {} }))).toEqual(['fields']);
  });

  it('refuses options that do not belong to the field type', () => {
    const problems = refused(
      base({
        s: { type: 'string', values: ['a'], minimum: 1, fields: { x: { type: 'string' } }, items: { type: 'string' }, max_items: 3 },
      }),
    );
    expect(paths(problems)).toEqual(['fields.s.values', 'fields.s.minimum', 'fields.s.fields', 'fields.s.items', 'fields.s.max_items']);
  });

  it('keeps aliases and required on the array, not on its items', () => {
    const problems = refused(base({ rows: { type: 'array', items: { type: 'string', aliases: ['Item'], required: true } } }));
    expect(paths(problems)).toEqual(['fields.rows.items.aliases', 'fields.rows.items.required']);
  });
});

describe('rules refer to fields of the right type', () => {
  const fields: Record<string, FieldDefinition> = {
    subtotal: { type: 'money' },
    total: { type: 'money' },
    day: { type: 'date' },
    code: { type: 'string' },
    a: { type: 'array', items: { type: 'object', fields: { x: { type: 'number' }, y: { type: 'number' } } } },
    b: { type: 'array', items: { type: 'object', fields: { z: { type: 'number' } } } },
  };
  it('accepts well-formed rules of every kind', () => {
    accepted(
      base(fields, {
        rules: [
          { name: 's', kind: 'sum', terms: ['subtotal', 'a[].x'], minus: ['b[].z'], optional: ['b[].z'], equals: 'total', tolerance: 0.5 },
          { name: 'p', kind: 'product', factors: ['a[].x', 'subtotal'], equals: 'a[].y' },
          { name: 'f', kind: 'not_in_future', field: 'day', tolerance_days: 0 },
          { name: 'o', kind: 'date_order', earlier: 'day', later: 'day' },
          { name: 'q', kind: 'required_if', field: 'code', when: 'total', equals: 3 },
          { name: 'l', kind: 'luhn', field: 'code' },
          { name: 'i', kind: 'iban', field: 'code' },
          { name: 'c', kind: 'card_last_four', field: 'code', severity: 'warning' },
          { name: 'v', kind: 'one_of', field: 'code', values: ['A', 'B'] },
          { name: 'w', kind: 'one_of', field: 'code', list: 'iso_4217' },
        ],
      }),
    );
  });

  it('refuses wrong types, unknown paths, mixed arrays and malformed options', () => {
    const problems = refused(
      base(fields, {
        rules: [
          { name: 's', kind: 'sum', terms: ['code'], equals: 'a[].x', optional: ['total'] },
          { name: 'p', kind: 'product', factors: ['a[].x', 'b[].z'], equals: 'total' },
          { name: 'f', kind: 'not_in_future', field: 'total', tolerance_days: -1 },
          { name: 'o', kind: 'date_order', earlier: 'day', later: 'Day!' },
          { name: 'v', kind: 'one_of', field: 'code', values: ['A'], list: 'iso_4217' },
          { name: 'w', kind: 'one_of', field: 'code', list: 'planets' },
          { name: 'x', kind: 'luhn', field: 'code', extra: 1 },
        ],
      }),
    );
    expect(paths(problems)).toEqual([
      'rules[0].terms[0]',
      'rules[0].optional[0]',
      'rules[0].equals',
      'rules[1]',
      'rules[2].field',
      'rules[2].tolerance_days',
      'rules[3].later',
      'rules[4]',
      'rules[5].list',
      'rules[6].extra',
    ]);
  });
});

describe('hostile shapes', () => {
  it('refuses an object whose fields are a list, also when rules are present (found by the property tests)', () => {
    const def = base({ a: { type: 'object', fields: [null] }, b: { type: 'number' } }, { rules: [{ name: 'r', kind: 'sum', terms: ['b'], equals: 'b' }] });
    expect(paths(refused(def))).toEqual(['fields.a.fields']);
  });

  it('answers with problems, not a stack overflow, for a definition nested thousands of levels deep', () => {
    let field: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20_000; i++) field = i % 2 === 0 ? { type: 'object', fields: { f: field } } : { type: 'array', items: field };
    const problems = refused(base({ root: field }, { rules: [{ name: 'r', kind: 'luhn', field: 'root.f' }] }));
    expect(problems.some((p) => /nest at most 3 levels/.test(p.message))).toBe(true);
  });
});
