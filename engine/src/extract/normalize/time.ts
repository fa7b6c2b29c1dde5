import { memoByText } from './memo.js';
import { lettersAsFigures, zerosInFigures } from './digit-letters.js';

/**
 * Times of day as receipts print them: `20:27`, `20:27:05`, `8:05 PM`, `08.05`, `2027H`,
 * `8.05pm`. Read to 24-hour `HH:MM` (seconds dropped, as the field type keeps minutes).
 */

export interface ParsedTime {
  /** `HH:MM`, 24-hour. */
  value: string;
  raw: string;
  start: number;
  end: number;
  /** Seconds were printed: a strong sign of a till or terminal clock. */
  seconds: boolean;
}

// h:mm[:ss] with ':' (or '.' when followed by am/pm, since 12.50 alone is an amount), optional am/pm.
// A label's colon may touch it (`KL:13:38:13`, `KL.:14:29`), a figure's may not.
const TIME =
  /(?:(?<![\p{L}\p{N}.,:/-])|(?<=\p{L}\.?:))(\d{1,2})(?::(\d{2})(?::(\d{2}))?|[.](\d{2})(?=\s?[ap]\.?m\b))(?:\s?([ap])\.?\s?m\.?(?![\p{L}]))?(?![\p{N}]|[.,:/-]\p{N})/giu;
// 24-hour clock written 2027H / 20H27 (French and military style).
const HOUR_MARK = /(?<![\p{L}\p{N}])([01]\d|2[0-3])(?:\s?[hH]\s?([0-5]\d)|([0-5]\d)[hH])(?![\p{L}\p{N}])/gu;

/** Every time in a text, left to right. */
export const findTimes: (text: string) => readonly ParsedTime[] = memoByText(readTimes);

function readTimes(text: string): ParsedTime[] {
  const printed = timesIn(text);
  // A zero read as the letter O (`12:O9`, `1O:12:55`), or a one as l or I opening the hour
  // (`l4:05:31`): read again with the figures, raw as printed. Taken where nothing was read, or
  // where it reads a time that starts earlier (`1O:12:55` is no `12:55`).
  const zeros = zerosInFigures(text).replace(ONE_OPENING_HOUR, lettersAsFigures);
  if (zeros === text) return printed;
  const read = timesIn(zeros).map((t) => ({ ...t, raw: text.slice(t.start, t.end) }));
  return printed.length === 0 || (read.length > 0 && read[0].start < printed[0].start) ? read : printed;
}

const ONE_OPENING_HOUR = /(?<![\p{L}\p{N}])[lI](?=\d:\d{2})/gu;

// Hours, minutes and seconds with one of the two colons read as a point (`12.07:44`, `12:07.44`).
const ONE_COLON_MISREAD = /(?<![\p{N}.,:])(\d{1,2})(?:\.(\d{2}):|:(\d{2})\.)(\d{2})(?![\p{N}]|[.,:]\p{N})/gu;

function timesIn(printed: string): ParsedTime[] {
  // Read with both colons (same length, so places stay those of the text).
  const text = printed.replace(ONE_COLON_MISREAD, (_m, h: string, m1?: string, m2?: string, s?: string) => `${h}:${m1 ?? m2}:${s}`);
  const found: ParsedTime[] = [];
  // What both patterns need (a digit, a mark, a digit; or an hour mark), tested first.
  if (!/\d[:.]\d|\d\s?[hH]/.test(text)) return found;
  for (const m of text.matchAll(TIME)) {
    const [raw, h, mm1, ss, mm2, ampm] = m;
    let hour = Number(h);
    const minute = Number(mm1 ?? mm2);
    if (minute > 59 || (ss !== undefined && Number(ss) > 59)) continue;
    if (ampm) {
      if (hour < 1 || hour > 12) continue;
      const pm = ampm.toLowerCase() === 'p';
      hour = (hour % 12) + (pm ? 12 : 0);
    } else if (hour > 23) continue;
    found.push({ value: `${pad(hour)}:${pad(minute)}`, raw: printed.slice(m.index, m.index + raw.length), start: m.index, end: m.index + raw.length, seconds: ss !== undefined });
  }
  for (const m of text.matchAll(HOUR_MARK)) {
    if (found.some((f) => m.index < f.end && f.start < m.index + m[0].length)) continue;
    found.push({ value: `${m[1]}:${m[2] ?? m[3]}`, raw: m[0], start: m.index, end: m.index + m[0].length, seconds: false });
  }
  return found.sort((a, b) => a.start - b.start);
}

// `14.59`: the Nordic clock's point, read only where nothing else can be meant (below). A point
// after it makes a day and month (`AS-Zeit 07.10. 09:37 Uhr`), not a time.
const DOTTED = /(?<![\p{N}.,])([01]?\d|2[0-3])\.([0-5]\d)(?![\p{N}.]|,\p{N})/u;
const SPACED = /(?<![\p{N}.,])([01]?\d|2[0-3]) ([0-5]\d)(?![\p{N}.,:])/u;

/**
 * A time written with a point (`TID: 14.30`, `25.08.25 14.59`), as Danish, Norwegian and Finnish
 * slips print it: only what a time label opens, or what follows a date on its line; elsewhere
 * `14.59` is an amount. Right after a time label, also with a space for the colon OCR lost (`HORA 11 07`).
 */
export function findDottedTime(text: string, afterLabel: boolean, dateEnd: number | null): ParsedTime | null {
  const m = DOTTED.exec(text) ?? (afterLabel ? SPACED.exec(text) : null);
  if (!m) return null;
  const opens = afterLabel && text.slice(0, m.index).trim() === '';
  // Hours and minutes a space apart only right after the time's label (its colon lost: `HORA 11 07`).
  if (m[0].includes(' ') && !opens) return null;
  const afterDate = dateEnd !== null && dateEnd <= m.index && text.slice(dateEnd, m.index).trim() === '';
  if (!opens && !afterDate) return null;
  return { value: `${pad(Number(m[1]))}:${m[2]}`, raw: m[0], start: m.index, end: m.index + m[0].length, seconds: false };
}

/** The one time a text holds, or null when it holds none or several. */
export function parseTime(text: string): ParsedTime | null {
  const all = findTimes(text);
  return all.length === 1 ? all[0] : null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
