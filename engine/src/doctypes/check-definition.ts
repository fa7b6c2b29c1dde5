import safeRegex from 'safe-regex2';
import { userPatternProblem } from './user-pattern.js';
import {
  FIELD_TYPES,
  FieldPath,
  KNOWN_LISTS,
  NAME_PATTERN,
  RULE_KINDS,
  type Definition,
  type DefinitionProblem,
  type FieldDefinition,
} from '../contracts/definition.js';
import { ServiceError } from '../errors/service-error.js';
import { arrayPrefix, DATE_TYPES, indexFields, NUMERIC_TYPES } from './field-paths.js';
import { DEFINITION_LIMITS as L } from './limits.js';

const NAME = new RegExp(NAME_PATTERN);
const PATH = new RegExp(FieldPath.pattern as string);

const isFieldType = (type: unknown): type is FieldDefinition['type'] => (FIELD_TYPES as readonly unknown[]).includes(type);

/** Check a definition; returns it typed, or throws `invalid_definition` listing every problem. */
export function checkDefinition(input: unknown): Definition {
  const problems = definitionProblems(input);
  if (problems.length > 0) {
    const count = problems.length === 1 ? 'one problem' : `${problems.length} problems`;
    throw new ServiceError('invalid_definition', {
      message: `The document type definition breaks the definition language (${count}); details.problems lists each.`,
      details: { problems },
    });
  }
  return input as Definition;
}

/**
 * Every way a definition breaks the language, each with its path in the definition
 * (`fields.line_items.items.fields.amount.type`). Never throws, whatever the input.
 */
export function definitionProblems(input: unknown): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  if (!isObject(input)) {
    add('', 'A definition is a JSON object with name, fields and optional description and rules.');
    return out;
  }
  unknownKeys(input, ['name', 'description', 'fields', 'rules'], '', add);
  if (typeof input.name !== 'string' || input.name.trim() === '' || input.name.length > 100) {
    add('name', 'name is required: a string of 1 to 100 characters.');
  }
  checkDescription(input.description, 'description', add);
  const counter = { fields: 0 };
  if (!isObject(input.fields) || Object.keys(input.fields).length === 0) {
    add('fields', 'fields is required: an object with at least one field, keyed by field name.');
  } else {
    checkFieldMap(input.fields, 'fields', 1, counter, add);
    if (counter.fields > L.fields) {
      add('fields', `The definition has ${counter.fields} fields including nested ones; at most ${L.fields} are allowed.`);
    }
  }
  if (input.rules !== undefined) {
    if (!Array.isArray(input.rules)) add('rules', 'rules is an array of rule objects.');
    else {
      if (input.rules.length > L.rules) add('rules', `There are ${input.rules.length} rules; at most ${L.rules} are allowed.`);
      // Rules are checked against the fields that are themselves well formed.
      const fields = isObject(input.fields) ? indexFields(wellFormedFields(input.fields)) : new Map<string, FieldDefinition>();
      const names = new Set<string>();
      input.rules.forEach((rule, i) => checkRule(rule, `rules[${i}]`, fields, names, add));
    }
  }
  return out;
}

type Add = (path: string, message: string) => void;

function checkFieldMap(fields: Record<string, unknown>, path: string, level: number, counter: { fields: number }, add: Add) {
  for (const [name, field] of Object.entries(fields)) {
    counter.fields++;
    const at = `${path}.${name}`;
    if (!NAME.test(name)) add(at, 'Field names are 1 to 64 characters of a-z, 0-9 and _, starting with a letter.');
    if (level > L.nesting) {
      add(at, `Fields nest at most ${L.nesting} levels deep; this one is at level ${level}.`);
      continue;
    }
    checkField(field, at, level, false, counter, add);
  }
}

const FIELD_KEYS = ['type', 'description', 'aliases', 'required', 'pattern', 'values', 'minimum', 'maximum', 'fields', 'items', 'max_items'];

function checkField(field: unknown, path: string, level: number, isItems: boolean, counter: { fields: number }, add: Add) {
  if (!isObject(field)) {
    add(path, 'A field is an object with at least a type.');
    return;
  }
  unknownKeys(field, FIELD_KEYS, path, add);
  const type = field.type;
  if (!isFieldType(type)) {
    add(`${path}.type`, `type is required and is one of ${FIELD_TYPES.join(', ')}.`);
  }
  checkDescription(field.description, `${path}.description`, add);
  if (isItems) {
    // Items are not fields of their own: no labels or presence of their own.
    for (const key of ['aliases', 'required'] as const) {
      if (field[key] !== undefined) add(`${path}.${key}`, `${key} belongs to the array field, not to its items.`);
    }
  } else {
    checkAliases(field.aliases, `${path}.aliases`, add);
    if (field.required !== undefined && typeof field.required !== 'boolean') add(`${path}.required`, 'required is true or false.');
  }
  onlyFor(field, 'pattern', ['string'], path, add);
  if (field.pattern !== undefined) checkPattern(field.pattern, `${path}.pattern`, add);
  onlyFor(field, 'values', ['enum'], path, add);
  if (type === 'enum' || field.values !== undefined) checkEnumValues(field.values, `${path}.values`, add);
  for (const key of ['minimum', 'maximum'] as const) {
    onlyFor(field, key, NUMERIC_TYPES, path, add);
    if (field[key] !== undefined && !(typeof field[key] === 'number' && Number.isFinite(field[key]))) add(`${path}.${key}`, `${key} is a number.`);
  }
  if (typeof field.minimum === 'number' && typeof field.maximum === 'number' && field.minimum > field.maximum) {
    add(`${path}.minimum`, 'minimum is greater than maximum.');
  }
  onlyFor(field, 'fields', ['object'], path, add);
  if (type === 'object') {
    if (!isObject(field.fields) || Object.keys(field.fields).length === 0) {
      add(`${path}.fields`, 'An object field needs fields: an object with at least one field.');
    } else {
      checkFieldMap(field.fields, `${path}.fields`, level + 1, counter, add);
    }
  }
  onlyFor(field, 'items', ['array'], path, add);
  onlyFor(field, 'max_items', ['array'], path, add);
  if (type === 'array') {
    const m = field.max_items;
    if (m !== undefined && !(Number.isInteger(m) && (m as number) >= L.minItems && (m as number) <= L.maxItems)) {
      add(`${path}.max_items`, `max_items is a whole number from ${L.minItems} to ${L.maxItems} (default ${L.defaultMaxItems}).`);
    }
    if (field.items === undefined) add(`${path}.items`, 'An array field needs items: the definition of each item.');
    // Items that are objects share their array's level; items that are arrays add one.
    else if (isObject(field.items) && field.items.type === 'array' && level + 1 > L.nesting) {
      add(`${path}.items`, `Fields nest at most ${L.nesting} levels deep; these items are at level ${level + 1}.`);
    } else {
      checkField(field.items, `${path}.items`, isObject(field.items) && field.items.type === 'array' ? level + 1 : level, true, counter, add);
    }
  }
}

function checkDescription(value: unknown, path: string, add: Add) {
  if (value === undefined) return;
  if (typeof value !== 'string' || value.length > L.description) add(path, `description is a string of at most ${L.description} characters.`);
}

function checkAliases(value: unknown, path: string, add: Add) {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    add(path, 'aliases is an array of strings.');
    return;
  }
  if (value.length > L.aliases) add(path, `There are ${value.length} aliases; at most ${L.aliases} are allowed.`);
  const seen = new Set<string>();
  value.forEach((a, i) => {
    if (typeof a !== 'string' || a.trim() === '' || a.length > L.aliasLength) {
      add(`${path}[${i}]`, `An alias is a non-empty string of at most ${L.aliasLength} characters.`);
    } else if (seen.has(a.toLowerCase())) add(`${path}[${i}]`, 'This alias repeats an earlier one.');
    else seen.add(a.toLowerCase());
  });
}

function checkPattern(value: unknown, path: string, add: Add) {
  if (typeof value !== 'string' || value === '') {
    add(path, 'pattern is a non-empty string.');
    return;
  }
  if (value.length > L.patternLength) {
    add(path, `pattern has ${value.length} characters; at most ${L.patternLength} are allowed.`);
    return;
  }
  try {
    new RegExp(value, 'u');
  } catch {
    add(path, 'pattern is not a valid regular expression.');
    return;
  }
  // Patterns run in linear time here (user-pattern.ts), but the JSON Schema hands them to clients'
  // own engines, where a quantifier inside a repeated group can backtrack for ever.
  if (!safeRegex(value)) add(path, 'pattern has nested quantifiers (a repeated group that itself repeats), which are not allowed.');
  else {
    const problem = userPatternProblem(value);
    if (problem) add(path, problem);
  }
}

function checkEnumValues(value: unknown, path: string, add: Add) {
  if (!Array.isArray(value) || value.length === 0) {
    add(path, `An enum field needs values: an array of 1 to ${L.enumValues} strings.`);
    return;
  }
  if (value.length > L.enumValues) add(path, `There are ${value.length} enum values; at most ${L.enumValues} are allowed.`);
  const seen = new Set<unknown>();
  value.forEach((v, i) => {
    if (typeof v !== 'string' || v === '' || v.length > 100) add(`${path}[${i}]`, 'An enum value is a non-empty string of at most 100 characters.');
    else if (seen.has(v)) add(`${path}[${i}]`, 'This value repeats an earlier one.');
    seen.add(v);
  });
}

function onlyFor(field: Record<string, unknown>, key: string, types: readonly string[], path: string, add: Add) {
  if (field[key] !== undefined && isFieldType(field.type) && !types.includes(field.type)) {
    add(`${path}.${key}`, `${key} applies to ${types.join(', ')} fields only.`);
  }
}

/**
 * The fields whose own shape is right, so rules can be checked against them. Depth is bounded:
 * a hostile definition nested thousands deep must not exhaust the stack.
 */
function wellFormedFields(fields: Record<string, unknown>, depth = 0): Record<string, FieldDefinition> {
  const out: Record<string, FieldDefinition> = {};
  if (depth > 2 * L.nesting) return out;
  for (const [name, f] of Object.entries(fields)) {
    if (!isObject(f) || !isFieldType(f.type)) continue;
    const { fields: children, items, ...own } = f;
    const wellFormedItems = isObject(items) ? wellFormedFields({ items }, depth + 1).items : undefined;
    out[name] = {
      ...own,
      ...(isObject(children) && { fields: wellFormedFields(children, depth + 1) }),
      ...(wellFormedItems && { items: wellFormedItems }),
    } as FieldDefinition;
  }
  return out;
}

type PathKind = 'numeric' | 'date' | 'text' | 'comparable' | 'any';
const KIND_TYPES: Record<PathKind, readonly string[] | null> = {
  numeric: NUMERIC_TYPES,
  date: DATE_TYPES,
  text: ['string'],
  comparable: ['string', 'enum', 'currency', ...NUMERIC_TYPES],
  any: null,
};

const RULE_KEYS: Record<(typeof RULE_KINDS)[number], string[]> = {
  sum: ['terms', 'minus', 'optional', 'equals', 'tolerance'],
  product: ['factors', 'equals', 'tolerance'],
  not_in_future: ['field', 'tolerance_days'],
  date_order: ['earlier', 'later'],
  required_if: ['field', 'when', 'equals'],
  luhn: ['field'],
  iban: ['field'],
  card_last_four: ['field'],
  one_of: ['field', 'values', 'list'],
};

function checkRule(rule: unknown, path: string, fields: Map<string, FieldDefinition>, names: Set<string>, add: Add) {
  if (!isObject(rule)) {
    add(path, 'A rule is an object with a name and a kind.');
    return;
  }
  if (typeof rule.name !== 'string' || !NAME.test(rule.name)) {
    add(`${path}.name`, 'name is required: 1 to 64 characters of a-z, 0-9 and _, starting with a letter.');
  } else if (names.has(rule.name)) add(`${path}.name`, 'Another rule already has this name.');
  else names.add(rule.name);
  checkDescription(rule.description, `${path}.description`, add);
  if (rule.severity !== undefined && rule.severity !== 'review' && rule.severity !== 'warning') {
    add(`${path}.severity`, 'severity is review or warning.');
  }
  const kind = rule.kind as (typeof RULE_KINDS)[number];
  if (!RULE_KINDS.includes(kind)) {
    add(`${path}.kind`, `kind is required and is one of ${RULE_KINDS.join(', ')}.`);
    return;
  }
  unknownKeys(rule, ['name', 'kind', 'description', 'severity', ...RULE_KEYS[kind]], path, add);
  const refs: string[] = [];
  const refAt = (p: unknown, at: string, want: PathKind, allowArray: boolean) => {
    if (typeof p !== 'string' || !PATH.test(p)) {
      add(at, 'A field reference looks like total, merchant.name or line_items[].amount.');
      return;
    }
    const field = fields.get(p);
    const types = KIND_TYPES[want];
    if (!field) add(at, 'No field of the definition has this path.');
    else if (types && !types.includes(field.type)) add(at, `This rule needs a ${types.join(', ')} field here.`);
    if (!allowArray && arrayPrefix(p) !== null) add(at, 'This reference must be outside arrays.');
    refs.push(p);
  };
  const ref = (key: string, want: PathKind, allowArray = true) => refAt(rule[key], `${path}.${key}`, want, allowArray);
  const refList = (key: string, want: PathKind, min: number, max: number, required = true) => {
    const list = rule[key];
    if (list === undefined && !required) return;
    if (!Array.isArray(list) || list.length < min || list.length > max) {
      add(`${path}.${key}`, `${key} is an array of ${min} to ${max} field references.`);
      return;
    }
    list.forEach((p, i) => refAt(p, `${path}.${key}[${i}]`, want, true));
  };
  const tolerance = (key: string, integer: boolean, max = Infinity) => {
    const v = rule[key];
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max || (integer && !Number.isInteger(v))) {
      add(`${path}.${key}`, `${key} is a ${integer ? 'whole ' : ''}number of at least 0${max < Infinity ? ` and at most ${max}` : ''}.`);
    }
  };
  switch (kind) {
    case 'sum':
      refList('terms', 'numeric', 1, 20);
      refList('minus', 'numeric', 0, 20, false);
      refList('optional', 'numeric', 0, 20, false);
      if (Array.isArray(rule.optional)) {
        const terms = [...(Array.isArray(rule.terms) ? rule.terms : []), ...(Array.isArray(rule.minus) ? rule.minus : [])];
        rule.optional.forEach((p, i) => {
          if (!terms.includes(p)) add(`${path}.optional[${i}]`, 'An optional term must also be listed in terms or minus.');
        });
      }
      ref('equals', 'numeric', false);
      tolerance('tolerance', false);
      return; // array terms are summed over their items: no per-item check
    case 'product':
      refList('factors', 'numeric', 2, 5);
      ref('equals', 'numeric');
      tolerance('tolerance', false);
      break;
    case 'not_in_future':
      ref('field', 'date');
      tolerance('tolerance_days', true, 3650);
      break;
    case 'date_order':
      ref('earlier', 'date');
      ref('later', 'date');
      break;
    case 'required_if':
      ref('field', 'any');
      ref('when', 'any');
      if (rule.equals !== undefined && !['string', 'number', 'boolean'].includes(typeof rule.equals)) {
        add(`${path}.equals`, 'equals is a string, number or boolean.');
      }
      break;
    case 'luhn':
    case 'iban':
    case 'card_last_four':
      ref('field', 'text');
      break;
    case 'one_of':
      ref('field', 'comparable');
      if ((rule.values === undefined) === (rule.list === undefined)) add(path, 'A one_of rule has either values or list.');
      if (rule.values !== undefined) {
        const v = rule.values;
        if (!Array.isArray(v) || v.length === 0 || v.length > L.enumValues || v.some((x) => typeof x !== 'string' && typeof x !== 'number')) {
          add(`${path}.values`, `values is an array of 1 to ${L.enumValues} strings or numbers.`);
        }
      }
      if (rule.list !== undefined && !(KNOWN_LISTS as readonly unknown[]).includes(rule.list)) {
        add(`${path}.list`, `list is one of ${KNOWN_LISTS.join(', ')}.`);
      }
      break;
  }
  // A rule that reaches into arrays is checked per item, so all its array paths share one array.
  const arrays = new Set(refs.map(arrayPrefix).filter((p) => p !== null));
  if (arrays.size > 1) add(path, 'The fields of this rule lie in different arrays; a rule checks one array item at a time.');
}

function unknownKeys(obj: Record<string, unknown>, allowed: string[], path: string, add: Add) {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key)) add(path === '' ? key : `${path}.${key}`, `Unknown property; allowed here: ${allowed.join(', ')}.`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
