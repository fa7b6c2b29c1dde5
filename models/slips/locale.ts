/**
 * Where a generated slip was printed: country, currency, how amounts, dates and times are written
 * there, and invented but plausible merchants and addresses (in places-*.ts). A language has one
 * or more locales (en: GB, US, IE, AU, CA; de: DE, AT, CH...), each with a weight within it.
 */
import { PLACES_EN_DE_FR } from './places-en-de-fr.js';
import { PLACES_OTHER } from './places-other.js';
import type { Lang } from './wording.js';

export type Currency = 'EUR' | 'GBP' | 'USD' | 'CHF' | 'PLN' | 'SEK' | 'DKK' | 'NOK' | 'AUD' | 'CAD';

/** Symbols as terminals print them; the layouts print the ISO code about as often. */
export const CURRENCY_SYMBOL: Record<Currency, string> = {
  EUR: '€', GBP: '£', USD: '$', CHF: 'Fr.', PLN: 'zł', SEK: 'kr', DKK: 'kr.', NOK: 'kr', AUD: '$', CAD: '$',
};

export type DateStyle =
  | 'DD.MM.YYYY' | 'DD.MM.YY' | 'D.M.YYYY' | 'DD/MM/YYYY' | 'DD/MM/YY' | 'DD-MM-YYYY' | 'DD-MM-YY'
  | 'YYYY-MM-DD' | 'YY-MM-DD' | 'MM/DD/YYYY' | 'MM/DD/YY' | 'DD MON YYYY' | 'MON DD, YYYY';
export const DATE_STYLES: readonly DateStyle[] = [
  'DD.MM.YYYY', 'DD.MM.YY', 'D.M.YYYY', 'DD/MM/YYYY', 'DD/MM/YY', 'DD-MM-YYYY', 'DD-MM-YY',
  'YYYY-MM-DD', 'YY-MM-DD', 'MM/DD/YYYY', 'MM/DD/YY', 'DD MON YYYY', 'MON DD, YYYY',
];

/** 'HH.MM' is Nordic ("klo 17.26"), 'h12' the US "03:10 PM". */
export type TimeStyle = 'HH:MM' | 'HH:MM:SS' | 'HH.MM' | 'h12';
export const TIME_STYLES: readonly TimeStyle[] = ['HH:MM', 'HH:MM:SS', 'HH.MM', 'h12'];

/** Invented merchants and addresses of a country; towns carry the postcode where it is printed. */
export interface Places {
  merchants: readonly string[];
  streets: readonly string[];
  towns: readonly string[];
  /** '#' is a digit: '069 ### ####'. */
  phone: string;
}

export interface Locale {
  id: string;
  lang: Lang;
  country: string;
  currency: Currency;
  decimal: ',' | '.';
  /** Thousands separators printed there; '' is none ("1234,56"), common on terminals. */
  thousands: readonly string[];
  symbolAfter: boolean;
  dates: readonly DateStyle[];
  times: readonly TimeStyle[];
  weight: number;
  places: Places;
}

type Base = Omit<Locale, 'places'>;
const base: Base[] = [
  { id: 'en-GB', lang: 'en', country: 'GB', currency: 'GBP', decimal: '.', thousands: [',', ''], symbolAfter: false, dates: ['DD/MM/YYYY', 'DD/MM/YY', 'DD MON YYYY'], times: ['HH:MM', 'HH:MM:SS'], weight: 5 },
  { id: 'en-US', lang: 'en', country: 'US', currency: 'USD', decimal: '.', thousands: [',', ''], symbolAfter: false, dates: ['MM/DD/YYYY', 'MM/DD/YY', 'MON DD, YYYY'], times: ['HH:MM', 'HH:MM:SS', 'h12'], weight: 4 },
  { id: 'en-IE', lang: 'en', country: 'IE', currency: 'EUR', decimal: '.', thousands: [',', ''], symbolAfter: false, dates: ['DD/MM/YYYY', 'DD MON YYYY'], times: ['HH:MM', 'HH:MM:SS'], weight: 2 },
  { id: 'en-AU', lang: 'en', country: 'AU', currency: 'AUD', decimal: '.', thousands: [',', ''], symbolAfter: false, dates: ['DD/MM/YYYY', 'DD/MM/YY', 'DD MON YYYY'], times: ['HH:MM', 'h12'], weight: 1 },
  { id: 'en-CA', lang: 'en', country: 'CA', currency: 'CAD', decimal: '.', thousands: [',', ''], symbolAfter: false, dates: ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'], times: ['HH:MM', 'HH:MM:SS'], weight: 1 },
  { id: 'de-DE', lang: 'de', country: 'DE', currency: 'EUR', decimal: ',', thousands: ['.', ''], symbolAfter: true, dates: ['DD.MM.YYYY', 'DD.MM.YY'], times: ['HH:MM', 'HH:MM:SS'], weight: 6 },
  { id: 'de-AT', lang: 'de', country: 'AT', currency: 'EUR', decimal: ',', thousands: ['.', ' ', ''], symbolAfter: false, dates: ['DD.MM.YYYY', 'DD.MM.YY'], times: ['HH:MM', 'HH:MM:SS'], weight: 2 },
  { id: 'de-CH', lang: 'de', country: 'CH', currency: 'CHF', decimal: '.', thousands: ["'", ''], symbolAfter: false, dates: ['DD.MM.YYYY', 'DD.MM.YY'], times: ['HH:MM', 'HH:MM:SS'], weight: 2 },
  { id: 'fr-FR', lang: 'fr', country: 'FR', currency: 'EUR', decimal: ',', thousands: [' ', ''], symbolAfter: true, dates: ['DD/MM/YYYY', 'DD/MM/YY'], times: ['HH:MM', 'HH:MM:SS'], weight: 6 },
  { id: 'fr-BE', lang: 'fr', country: 'BE', currency: 'EUR', decimal: ',', thousands: ['.', ' ', ''], symbolAfter: true, dates: ['DD/MM/YYYY', 'DD/MM/YY'], times: ['HH:MM', 'HH:MM:SS'], weight: 1 },
  { id: 'fr-CH', lang: 'fr', country: 'CH', currency: 'CHF', decimal: '.', thousands: ["'", ''], symbolAfter: false, dates: ['DD.MM.YYYY', 'DD/MM/YYYY'], times: ['HH:MM', 'HH:MM:SS'], weight: 1 },
  { id: 'es-ES', lang: 'es', country: 'ES', currency: 'EUR', decimal: ',', thousands: ['.', ''], symbolAfter: true, dates: ['DD/MM/YYYY', 'DD/MM/YY', 'DD-MM-YYYY'], times: ['HH:MM', 'HH:MM:SS'], weight: 1 },
  { id: 'it-IT', lang: 'it', country: 'IT', currency: 'EUR', decimal: ',', thousands: ['.', ''], symbolAfter: true, dates: ['DD/MM/YYYY', 'DD/MM/YY'], times: ['HH:MM', 'HH:MM:SS'], weight: 1 },
  { id: 'nl-NL', lang: 'nl', country: 'NL', currency: 'EUR', decimal: ',', thousands: ['.', ''], symbolAfter: false, dates: ['DD-MM-YYYY', 'DD/MM/YYYY', 'DD-MM-YY'], times: ['HH:MM', 'HH:MM:SS'], weight: 3 },
  { id: 'nl-BE', lang: 'nl', country: 'BE', currency: 'EUR', decimal: ',', thousands: ['.', ' ', ''], symbolAfter: true, dates: ['DD/MM/YYYY', 'DD/MM/YY'], times: ['HH:MM', 'HH:MM:SS'], weight: 1 },
  { id: 'pt-PT', lang: 'pt', country: 'PT', currency: 'EUR', decimal: ',', thousands: [' ', '.', ''], symbolAfter: true, dates: ['YYYY-MM-DD', 'DD/MM/YYYY', 'DD-MM-YYYY'], times: ['HH:MM', 'HH:MM:SS'], weight: 1 },
  { id: 'pl-PL', lang: 'pl', country: 'PL', currency: 'PLN', decimal: ',', thousands: [' ', ''], symbolAfter: true, dates: ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD-MM-YYYY'], times: ['HH:MM', 'HH:MM:SS'], weight: 1 },
  { id: 'sv-SE', lang: 'sv', country: 'SE', currency: 'SEK', decimal: ',', thousands: [' ', ''], symbolAfter: true, dates: ['YYYY-MM-DD', 'YY-MM-DD'], times: ['HH:MM', 'HH:MM:SS'], weight: 1 },
  { id: 'da-DK', lang: 'da', country: 'DK', currency: 'DKK', decimal: ',', thousands: ['.', ''], symbolAfter: true, dates: ['DD.MM.YYYY', 'DD-MM-YYYY', 'DD.MM.YY'], times: ['HH:MM', 'HH.MM', 'HH:MM:SS'], weight: 1 },
  { id: 'nb-NO', lang: 'nb', country: 'NO', currency: 'NOK', decimal: ',', thousands: [' ', ''], symbolAfter: true, dates: ['DD.MM.YYYY', 'DD.MM.YY'], times: ['HH:MM', 'HH.MM', 'HH:MM:SS'], weight: 1 },
  { id: 'fi-FI', lang: 'fi', country: 'FI', currency: 'EUR', decimal: ',', thousands: [' ', ''], symbolAfter: true, dates: ['DD.MM.YYYY', 'D.M.YYYY', 'DD.MM.YY'], times: ['HH:MM', 'HH.MM', 'HH:MM:SS'], weight: 1 },
];

const PLACES: Record<string, Places> = { ...PLACES_EN_DE_FR, ...PLACES_OTHER };

export const LOCALES: readonly Locale[] = base.map((b) => {
  const places = PLACES[b.id];
  if (!places) throw new Error(`no places for ${b.id}`);
  return { ...b, places };
});

// ─── Printing numbers, dates and times ───────────────────────────────────────────────────────

/** How one slip prints its amounts: the locale's decimal mark and one of its thousands separators. */
export interface NumberStyle {
  decimal: ',' | '.';
  thousands: string;
}

/** 1234.5 -> '1.234,50' / '1 234,50' / '1234.50': always two decimals, as terminals print. */
export function formatNumber(value: number, style: NumberStyle): string {
  const cents = Math.round(value * 100);
  const whole = String(Math.floor(cents / 100));
  const frac = String(cents % 100).padStart(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.thousands);
  return `${grouped}${style.decimal}${frac}`;
}

export interface SlipDate { y: number; m: number; d: number }
export interface SlipTime { h: number; mi: number; s: number }

export const MONTHS_EN = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

const p2 = (n: number) => String(n).padStart(2, '0');

export function formatDate(d: SlipDate, style: DateStyle): string {
  const yy = p2(d.y % 100);
  const dd = p2(d.d);
  const mm = p2(d.m);
  const mon = MONTHS_EN[d.m - 1];
  switch (style) {
    case 'DD.MM.YYYY': return `${dd}.${mm}.${d.y}`;
    case 'DD.MM.YY': return `${dd}.${mm}.${yy}`;
    case 'D.M.YYYY': return `${d.d}.${d.m}.${d.y}`;
    case 'DD/MM/YYYY': return `${dd}/${mm}/${d.y}`;
    case 'DD/MM/YY': return `${dd}/${mm}/${yy}`;
    case 'DD-MM-YYYY': return `${dd}-${mm}-${d.y}`;
    case 'DD-MM-YY': return `${dd}-${mm}-${yy}`;
    case 'YYYY-MM-DD': return `${d.y}-${mm}-${dd}`;
    case 'YY-MM-DD': return `${yy}-${mm}-${dd}`;
    case 'MM/DD/YYYY': return `${mm}/${dd}/${d.y}`;
    case 'MM/DD/YY': return `${mm}/${dd}/${yy}`;
    case 'DD MON YYYY': return `${dd} ${mon} ${d.y}`;
    case 'MON DD, YYYY': return `${mon.charAt(0)}${mon.slice(1).toLowerCase()} ${d.d}, ${d.y}`;
  }
}

export function formatTime(t: SlipTime, style: TimeStyle): string {
  switch (style) {
    case 'HH:MM': return `${p2(t.h)}:${p2(t.mi)}`;
    case 'HH:MM:SS': return `${p2(t.h)}:${p2(t.mi)}:${p2(t.s)}`;
    case 'HH.MM': return `${p2(t.h)}.${p2(t.mi)}`;
    case 'h12': return `${p2(t.h % 12 === 0 ? 12 : t.h % 12)}:${p2(t.mi)} ${t.h < 12 ? 'AM' : 'PM'}`;
  }
}

/** The label forms: 'YYYY-MM-DD' and 'HH:MM' (24 hours). */
export const isoDate = (d: SlipDate): string => `${d.y}-${p2(d.m)}-${p2(d.d)}`;
export const isoTime = (t: SlipTime): string => `${p2(t.h)}:${p2(t.mi)}`;
