import type { FieldCheck, FieldDefinition } from '../contracts/definition.js';
import { CURRENCY_PATTERN, DATE_PATTERN, DATETIME_PATTERN, TIME_PATTERN } from '../doctypes/json-schema.js';
import { DEFINITION_LIMITS } from '../doctypes/limits.js';
import { userPattern } from '../doctypes/user-pattern.js';
import { isCurrencyCode } from './known-lists.js';

/** A check on one value, at its data path (`line_items[2].amount`). */
export interface PathCheck {
  path: string;
  check: FieldCheck;
  /** The failure asks for review. */
  review: boolean;
}

// A plain function, not a closure per value: evaluation runs once per extraction and must stay cheap.
function pushCheck(out: PathCheck[], path: string, name: string, ok: boolean, message: string) {
  out.push({ path, check: { name, status: ok ? 'ok' : 'failed', message: ok ? 'Passed.' : message }, review: !ok });
}

// The schema's own patterns, so a value passes these checks exactly when it passes the schema.
const TIME = new RegExp(TIME_PATTERN);
const DATETIME = new RegExp(DATETIME_PATTERN);
const DATE = new RegExp(DATE_PATTERN);
const CURRENCY = new RegExp(CURRENCY_PATTERN);

export function isMissing(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A real calendar day in YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, mo, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const TYPE_TESTS: Record<string, (v: unknown, f: FieldDefinition) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  money: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  date: (v) => typeof v === 'string' && isCalendarDate(v),
  time: (v) => typeof v === 'string' && TIME.test(v),
  datetime: (v) => typeof v === 'string' && DATETIME.test(v) && isCalendarDate(v.slice(0, 10)),
  currency: (v) => typeof v === 'string' && CURRENCY.test(v) && isCurrencyCode(v),
  enum: (v, f) => typeof v === 'string' && (f.values ?? []).includes(v),
};

const TYPE_MESSAGES: Record<string, string> = {
  string: 'The value is not text.',
  number: 'The value is not a number.',
  money: 'The value is not an amount.',
  integer: 'The value is not a whole number.',
  boolean: 'The value is not true or false.',
  date: 'The value is not a calendar date in YYYY-MM-DD.',
  time: 'The value is not a time in HH:MM.',
  datetime: 'The value is not a date and time in YYYY-MM-DDTHH:MM.',
  currency: 'The value is not an ISO 4217 currency code.',
  enum: 'The value is not one of the allowed values.',
};

/** Validation of one definition's fields (patterns compiled once, user-pattern.ts). */
export class FieldValidator {
  constructor(private readonly fields: Record<string, FieldDefinition>) {}

  /** Checks of every field's value in `data`, in definition order. */
  check(data: Record<string, unknown>): PathCheck[] {
    const out: PathCheck[] = [];
    this.checkMap(this.fields, data, '', out);
    return out;
  }

  private checkMap(fields: Record<string, FieldDefinition>, data: Record<string, unknown> | null, prefix: string, out: PathCheck[]) {
    for (const [name, field] of Object.entries(fields)) {
      this.checkValue(field, data?.[name], prefix === '' ? name : `${prefix}.${name}`, out, true);
    }
  }

  private checkValue(field: FieldDefinition, value: unknown, path: string, out: PathCheck[], named: boolean) {
    const missing = isMissing(value) || (field.type === 'array' && Array.isArray(value) && value.length === 0);
    if (named && field.required) pushCheck(out, path, 'required', !missing, 'A required value was not found.');
    if (missing) return;
    if (field.type === 'object') {
      if (typeof value !== 'object' || Array.isArray(value)) pushCheck(out, path, 'object', false, 'The value is not an object.');
      else this.checkMap(field.fields ?? {}, value as Record<string, unknown>, path, out);
      return;
    }
    if (field.type === 'array') {
      if (!Array.isArray(value)) {
        pushCheck(out, path, 'array', false, 'The value is not a list.');
        return;
      }
      const max = field.max_items ?? DEFINITION_LIMITS.defaultMaxItems;
      if (value.length > max) pushCheck(out, path, 'max_items', false, `The list has more than ${max} items.`);
      if (field.items) value.forEach((item, i) => this.checkValue(field.items as FieldDefinition, item, `${path}[${i}]`, out, false));
      return;
    }
    const typeOk = TYPE_TESTS[field.type](value, field);
    pushCheck(out, path, field.type, typeOk, TYPE_MESSAGES[field.type]);
    if (!typeOk) return;
    if (field.pattern !== undefined) {
      // A pattern RE2 cannot run (a definition stored before such patterns were refused) is not run by backtracking either: the value is sent to review.
      const re = userPattern(field.pattern);
      pushCheck(out, path, 'pattern', re !== null && re.test(value as string), re ? 'The value does not match the field pattern.' : 'The field pattern cannot be checked safely.');
    }
    if (field.minimum !== undefined || field.maximum !== undefined) {
      const n = value as number;
      const ok = (field.minimum === undefined || n >= field.minimum) && (field.maximum === undefined || n <= field.maximum);
      pushCheck(out, path, 'range', ok, 'The value lies outside the allowed range.');
    }
  }

}
