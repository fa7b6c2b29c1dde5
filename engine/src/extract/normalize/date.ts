import { isCalendarDate } from '../field-checks.js';
import { memoByText } from './memo.js';
import { zerosInFigures } from './digit-letters.js';

/**
 * Dates as documents print them, to ISO `YYYY-MM-DD`: year first (2018-04-18), day or month
 * first with `/`, `-`, `.` or spaces (18/04/2018, 4/18/18), and month names in English, German,
 * French, Spanish, Italian and Dutch (18 Apr 2018, Apr 18, 2018, 18APR18, 18. März 2018, Jul19'14).
 * `01/02/2018` reads both ways: both readings are kept, and resolveDateOrder picks one from
 * context, recording how.
 */


export type DateOrder = 'ymd' | 'dmy' | 'mdy';

export interface ParsedDate {
  /** ISO date of the reading taken. */
  value: string;
  raw: string;
  start: number;
  end: number;
  order: DateOrder;
  /** The other reading when day and month could swap (both 12 or under and different). */
  alternative: { value: string; order: DateOrder } | null;
}

const MONTHS: Record<string, number> = {};
const names: [number, string[]][] = [
  [1, ['jan', 'january', 'januar', 'janv', 'janvier', 'ene', 'enero', 'gen', 'gennaio', 'januari', 'jän', 'jänner']],
  [2, ['feb', 'february', 'februar', 'fév', 'fev', 'févr', 'fevr', 'février', 'fevrier', 'febrero', 'febbraio', 'februari']],
  [3, ['mar', 'march', 'mär', 'märz', 'maerz', 'mars', 'marzo', 'mrt', 'maart']],
  [4, ['apr', 'april', 'avr', 'avril', 'abr', 'abril', 'aprile']],
  [5, ['may', 'mai', 'mayo', 'mag', 'maggio', 'mei']],
  [6, ['jun', 'june', 'juni', 'juin', 'junio', 'giu', 'giugno']],
  [7, ['jul', 'july', 'juli', 'juil', 'juillet', 'julio', 'lug', 'luglio']],
  [8, ['aug', 'august', 'août', 'aout', 'ago', 'agosto', 'augustus']],
  [9, ['sep', 'sept', 'september', 'septembre', 'septiembre', 'set', 'settembre']],
  [10, ['oct', 'october', 'okt', 'oktober', 'octobre', 'octubre', 'ott', 'ottobre']],
  [11, ['nov', 'november', 'novembre', 'noviembre']],
  [12, ['dec', 'december', 'dez', 'dezember', 'déc', 'décembre', 'decembre', 'dic', 'diciembre', 'dicembre']],
];
for (const [n, list] of names) for (const name of list) MONTHS[name] = n;
const MONTH = `(${Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|')})\\.?`;

const SEP = '[/\\-.]';
// Each pattern has a quick test that any text it matches passes: most lines fail it, and the
// month names' long alternation is tried at every character otherwise.
const PATTERNS: { re: RegExp; gate: RegExp; read: (m: RegExpMatchArray) => Reading[] }[] = [
  // 2018-04-18, 2018/4/18, 2018.04.18, and Hungary's 2018. 04. 18.
  { re: new RegExp(`(\\d{4})(${SEP}|\\. )(\\d{1,2})\\2(\\d{1,2})`, 'gu'), gate: /\d{4}(?:[/\-.]|\. )\d/, read: (m) => [reading(+m[1], +m[3], +m[4], 'ymd')] },
  // 18/04/2018, 4-18-18, 18.04.18, 18 04 2018 (day or month first; spaced only with a full year,
  // or a quantity and a price would read as a date)
  {
    re: new RegExp(`(\\d{1,2})(${SEP})(\\d{1,2})\\2(\\d{4}|\\d{2})|(\\d{1,2})(\\s)(\\d{1,2})\\s(\\d{4})`, 'gu'),
    gate: /\d[/\-.\s]\d/,
    read: (m) => {
      const [d1, d2, y] = m[1] ? [m[1], m[3], m[4]] : [m[5], m[7], m[8]];
      const dayFirst = reading(year(y), +d2, +d1, 'dmy');
      // Points between the parts are the European way (`07.03.24`): no month-first country writes
      // them, so the day comes first wherever that reads as a date.
      if (m[2] === '.' && dayFirst.value) return [dayFirst];
      return [dayFirst, reading(year(y), +d1, +d2, 'mdy')];
    },
  },
  // 05,02.2026: a day's point read as a comma before a month and a full year parted by a point.
  { re: /(?<![\d.,])(\d{1,2}),(\d{1,2})\.(\d{4})(?!\d)/gu, gate: /\d,\d{1,2}\.\d{4}/, read: (m) => [reading(+m[3], +m[2], +m[1], 'dmy')] },
  // 18 Apr 2018, 18-APR-18, 18APR18, 18. März 2018, 18th April 2018, 20Mar'17 (till printers' short year)
  {
    re: new RegExp(`(\\d{1,2})(?:st|nd|rd|th)?\\.?[\\s\\-/]?${MONTH}[\\s\\-/,.'’]*(\\d{4}|\\d{2})`, 'giu'),
    // Every month name has three letters at least.
    gate: /\d(?:st|nd|rd|th)?\.?[\s\-/]?\p{L}{3}/iu,
    read: (m) => [reading(year(m[3]), MONTHS[m[2].toLowerCase()], +m[1], 'dmy')],
  },
  // Apr 18, 2018; April 18 2018; Jul19'14
  {
    re: new RegExp(`${MONTH}[\\s\\-/]?(\\d{1,2})(?:st|nd|rd|th)?,?[\\s\\-/'’]+(\\d{4}|\\d{2})`, 'giu'),
    gate: /\p{L}{3}\.?[\s\-/]?\d/u,
    read: (m) => [reading(year(m[3]), MONTHS[m[1].toLowerCase()], +m[2], 'mdy')],
  },
];

interface Reading {
  value: string | null;
  order: DateOrder;
}

/** Every date in a text, left to right; overlapping matches keep the earliest, longest. */
export const findDates: (text: string) => readonly ParsedDate[] = memoByText(readDates);

function readDates(text: string): ParsedDate[] {
  let kept = datesIn(text);
  // A zero read as the letter O (`O5.O2.2026`): read again with it as a zero, raw as printed.
  const zeros = kept.length === 0 ? zerosInFigures(text) : text;
  if (zeros !== text) kept = datesIn(zeros).map((d) => ({ ...d, raw: text.slice(d.start, d.end) }));
  // A month's name read with a zero for its O (`0ct25'14`, `N0v`, `0kt`), read again as printed.
  const month = kept.length === 0 ? text.replace(MONTH_ZERO, 'O') : text;
  return month === text ? kept : datesIn(month).map((d) => ({ ...d, raw: text.slice(d.start, d.end) }));
}

const MONTH_ZERO = /(?<![\p{L}\p{N}])0(?=[ck]t)|(?<=(?<![\p{L}])n)0(?=v)/giu;

function datesIn(text: string): ParsedDate[] {
  const found: ParsedDate[] = [];
  for (const { re, gate, read } of PATTERNS) {
    if (!gate.test(text)) continue;
    for (const m of text.matchAll(re)) {
      const start = m.index ?? 0;
      const end = start + m[0].length;
      // Not inside a longer run of digits or letters (a phone number, an invoice number), nor
      // of figures in groups (`Tel. 05.22.95.66.66`).
      if (/[\p{L}\p{N}]/u.test(text[start - 1] ?? '') || /[\p{N}]/u.test(text[end] ?? '')) continue;
      if (/^[/.-]\d/u.test(text.slice(end, end + 2)) || /\d[/.-]$/u.test(text.slice(Math.max(0, start - 2), start))) continue;
      const readings = read(m).filter((r): r is Reading & { value: string } => r.value !== null);
      if (readings.length === 0) continue;
      const [first, second] = readings;
      const alt = second && second.value !== first.value ? { value: second.value, order: second.order } : null;
      found.push({ value: first.value, order: first.order, raw: m[0], start, end, alternative: alt });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: ParsedDate[] = [];
  for (const d of found) if (!kept.some((k) => d.start < k.end && k.start < d.end)) kept.push(d);
  return kept;
}

/** The one date a text holds, or null. */
export function parseDate(text: string): ParsedDate | null {
  const all = findDates(text);
  return all.length === 1 ? all[0] : null;
}

export type DateOrderReason = 'unambiguous' | 'document' | 'country' | 'currency' | 'not_in_future' | 'default';

/** Countries whose short dates put a two-digit year first (`26-09-05` is 5 September 2026): Sweden. */
const SHORT_YEAR_FIRST: ReadonlySet<string> = new Set(['SE']);

/**
 * Settle a day/month ambiguity. In order: a country that writes short dates year first (a
 * Swedish `yy-mm-dd`), the document's other dates (one that only reads one way shows its order),
 * the United States (month first) by its address, then by its currency where no other country is
 * named, a reading in the future
 * ruled out, then day first, as most of the world writes.
 */
export function resolveDateOrder(
  d: ParsedDate,
  context: { documentOrder?: 'dmy' | 'mdy'; currency?: string | null; today?: Date; country?: string | null } = {},
): { value: string; order: DateOrder; reason: DateOrderReason } {
  const short = context.country && SHORT_YEAR_FIRST.has(context.country) ? /^(\d{2})-(\d{2})-(\d{2})$/.exec(d.raw) : null;
  const yearFirst = short ? reading(year(short[1]), +short[2], +short[3], 'ymd').value : null;
  if (yearFirst) return { value: yearFirst, order: 'ymd', reason: 'country' };
  if (!d.alternative) return { value: d.value, order: d.order, reason: 'unambiguous' };
  const readings = [{ value: d.value, order: d.order }, d.alternative];
  const pick = (order: DateOrder) => readings.find((r) => r.order === order);
  if (context.documentOrder && pick(context.documentOrder)) return { ...pick(context.documentOrder)!, reason: 'document' };
  // The United States write the month first (its address said so: a state and its ZIP code).
  if (context.country === 'US' && pick('mdy')) return { ...pick('mdy')!, reason: 'country' };
  // Dollars say so only where nothing names another country: a Spanish slip charged in dollars
  // (a currency conversion for the card) still writes the day first.
  if (context.currency === 'USD' && !context.country && pick('mdy')) return { ...pick('mdy')!, reason: 'currency' };
  const today = (context.today ?? new Date()).toISOString().slice(0, 10);
  const past = readings.filter((r) => r.value <= today);
  if (past.length === 1) return { ...past[0], reason: 'not_in_future' };
  return { ...(pick('dmy') ?? readings[0]), reason: 'default' };
}

/** The order a document's unambiguous day/month dates show, if they agree. */
export function documentDateOrder(dates: readonly ParsedDate[]): 'dmy' | 'mdy' | undefined {
  const orders = new Set(dates.filter((d) => !d.alternative && d.order !== 'ymd').map((d) => d.order));
  return orders.size === 1 ? ([...orders][0] as 'dmy' | 'mdy') : undefined;
}

function year(s: string): number {
  if (s.length === 4) return +s;
  // Two-digit years: receipts are recent, so 00-69 are this century.
  const y = +s;
  return y < 70 ? 2000 + y : 1900 + y;
}

function reading(y: number, m: number, d: number, order: DateOrder): Reading {
  const value = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return { value: y >= 1900 && y <= 2199 && isCalendarDate(value) ? value : null, order };
}
