import { Type, type Static } from '@sinclair/typebox';

/**
 * The document type definition language (docs/document-types.md). These TypeBox schemas give
 * the shape and the TypeScript types; `checkDefinition` (engine/src/doctypes) applies the
 * language's full rules and limits and reports every problem at once.
 */

export const FIELD_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'date',
  'time',
  'datetime',
  'currency',
  'money',
  'enum',
  'object',
  'array',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Field and rule names: what `data` keys and check names look like. */
export const NAME_PATTERN = '^[a-z][a-z0-9_]{0,63}$';

export const FieldDefinition = Type.Recursive(
  (This) =>
    Type.Object(
      {
        type: Type.Union(FIELD_TYPES.map((t) => Type.Literal(t))),
        description: Type.Optional(Type.String({ maxLength: 500 })),
        /** Labels the document prints for this field ("Total", "Amount due", "Jumlah"). */
        aliases: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 25 })),
        /** A missing value sends the extraction to review. */
        required: Type.Optional(Type.Boolean()),
        /** `string` fields: an ECMAScript pattern the value must match. */
        pattern: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        /** `enum` fields: the allowed values. */
        values: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 60 })),
        /** `number`, `integer`, `money` fields: inclusive bounds. */
        minimum: Type.Optional(Type.Number()),
        maximum: Type.Optional(Type.Number()),
        /** `object` fields: their named fields. */
        fields: Type.Optional(Type.Record(Type.String({ pattern: NAME_PATTERN }), This)),
        /** `array` fields: what each item is. */
        items: Type.Optional(This),
        /** `array` fields: most items returned (1 to 500, default 100). */
        max_items: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
      },
      { additionalProperties: false },
    ),
  { $id: 'FieldDefinition' },
);
export type FieldDefinition = Static<typeof FieldDefinition>;

/**
 * A field reference in a rule: `subtotal`, `merchant.name`, `line_items[].amount`. `[]` steps
 * into an array's items.
 */
export const FieldPath = Type.String({ pattern: '^[a-z][a-z0-9_]*(\\[\\])?(\\.[a-z][a-z0-9_]*(\\[\\])?)*$' });

const ruleBase = {
  name: Type.String({ pattern: NAME_PATTERN }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  /** `review` (default): a failure asks for review; `warning`: the check fails, nothing more. */
  severity: Type.Optional(Type.Union([Type.Literal('review'), Type.Literal('warning')])),
};
const tolerance = Type.Optional(Type.Number({ minimum: 0 }));

export const RULE_KINDS = ['sum', 'product', 'not_in_future', 'date_order', 'required_if', 'luhn', 'iban', 'card_last_four', 'one_of'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** The values of `one_of` rules' `list`. */
export const KNOWN_LISTS = ['iso_4217', 'card_schemes'] as const;

export const RuleDefinition = Type.Union([
  /** terms (array paths are summed over items) minus `minus` equals `equals`, within `tolerance` (default 0.01). */
  Type.Object(
    {
      ...ruleBase,
      kind: Type.Literal('sum'),
      terms: Type.Array(FieldPath, { minItems: 1, maxItems: 20 }),
      minus: Type.Optional(Type.Array(FieldPath, { maxItems: 20 })),
      /** Terms (of `terms` or `minus`) that count as 0 when not found, such as a tip. */
      optional: Type.Optional(Type.Array(FieldPath, { maxItems: 20 })),
      equals: FieldPath,
      tolerance,
    },
    { additionalProperties: false },
  ),
  /** factors multiplied equal `equals` (per item when the paths are in one array), within `tolerance`. */
  Type.Object(
    { ...ruleBase, kind: Type.Literal('product'), factors: Type.Array(FieldPath, { minItems: 2, maxItems: 5 }), equals: FieldPath, tolerance },
    { additionalProperties: false },
  ),
  /** A date or datetime not later than today, with `tolerance_days` (default 1) for time zones. */
  Type.Object(
    { ...ruleBase, kind: Type.Literal('not_in_future'), field: FieldPath, tolerance_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })) },
    { additionalProperties: false },
  ),
  /** `earlier` on or before `later`. */
  Type.Object({ ...ruleBase, kind: Type.Literal('date_order'), earlier: FieldPath, later: FieldPath }, { additionalProperties: false }),
  /** `field` must have a value when `when` has one (or, with `equals`, has that value). */
  Type.Object(
    {
      ...ruleBase,
      kind: Type.Literal('required_if'),
      field: FieldPath,
      when: FieldPath,
      equals: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
    },
    { additionalProperties: false },
  ),
  /** The digits of `field` pass the Luhn checksum (card and account numbers). */
  Type.Object({ ...ruleBase, kind: Type.Literal('luhn'), field: FieldPath }, { additionalProperties: false }),
  /** `field` is an IBAN whose check digits are right (ISO 13616, mod 97). */
  Type.Object({ ...ruleBase, kind: Type.Literal('iban'), field: FieldPath }, { additionalProperties: false }),
  /** `field` is exactly four digits, as card slips print the end of a card number. */
  Type.Object({ ...ruleBase, kind: Type.Literal('card_last_four'), field: FieldPath }, { additionalProperties: false }),
  /** `field` is one of `values`, or of a known `list` (`iso_4217` currency codes, `card_schemes`). */
  Type.Object(
    {
      ...ruleBase,
      kind: Type.Literal('one_of'),
      field: FieldPath,
      values: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number()]), { minItems: 1, maxItems: 60 })),
      list: Type.Optional(Type.Union(KNOWN_LISTS.map((l) => Type.Literal(l)))),
    },
    { additionalProperties: false },
  ),
]);
export type RuleDefinition = Static<typeof RuleDefinition>;

export const Definition = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    fields: Type.Record(Type.String({ pattern: NAME_PATTERN }), FieldDefinition),
    rules: Type.Optional(Type.Array(RuleDefinition, { maxItems: 30 })),
  },
  { additionalProperties: false },
);
export type Definition = Static<typeof Definition>;

/** One problem of a refused definition: where (`fields.amount.aliases[3]`) and what. */
export interface DefinitionProblem {
  path: string;
  message: string;
}

export const CHANGE_KINDS = [
  'field_added',
  'field_removed',
  'type_changed',
  'required_added',
  'required_removed',
  'enum_value_added',
  'enum_value_removed',
  'pattern_added',
  'pattern_changed',
  'pattern_removed',
  'range_changed',
  'max_items_changed',
  'description_changed',
  'aliases_changed',
  'name_changed',
  'rule_added',
  'rule_removed',
  'rule_changed',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One difference between two definitions; `path` is a data path (`line_items[].amount`) or `rules.<name>`. */
export const Change = Type.Object({
  kind: Type.Union(CHANGE_KINDS.map((k) => Type.Literal(k))),
  path: Type.String(),
  breaking: Type.Boolean(),
  /** The enum value added or removed. */
  value: Type.Optional(Type.String()),
});
export type Change = Static<typeof Change>;

/** A published version: immutable once made. */
export interface PublishedVersion {
  version: number;
  schema_id: string;
  definition: Definition;
  /** JSON Schema (2020-12) of the extraction's `data`. */
  schema: Record<string, unknown>;
  changes: Change[];
  breaking: boolean;
}

export const CHECK_STATUSES = ['ok', 'failed', 'skipped'] as const;

/**
 * One entry of a field result's `checks`. `name` is what was checked: `required`, the field's
 * type (`currency`, `date`, `money`...), `pattern`, `range`, `max_items`, or `rules` for a rule
 * of the definition (named in `rule`). `skipped`: a rule could not run for want of a value.
 */
export const FieldCheck = Type.Object({
  name: Type.String(),
  status: Type.Union(CHECK_STATUSES.map((s) => Type.Literal(s))),
  message: Type.String(),
  rule: Type.Optional(Type.String()),
});
export type FieldCheck = Static<typeof FieldCheck>;

/**
 * `verification_disagreed`: verified mode's language model read another value and replaced the
 * one extracted; `verification_filled`: it supplied a value extraction did not find. Either way a
 * person confirms a value nobody saw boxed on the page (docs/verification.md).
 * `label_without_value`: a field's label opens a line with figures after it, yet no value of the
 * field was read (docs/extraction.md, Review).
 */
export const REVIEW_REASON_CODES = [
  'required_missing',
  'invalid_value',
  'rule_failed',
  'low_confidence',
  'declared_type_mismatch',
  'low_image_quality',
  'verification_disagreed',
  'verification_filled',
  'label_without_value',
] as const;

/** Why an extraction asks for a person to look: one entry per failed check that asks for review. */
export const ReviewReason = Type.Object({
  code: Type.Union(REVIEW_REASON_CODES.map((c) => Type.Literal(c))),
  /** Data path of the field: `amount`, `line_items[2].amount`. */
  path: Type.String(),
  message: Type.String(),
  rule: Type.Optional(Type.String()),
});
export type ReviewReason = Static<typeof ReviewReason>;
