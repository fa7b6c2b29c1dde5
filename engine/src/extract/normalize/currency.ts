import { memoByText } from './memo.js';
import { isCurrencyCode } from '../known-lists.js';

/**
 * Currencies from what documents print: ISO codes (`EUR`, `MYR`), symbols (`€`, `£`), local
 * marks (`RM`, `S$`, `kr`, `zł`). A mark several currencies share (`$`, `kr`, `¥`) is settled by
 * the document's country when known, and otherwise read as its most common currency, flagged.
 */

export interface ParsedCurrency {
  code: string;
  raw: string;
  start: number;
  end: number;
  /** Other currencies the mark could stand for; empty when it names one. */
  alternatives: string[];
  /** A figure stands against it (`EUR 12,40`, `128,00 €`, `RM5.00`): it is the currency of a price, not a word that looks like one. */
  beside: boolean;
  /** A mark of letters (`RM`, `Kc`, `lei`), which other words share (Rome's province `RM`), not a code or a symbol. */
  letters: boolean;
}

interface Mark {
  code: string;
  /** Country (ISO 3166 alpha-2) -> currency, for marks several currencies share. */
  byCountry?: Record<string, string>;
  /** The currencies it is shared by are about as common as each other (`kr`: Swedish, Norwegian, Danish): no reading is likely without the country. */
  even?: boolean;
  /** Printed only after a figure (`412,00 kn`): before one it opens a code (`KN493942`). */
  after?: boolean;
  /** With `after`: only after a sum with its cents (`45,80 KM`); after a whole figure it is another unit (`N-432 KM 112`, kilometres). */
  cents?: boolean;
  /** Only against a figure, before or after it (`2.480,00 ден.`): alone it is a word (Macedonian and Bulgarian `ден`, a day). */
  figure?: boolean;
}

const MARKS: Record<string, Mark> = {
  '€': { code: 'EUR' },
  '£': { code: 'GBP' },
  '₹': { code: 'INR' },
  '₩': { code: 'KRW' },
  '₽': { code: 'RUB' },
  '₺': { code: 'TRY' },
  '₫': { code: 'VND' },
  '฿': { code: 'THB' },
  '₱': { code: 'PHP' },
  '₪': { code: 'ILS' },
  '₦': { code: 'NGN' },
  'zł': { code: 'PLN' },
  'Kč': { code: 'CZK' },
  // Printers without the háček (`89,00 Kc`).
  'KČ': { code: 'CZK' },
  Kc: { code: 'CZK' },
  'Ft': { code: 'HUF' },
  // Croatian kuna, on receipts until 2023 (`412,00 kn`).
  kn: { code: 'HRK', after: true },
  KN: { code: 'HRK', after: true },
  // Bulgarian lev (`86,40 лв.`).
  'лв': { code: 'BGN' },
  'лв.': { code: 'BGN' },
  'ЛВ': { code: 'BGN' },
  'ЛВ.': { code: 'BGN' },
  // Serbian dinar, its abbreviation and its code in Cyrillic (`1.180,00 РСД`).
  'дин': { code: 'RSD' },
  'дин.': { code: 'RSD' },
  'ДИН': { code: 'RSD' },
  'ДИН.': { code: 'RSD' },
  'РСД': { code: 'RSD' },
  // Macedonian denar; `ден` alone is a day (`Пријатен ден!`).
  'ден': { code: 'MKD', figure: true },
  'ден.': { code: 'MKD', figure: true },
  'ДЕН': { code: 'MKD', figure: true },
  'ДЕН.': { code: 'MKD', figure: true },
  'МКД': { code: 'MKD' },
  // Ukrainian hryvnia.
  'грн': { code: 'UAH' },
  'грн.': { code: 'UAH' },
  'ГРН': { code: 'UAH' },
  '₴': { code: 'UAH' },
  // Albanian lek (the code `ALL` is an English word): `Lek` only after a figure (`LEK` of a drug's maker).
  'Lekë': { code: 'ALL' },
  'LEKË': { code: 'ALL' },
  Lek: { code: 'ALL', after: true },
  LEK: { code: 'ALL', after: true },
  // Turkish lira: `TL` after a sum with its kuruş (`1.240,00 TL`; `ZVN4TL` is a code).
  TL: { code: 'TRY', after: true, cents: true },
  // Bosnian convertible mark, only after a sum with cents: `KM` is also kilometres (`CTRA. N-432 KM 112`, `12 KM`).
  KM: { code: 'BAM', after: true, cents: true },
  lei: { code: 'RON' },
  Lei: { code: 'RON' },
  LEI: { code: 'RON' },
  'RM': { code: 'MYR' },
  'Rp': { code: 'IDR' },
  'RMB': { code: 'CNY' },
  'Rs': { code: 'INR', byCountry: { PK: 'PKR', LK: 'LKR', NP: 'NPR' } },
  'US$': { code: 'USD' },
  'S$': { code: 'SGD' },
  'SG$': { code: 'SGD' },
  'A$': { code: 'AUD' },
  'AU$': { code: 'AUD' },
  'C$': { code: 'CAD' },
  'CA$': { code: 'CAD' },
  'NZ$': { code: 'NZD' },
  'HK$': { code: 'HKD' },
  'NT$': { code: 'TWD' },
  'R$': { code: 'BRL' },
  'Fr.': { code: 'CHF' },
  $: { code: 'USD', byCountry: { CA: 'CAD', AU: 'AUD', NZ: 'NZD', SG: 'SGD', HK: 'HKD', MX: 'MXN', TW: 'TWD', BR: 'BRL', AR: 'ARS', CL: 'CLP', CO: 'COP' } },
  kr: { code: 'SEK', byCountry: { NO: 'NOK', DK: 'DKK', IS: 'ISK' }, even: true },
  '¥': { code: 'JPY', byCountry: { CN: 'CNY' } },
  '元': { code: 'CNY' },
  '円': { code: 'JPY' },
};

// Longest marks first so `HK$` wins over `$`; letter marks stand alone, symbols may touch digits.
// The marks that open with a letter share one look-behind: most places in a line follow a letter,
// and fail it at once rather than once per mark. Nor after a word and a hyphen: `Mo.-Fr.` is
// Monday to Friday, not francs.
const byLength = Object.keys(MARKS).sort((a, b) => b.length - a.length);
const escaped = (m: string) => m.replace(/[.$]/g, '\\$&');
const startsWithLetter = (m: string) => /^\p{L}/u.test(m);
const MARK_RE = new RegExp(
  // Not after a letter, nor a web address's point (`shop.lv`).
  '(?<![\\p{L}])(?<!\\p{L}\\.?-)(?<![\\p{L}\\p{N}]\\.)(?:' +
    byLength
      .filter(startsWithLetter)
      .map((m) => escaped(m) + (MARKS[m].after ? '(?<=' + (MARKS[m].cents ? '\\d[.,]\\d\\d' : '[\\d.,]') + '\\s?' + escaped(m) + ')(?![\\p{L}\\p{N}])' : /\p{L}$/u.test(m) ? '(?![\\p{L}])' : ''))
      .join('|') +
    // A code of three capitals, not a word's start with a zero read for its O (`SAR0K`, a shop's name).
    '|[A-Z]{3}(?![\\p{L}])(?!\\d+\\p{L}))|' +
    byLength
      .filter((m) => !startsWithLetter(m))
      .map(escaped)
      .join('|'),
  'gu',
);

/**
 * A currency written in letters right before a figure (`RM21.85`, `EUR12,40`), as a pattern
 * source: the letter marks above and the ISO codes of the currencies the engine's markets use.
 * OCR drops the space between a label and such an amount (`GRAND TOTALRM21.85`).
 */
const GLUED_CODES = ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'NOK', 'DKK', 'ISK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'RSD', 'MKD', 'UAH', 'BAM', 'TRY', 'MYR', 'SGD'];
const beforeFigures = byLength.filter((m) => !MARKS[m].after);
export const LETTER_CURRENCY_BEFORE_FIGURE = `(?:${[...beforeFigures.filter(startsWithLetter), ...GLUED_CODES].map(escaped).join('|')})\\s?-?\\d`;

/** Any currency mark or such a code right before a figure, as a pattern source (`RM0.02`, `€ 1,50`, `EUR12`). */
export const CURRENCY_BEFORE_FIGURE = `(?:${[...beforeFigures, ...GLUED_CODES].map(escaped).join('|')})\\s?\\d`;

const scanCurrencies = memoByText(readCurrencies);

/**
 * Every currency mark or code in a text, left to right. The country only settles shared marks
 * (`$`, `kr`), so a text without one is read once for every country.
 */
export function findCurrencies(text: string, opts?: { country?: string }): readonly ParsedCurrency[] {
  const plain = scanCurrencies(text);
  if (!opts?.country || !plain.some((c) => c.alternatives.length > 0)) return plain;
  return scanCurrencies(text, { country: opts.country });
}

function readCurrencies(text: string, opts: { country?: string } = {}): ParsedCurrency[] {
  const found: ParsedCurrency[] = [];
  for (const m of text.matchAll(MARK_RE)) {
    const raw = m[0];
    const start = m.index;
    const mark = MARKS[raw];
    if (inDutchPostcode(text, start, start + raw.length)) continue;
    if (mark) {
      const beside = besideFigure(text, start, start + raw.length);
      if (mark.figure && !beside) continue;
      // A mark printed only after a figure, found as a code of three capitals (`LEK 500 MG`): none.
      if (mark.after && !(mark.cents ? /\d[.,]\d\d\s?$/u : /[\d.,]\s?$/u).test(text.slice(0, start))) continue;
      const code = (opts.country && mark.byCountry?.[opts.country.toUpperCase()]) || mark.code;
      const alternatives = mark.byCountry ? [mark.code, ...Object.values(mark.byCountry)].filter((c) => c !== code) : [];
      found.push({ code, raw, start, end: start + raw.length, alternatives: [...new Set(alternatives)], beside, letters: /^\p{L}/u.test(raw) });
    } else if (isCurrencyCode(raw) && !NOT_CURRENCY_WORDS.has(raw) && !(raw === 'BHD' && /SDN\.?\s*$/iu.test(text.slice(0, start))) && !insideCode(text, start, start + raw.length)) {
      found.push({ code: raw, raw, start, end: start + raw.length, alternatives: [], beside: besideFigure(text, start, start + raw.length), letters: false });
    }
  }
  return found;
}

/**
 * Two capitals of a Dutch postcode before its town (`8011 RM Zwolle`, `3511 NH Utrecht`): four
 * figures, a space at most, the letters, and the town's word; no ringgit or other mark.
 */
function inDutchPostcode(text: string, start: number, end: number): boolean {
  return end - start === 2 && /(?<![\p{N}.,])\d{4} ?$/u.test(text.slice(0, start)) && /^\s+\p{Lu}\p{Ll}/u.test(text.slice(end));
}

/** A figure right before or after characters [start, end) of a text, one space apart at most. */
function besideFigure(text: string, start: number, end: number): boolean {
  return /^\s?[-\u2212]?\d/u.test(text.slice(end)) || /\d\s?$/u.test(text.slice(0, start));
}

/** Letters inside a code of figures and letters (a cryptogram `D2AED542419EFB41`): a figure on one side, a figure or letter on the other. */
function insideCode(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? '';
  const after = text[end] ?? '';
  return /\p{N}/u.test(before) && /[\p{L}\p{N}]/u.test(after);
}

// ISO 4217 holds codes that are also common upper-case words or abbreviations on receipts.
// (BHD is also Berhad, the Malaysian company form: `SDN BHD` is no Bahraini dinar.)
const NOT_CURRENCY_WORDS = new Set(['ALL', 'TOP', 'CUP', 'MOP', 'BOB', 'GEL', 'MAD', 'PEN', 'SOS', 'STD', 'SLL']);

/** The currency a letter or sign mark names where the document names no country (`TL` is TRY, `zł` PLN), or null. */
export function markCode(mark: string): string | null {
  return MARKS[mark]?.code ?? null;
}

/** A mark shared by currencies about as common as each other (`kr`), which only the country settles. */
export function isEvenlySharedMark(raw: string): boolean {
  return MARKS[raw]?.even === true;
}

/**
 * How much a find says about the document's currency: a code or symbol naming one currency more
 * than a shared mark (`$`), one against a figure more than one alone, and a mark of letters alone
 * least (`CAD.` for a Spanish card's expiry, caducidad; `ROMA RM`, Rome's province).
 */
function currencyWeight(c: ParsedCurrency): number {
  return (c.alternatives.length === 0 ? 2 : 1) * (c.letters && !c.beside ? 0.5 : 1) + (c.beside ? 1 : 0);
}

/**
 * The document's currency: the code or mark of the most weight (currencyWeight), ties going to
 * the first seen.
 */
export function documentCurrency(found: readonly ParsedCurrency[]): ParsedCurrency | null {
  const score = new Map<string, { n: number; first: ParsedCurrency }>();
  for (const c of found) {
    const s = score.get(c.code) ?? { n: 0, first: c };
    s.n += currencyWeight(c);
    score.set(c.code, s);
  }
  let best: { n: number; first: ParsedCurrency } | null = null;
  for (const s of score.values()) if (!best || s.n > best.n) best = s;
  return best?.first ?? null;
}

/** Each country's currency (ISO 3166 alpha-2 -> ISO 4217), for the countries the engine names. */
const COUNTRY_CURRENCY: Record<string, string> = {
  DE: 'EUR', FR: 'EUR', ES: 'EUR', IT: 'EUR', NL: 'EUR', PT: 'EUR', FI: 'EUR', SK: 'EUR', EE: 'EUR', LV: 'EUR', LT: 'EUR', HR: 'EUR', SI: 'EUR',
  IE: 'EUR', AT: 'EUR', BE: 'EUR', LU: 'EUR', GR: 'EUR', MT: 'EUR', CY: 'EUR', BG: 'BGN', RS: 'RSD', MK: 'MKD', UA: 'UAH', AL: 'ALL', BA: 'BAM', TR: 'TRY',
  SE: 'SEK', DK: 'DKK', NO: 'NOK', IS: 'ISK', PL: 'PLN', CZ: 'CZK', HU: 'HUF', RO: 'RON', CH: 'CHF', GB: 'GBP', US: 'USD',
  MY: 'MYR', SG: 'SGD', AU: 'AUD', CA: 'CAD', IN: 'INR', ID: 'IDR', TH: 'THB', PH: 'PHP', HK: 'HKD', JP: 'JPY', NZ: 'NZD', ZA: 'ZAR', CN: 'CNY', KR: 'KRW', VN: 'VND',
};

// The other way, for currencies of one country only (not the euro).
const CURRENCY_COUNTRY: Record<string, string> = Object.fromEntries(
  Object.entries(COUNTRY_CURRENCY).filter(([, code]) => Object.values(COUNTRY_CURRENCY).filter((c) => c === code).length === 1).map(([country, code]) => [code, country]),
);

// Currencies whose prices are printed in whole units (`3 170 Ft`, `1 290 kr.` in Iceland, `¥1,200`).
const WHOLE_UNIT_CURRENCIES: ReadonlySet<string> = new Set(['HUF', 'ISK', 'JPY', 'KRW', 'CLP', 'IDR', 'VND']);

/** Prices in this currency have no minor units on the receipt. */
export function printedWhole(currency: string | null): boolean {
  return currency !== null && WHOLE_UNIT_CURRENCIES.has(currency);
}

/** The currency of a country (the one a document's language names, document-country.ts). */
export function countryCurrency(country: string | null | undefined): string | null {
  return country ? (COUNTRY_CURRENCY[country] ?? null) : null;
}

/** The country of a currency used by one country only (`MYR` -> MY; none for the euro). */
export function currencyCountry(currency: string | null): string | undefined {
  return currency ? CURRENCY_COUNTRY[currency] : undefined;
}
