// Property-based tests: random definitions (mostly well formed, some broken in random ways) and
// random JSON. The checker never throws, every accepted definition gives a JSON Schema that a
// standard validator compiles (and that accepts the definition's empty data), and diff(a, a) is empty.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from '../../engine/src/contracts/definition.js';
import { checkDefinition, definitionProblems } from '../../engine/src/doctypes/check-definition.js';
import { diffDefinitions } from '../../engine/src/doctypes/diff-definitions.js';
import { emptyData } from '../../engine/src/doctypes/empty-data.js';
import { templateDefinition } from '../../engine/src/doctypes/templates/index.js';
import { definitionJsonSchema } from '../../engine/src/doctypes/json-schema.js';
import { isServiceError } from '../../engine/src/errors/service-error.js';
import { evaluateChecks } from '../../engine/src/extract/evaluate-checks.js';
import { createValidator } from '../support/json-schema-validator.js';

const name = fc.oneof(
  { weight: 9, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 70 }) },
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const pattern = fc.oneof(
  fc.constantFrom('^[0-9]{4}$', '^[A-Z]{3}$', '^(a|b)$', '(a+)+', '([a-z]', '^\\d+$', 'x'.repeat(201)),
  fc.string({ maxLength: 30 }),
);
const scalarType = fc.constantFrom(...FIELD_TYPES.filter((t) => t !== 'object' && t !== 'array'), 'text', 'float');

const { field } = fc.letrec<{ field: Record<string, unknown>; fields: Record<string, unknown> }>((tie) => ({
  field: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record(
      {
        type: scalarType,
        description: maybe(fc.string({ maxLength: 520 })),
        aliases: maybe(fc.array(fc.string({ maxLength: 62 }), { maxLength: 27 })),
        required: maybe(fc.oneof(fc.boolean(), fc.constant('yes'))),
        pattern: maybe(pattern),
        values: maybe(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 0, maxLength: 62 })),
        minimum: maybe(fc.double({ noNaN: true })),
        maximum: maybe(fc.double({ noNaN: true })),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constant('object'), fields: tie('fields') }, { requiredKeys: ['type'] }),
    fc.record(
      { type: fc.constant('array'), items: tie('field'), max_items: maybe(fc.integer({ min: -1, max: 502 })) },
      { requiredKeys: ['type'] },
    ),
  ),
  fields: fc.dictionary(name, tie('field'), { minKeys: 1, maxKeys: 5 }),
}));

const fieldPath = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}(\[\])?(\.[a-z][a-z0-9_]{0,5})?$/);
const rule = fc.oneof(
  fc.record({ name, kind: fc.constant('sum'), terms: fc.array(fieldPath, { minLength: 1, maxLength: 3 }), equals: fieldPath, tolerance: maybe(fc.double()) }),
  fc.record({ name, kind: fc.constantFrom('luhn', 'iban', 'card_last_four', 'not_in_future'), field: fieldPath }),
  fc.record({ name, kind: fc.constant('one_of'), field: fieldPath, list: maybe(fc.constantFrom('iso_4217', 'card_schemes', 'moons')) }),
  fc.record({ name, kind: fc.string({ maxLength: 10 }) }),
);

const definition = fc.record(
  {
    name: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constant('')),
    description: maybe(fc.string({ maxLength: 30 })),
    fields: fc.dictionary(name, field, { minKeys: 0, maxKeys: 8 }),
    rules: maybe(fc.array(rule, { maxLength: 4 })),
  },
  { requiredKeys: ['name', 'fields'] },
);

// Definitions built within the language's rules, to nesting level 3.
const label = fc.stringMatching(/^[A-Za-z][A-Za-z .#]{0,20}$/);
const scalarField = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom('string', 'boolean', 'date', 'time', 'datetime', 'currency'),
      description: maybe(fc.string({ maxLength: 500 })),
      aliases: maybe(fc.uniqueArray(label, { maxLength: 25, selector: (a) => a.toLowerCase() })),
      required: maybe(fc.boolean()),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('string'), pattern: fc.constantFrom('^[0-9]{4}$', '^[A-Z]{3}$', '^(a|b)$', '^\\d+$', '[a-z]') }),
  fc
    .record({ type: fc.constantFrom('number', 'integer', 'money'), bounds: fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 2, maxLength: 2 }) })
    .map(({ type, bounds: [a, b] }) => ({ type, minimum: Math.min(a, b), maximum: Math.max(a, b) })),
  fc.record({ type: fc.constant('enum'), values: fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 60 }) }),
);
const fieldName = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
function validFields(level: number): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(fieldName, validField(level), { minKeys: 1, maxKeys: level === 1 ? 6 : 3 });
}
function validField(level: number): fc.Arbitrary<Record<string, unknown>> {
  if (level >= 3) return scalarField;
  return fc.oneof(
    { weight: 4, arbitrary: scalarField },
    { weight: 1, arbitrary: validFields(level + 1).map((fields) => ({ type: 'object', fields })) },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constant('array'),
        items: fc.oneof(scalarField.map((f) => {
            const { aliases: _a, required: _r, ...rest } = f as Record<string, unknown>;
            return rest;
          }), validFields(level + 1).map((fields) => ({ type: 'object', fields }))),
        max_items: fc.integer({ min: 1, max: 500 }),
      }),
    },
  );
}
const validDefinition = fc
  .record({ name: fc.string({ minLength: 1, maxLength: 30 }).filter((n) => n.trim() !== ''), fields: validFields(1) })
  .map(withRealRules);

// A rule over the top-level numbers of a definition, so rules meet real fields.
function withRealRules(def: Record<string, unknown>): Record<string, unknown> {
  const fields = def.fields as Record<string, { type?: string }>;
  const numeric = Object.keys(fields).filter((k) => ['number', 'money', 'integer'].includes(fields[k]?.type ?? ''));
  if (numeric.length === 0) return def;
  return { ...def, rules: [...((def.rules as unknown[]) ?? []), { name: 'total_rule', kind: 'sum', terms: numeric, equals: numeric[0] }] };
}

/** A valid definition with one value somewhere replaced by something random. */
const mutatedDefinition = fc.tuple(validDefinition, fc.nat(), fc.jsonValue()).map(([def, at, junk]) => {
  const copy = structuredClone(def);
  const holders: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (v && typeof v === 'object') {
      if (!Array.isArray(v)) holders.push(v as Record<string, unknown>);
      Object.values(v).forEach(walk);
    }
  };
  walk(copy);
  const holder = holders[at % holders.length];
  const keys = Object.keys(holder);
  if (keys.length > 0) holder[keys[at % keys.length]] = junk;
  return copy;
});

const ajv = createValidator();
const now = new Date('2026-11-22T00:00:00Z');

describe('random definitions', () => {
  it('accepts every definition built within the language', () => {
    fc.assert(
      fc.property(validDefinition, (def) => {
        expect(definitionProblems(def)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('the checker never throws and answers with problems or a definition', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.oneof(definition, mutatedDefinition, validDefinition), (def) => {
        const problems = definitionProblems(def);
        expect(Array.isArray(problems)).toBe(true);
        for (const p of problems) expect(typeof p.path === 'string' && typeof p.message === 'string').toBe(true);
        try {
          checkDefinition(def);
          expect(problems).toEqual([]);
          accepted++;
        } catch (err) {
          expect(isServiceError(err) && err.code === 'invalid_definition').toBe(true);
          expect(problems.length).toBeGreaterThan(0);
          refused++;
        }
      }),
      { numRuns: 400 },
    );
    // The generators must exercise both outcomes, or the property says little.
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });

  it('every accepted definition yields a JSON Schema a standard validator compiles, diff(a, a) is empty, and its checks run', () => {
    fc.assert(
      fc.property(fc.oneof(validDefinition, mutatedDefinition, definition), (raw) => {
        if (definitionProblems(raw).length > 0) return;
        const def = checkDefinition(raw);
        const validate = ajv.compile(definitionJsonSchema(def));
        expect(validate(emptyData(def)), JSON.stringify(validate.errors)).toBe(true);
        expect(diffDefinitions(def, structuredClone(def))).toEqual({ changes: [], breaking: false });
        const result = evaluateChecks(def, emptyData(def), { now });
        expect(typeof result.review.required).toBe('boolean');
      }),
      { numRuns: 400 },
    );
  });

  it('evaluating checks never throws, whatever data an extraction or a client hands in', () => {
    const templates = ['payment_receipt', 'retail_receipt', 'invoice'].map((n) => templateDefinition(n));
    const junk = fc.oneof(fc.jsonValue(), fc.constantFrom(NaN, Infinity, -0, '', '  ', '2026-02-30', '24:00', 'ABC'));
    fc.assert(
      fc.property(fc.constantFrom(...templates), fc.dictionary(fc.constantFrom('amount', 'subtotal', 'line_items', 'currency', 'transaction_date', 'card_last_four', 'iban', 'issue_date', 'due_date', 'total_amount', 'tax_amount', 'merchant', 'x'), junk), (def, values) => {
        const result = evaluateChecks(def, { ...emptyData(def), ...values }, { now });
        expect(typeof result.review.required).toBe('boolean');
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(Array.isArray(definitionProblems(value))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
