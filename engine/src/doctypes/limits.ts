/** The spec's definition limits (Limits > Definitions). */
export const DEFINITION_LIMITS = {
  /** Fields including nested ones. */
  fields: 120,
  /** Levels of objects and arrays (docs/document-types.md says how they are counted). */
  nesting: 3,
  /** Items returned for an array: max_items lies in this range. */
  minItems: 1,
  maxItems: 500,
  defaultMaxItems: 100,
  aliases: 25,
  aliasLength: 60,
  enumValues: 60,
  rules: 30,
  patternLength: 200,
  description: 500,
} as const;
