import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/min';
import { findDates } from './date.js';

/**
 * Telephone numbers, found by libphonenumber's own text matcher. The value is the number as
 * printed (separators kept, so `03-7865 4321` stays recognisable); `e164` is added when the
 * number is valid for the document's country (or carries its own `+` prefix).
 */

export interface ParsedPhone {
  value: string;
  e164: string | null;
  raw: string;
  start: number;
  end: number;
}

// libphonenumber's own VALID_PUNCTUATION (dashes, slashes, dots, brackets, tildes; not exported by
// the package), with any white space.
const SEPARATORS = '\\s()\\[\\].\\/~\\-\\u2010-\\u2015\\u2212\\u30fc\\uff0d-\\uff0f\\u00ad\\u200b\\u2060\\u3000\\uff08\\uff09\\uff3b\\uff3d\\u2053\\u223c\\uff5e';
// The run opens on a digit with no letter or digit before it: libphonenumber refuses a number
// glued to a Latin letter (`CS00031663`), and an inner match starts after punctuation.
const PHONE_DIGITS = new RegExp(`(?<![A-Za-z\\d])\\d(?:[${SEPARATORS}]{0,4}\\d){6}`, 'u');

// National numbers by shape: groups of three to five (`03-7865 4321`, `(714) 879-3574`), or a
// trunk zero and groups of two and three (`03 218 44 09`, `02 511 38 40`, as Belgium writes them).
const NATIONAL_SHAPES = /(?<![\p{L}\p{N}])(\+?\(?\d{2,4}\)?[ .-]?\d{3,4}[ .-]?\d{3,5}(?:[ .-]\d{2,4})?|0\d{1,3}(?:[ .-]\d{2,3}){3,4})(?![\p{N}]|[.,/:-]\p{N})/gu;

/** Every phone number in a text; `country` (ISO 3166 alpha-2) reads national numbers. */
export function findPhones(text: string, opts: { country?: string } = {}): ParsedPhone[] {
  // Seven digits at least, parted by no more than the four punctuation marks libphonenumber allows
  // between digit groups (checked first: most receipt lines hold no phone number, and the
  // library's matcher is the slowest step of reading a line).
  if (!PHONE_DIGITS.test(text)) return [];
  const country = opts.country as CountryCode | undefined;
  const found: ParsedPhone[] = [];
  let matches: ReturnType<typeof findPhoneNumbersInText> = [];
  try {
    matches = findPhoneNumbersInText(text, country ? { defaultCountry: country } : undefined);
  } catch {
    matches = [];
  }
  for (const m of matches) {
    const raw = text.slice(m.startsAt, m.endsAt);
    // libphonenumber takes some dates and amounts for numbers ("18.04.2018 20" as a German 0180
    // number, "1.234,50"): a match holding a date or a comma is none.
    if (findDates(raw).length > 0 || raw.includes(',')) continue;
    found.push({ value: printed(raw), e164: m.number.isValid() ? m.number.number : null, raw, start: m.startsAt, end: m.endsAt });
  }
  // Without a country, libphonenumber finds only +-prefixed numbers: national ones ("03-7865 4321",
  // "(714) 879-3574") are taken by shape, 7 to 15 digits in groups.
  for (const m of text.matchAll(NATIONAL_SHAPES)) {
    const digits = m[1].replace(/\D/g, '').length;
    if (digits < 7 || digits > 15 || !/[ ().-]/.test(m[1])) continue;
    if (found.some((f) => m.index < f.end && f.start < m.index + m[1].length)) continue;
    found.push({ value: printed(m[1]), e164: null, raw: m[1], start: m.index, end: m.index + m[1].length });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Keeps what a phone field's pattern allows: digits, `+`, spaces, parentheses, points and dashes. */
function printed(raw: string): string {
  return raw.replace(/[^+0-9 ().-]/g, '').replace(/\s+/g, ' ').trim();
}
