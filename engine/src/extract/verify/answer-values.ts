import type { FieldDefinition } from '../../contracts/definition.js';
import { FieldValidator, isCalendarDate, isMissing } from '../field-checks.js';
import { parseAmount } from '../normalize/amount.js';
import { findCurrencies } from '../normalize/currency.js';
import { findDates, parseDate } from '../normalize/date.js';
import { findTimes, parseTime } from '../normalize/time.js';

/**
 * A model's value brought to the field's type, judged with the definition's own checks, and
 * compared with the extracted one. Models are asked for normalised values but write what they
 * see often enough (`"1,234.50"`, `"18/04/2018"`, `"eur"`), so the normalizers that read the
 * page read their answer too; what still fails the field's checks is rejected.
 */

/**
 * The value in the field's type where it can be read; otherwise the value as given, which the
 * field's checks then refuse. `current` settles a date that reads two ways (`03/04/2025`) in
 * favour of the extracted reading, so the same date is not taken for a disagreement.
 */
export function normaliseAnswerValue(field: FieldDefinition, value: unknown, current: unknown): unknown {
  const text = typeof value === 'string' ? value.trim() : null;
  switch (field.type) {
    case 'money':
    case 'number':
    case 'integer':
      return text !== null ? (parseAmount(text)?.value ?? text) : value;
    case 'date': {
      if (text === null) return value;
      if (isCalendarDate(text.slice(0, 10)) && /^\d{4}-\d{2}-\d{2}(T|$)/.test(text)) return text.slice(0, 10);
      const d = parseDate(text);
      if (!d) return text;
      return d.alternative && d.alternative.value === current ? d.alternative.value : d.value;
    }
    case 'time':
      return text !== null ? (parseTime(text)?.value ?? text) : value;
    case 'datetime': {
      if (text === null) return value;
      const iso = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(text);
      if (iso) return `${iso[1]}T${iso[2]}`;
      const date = findDates(text)[0];
      if (!date) return text;
      const time = findTimes(text.slice(0, date.start) + text.slice(date.end))[0];
      return `${date.value}T${time?.value ?? '00:00'}`;
    }
    case 'currency':
      if (text === null) return value;
      return /^[A-Za-z]{3}$/.test(text) ? text.toUpperCase() : (findCurrencies(text)[0]?.code ?? text);
    case 'boolean':
      if (text === null) return value;
      return /^(true|yes)$/i.test(text) ? true : /^(false|no)$/i.test(text) ? false : text;
    case 'enum':
      if (text === null) return value;
      return (field.values ?? []).find((v) => v === text) ?? (field.values ?? []).find((v) => v.toLowerCase() === text.toLowerCase()) ?? text;
    case 'string':
      return text !== null ? text.replace(/\s+/g, ' ') : typeof value === 'number' ? String(value) : value;
    default:
      return value;
  }
}

const validators = new WeakMap<FieldDefinition, FieldValidator>();

/** The value has one and passes the field's type, pattern, enum and range checks (rules are cross-field: not here). */
export function passesFieldChecks(field: FieldDefinition, value: unknown): boolean {
  if (isMissing(value)) return false;
  let validator = validators.get(field);
  if (!validator) {
    validator = new FieldValidator({ value: field });
    validators.set(field, validator);
  }
  return validator.check({ value }).every((c) => c.check.status !== 'failed');
}

/**
 * The same value: numbers to float noise (12.5 and 12.50), text regardless of case and spacing
 * (a model writes `Starbucks Coffee` for `STARBUCKS COFFEE`), anything else exactly.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  if (typeof a === 'string' && typeof b === 'string') return fold(a) === fold(b);
  return a === b;
}

function fold(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}
