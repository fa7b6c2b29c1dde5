import { isCalendarDate } from '../field-checks.js';
import { attribute, text, type XmlValue } from './xml-tree.js';

/** What a syntax reader (CII, UBL) gives: values under the invoice template's field names. */
export interface ReadInvoice {
  profile: string | null;
  typeCode: string | null;
  values: Record<string, unknown>;
  lineItems: Record<string, unknown>[];
}

/** Amounts and quantities as XML writes them: `1234.50`, `-8.79`, `3.0000` (no grouping, point decimal). */
const XML_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function decimal(value: unknown): number | null {
  const raw = text(value);
  if (raw === null || !XML_DECIMAL.test(raw)) return null;
  const number = Number(raw);
  return Number.isFinite(number) ? number : null;
}

/**
 * The amount among `elements` (e.g. the two `TaxTotalAmount`s of a CII invoice, one in the
 * invoice currency and one in the tax currency) that is in `currency`: the one whose `currencyID`
 * is that currency, else one without a `currencyID`, else the only one there is.
 */
export function amountIn(elements: XmlValue[], currency: string | null): number | null {
  const present = elements.filter((e) => decimal(e) !== null);
  const pick =
    (currency ? present.find((e) => attribute(e, 'currencyID')?.toUpperCase() === currency.toUpperCase()) : undefined) ??
    present.find((e) => attribute(e, 'currencyID') === null) ??
    (present.length === 1 ? present[0] : undefined);
  return pick === undefined ? null : decimal(pick);
}

/**
 * A date to `YYYY-MM-DD`: CII's `DateTimeString format="102"` (`20180605`), a bare eight-digit
 * date, or UBL's ISO date (a time zone after it, `2018-06-05Z`, is dropped). Other CII formats
 * (610 a month, 616 a week) are not a day: null.
 */
export function isoDate(raw: string | null, format: string | null = null): string | null {
  if (raw === null || (format !== null && format !== '102')) return null;
  const iso = /^\d{8}$/.test(raw) ? `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}` : (/^(\d{4}-\d{2}-\d{2})(?:$|[TZ+-])/.exec(raw)?.[1] ?? null);
  return iso !== null && isCalendarDate(iso) ? iso : null;
}

/** Address parts joined with `, `, empty ones left out; null when all are empty. */
export function joinParts(parts: (string | null)[]): string | null {
  const kept = parts.filter((p): p is string => p !== null && p !== '');
  return kept.length > 0 ? kept.join(', ') : null;
}

/** Texts (payment terms, notes) joined with `; `, each once; null when there is none. */
export function joinDistinct(texts: (string | null)[]): string | null {
  const kept = [...new Set(texts.filter((t): t is string => t !== null))];
  return kept.length > 0 ? kept.join('; ') : null;
}

/** `postcode city`, either alone, or null. */
export function postcodeCity(postcode: string | null, city: string | null): string | null {
  return [postcode, city].filter((p) => p !== null).join(' ') || null;
}

/** A quantity's net price per unit: the price over its base quantity when that is not 1 (`2.50` per `100` pieces is 0.025). */
export function unitPrice(price: number | null, baseQuantity: number | null): number | null {
  if (price === null) return null;
  if (baseQuantity === null || baseQuantity <= 0 || baseQuantity === 1) return price;
  return Math.round((price / baseQuantity) * 1e6) / 1e6;
}

/** Sets `record[key]` when the value is present (not null, undefined or NaN). */
export function put(record: Record<string, unknown>, key: string, value: unknown): void {
  if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return;
  record[key] = value;
}

/** The first value that is present. */
export function first<T>(...values: (T | null | undefined)[]): T | null {
  for (const value of values) if (value !== null && value !== undefined) return value;
  return null;
}
