/**
 * Tax registration numbers. Formats with a shape of their own are recognised anywhere (EU VAT
 * numbers with their country prefix, India's GSTIN); any other takes a label first
 * ("GST No: 001234567890", "SST ID W10-1808-32000123"), and then is the first token run after
 * it holding at least five digits.
 */

import { findDates } from './date.js';
import { fewLettersAsFigures } from './digit-letters.js';

export type TaxIdKind = 'eu_vat' | 'gstin' | 'labelled';

export interface ParsedTaxId {
  value: string;
  kind: TaxIdKind;
  raw: string;
  start: number;
  end: number;
}

const EU_VAT =
  /(?<![\p{L}\p{N}])((?:AT ?U ?\d{8})|(?:BE ?[01]\d{9})|(?:BE ?[01]\d{3}\.\d{3}\.\d{3})|(?:BG ?\d{9,10})|(?:CY ?\d{8}[A-Z])|(?:CZ ?\d{8,10})|(?:DE ?\d{9})|(?:DK ?\d{8})|(?:EE ?\d{9})|(?:EL ?\d{9})|(?:ES ?[A-Z0-9]\d{7}[A-Z0-9])|(?:FI ?\d{8})|(?:FR ?[A-Z0-9]{2} ?\d{9})|(?:HR ?\d{11})|(?:HU ?\d{8})|(?:IE ?\d[A-Z0-9+*]\d{5}[A-Z]{1,2})|(?:IT ?\d{11})|(?:LT ?(?:\d{9}|\d{12}))|(?:LU ?\d{8})|(?:LV ?\d{11})|(?:MT ?\d{8})|(?:NL ?\d{9}B\d{2})|(?:PL ?\d{10})|(?:PT ?\d{9})|(?:RO ?\d{2,10})|(?:SE ?\d{12})|(?:SI ?\d{8})|(?:SK ?\d{10})|(?:GB ?\d{3} ?\d{4} ?\d{2}(?: ?\d{3})?)|(?:CHE[- ]?\d{3}\.\d{3}\.\d{3}))(?![\p{L}\p{N}])/gu;
const GSTIN = /(?<![\p{L}\p{N}])(\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z])(?![\p{L}\p{N}])/gu;
// A token run of letters, digits and - / . that holds at least five digits; each token opens
// with a letter or digit, so a dash standing alone ends it (`SIRET 834 771 029 00018 - APE 4725Z`).
const LABELLED_VALUE = /[A-Z0-9][A-Z0-9./-]*(?: ?[A-Z0-9][A-Z0-9./-]*)*/giu;

// What every shape above holds: two capitals then a letter or digit, or GSTIN's opening, and two
// digits in a row. Tested first, as the long alternation above is tried at every character.
const SHAPE_GATE = /[A-Z]{2} ?[A-Z0-9]|\d{2}[A-Z]{5}/;

// The countries whose VAT number is figures only after the prefix, and such a number with up to
// two figures OCR read as letters (`DE2B1334907`, `GB 2B4 7731 19`).
const FIGURES_ONLY_VAT = /(?<![\p{L}\p{N}])(AT ?U|BE ?|BG ?|CZ ?|DE ?|DK ?|EE ?|EL ?|FI ?|HR ?|HU ?|IT ?|LT ?|LU ?|LV ?|MT ?|PL ?|PT ?|RO ?|SE ?|SI ?|SK ?|GB ?)([0-9OBSIl][0-9OBSIl ]{6,14}[0-9OBSIl])(?![\p{L}\p{N}])/gu;

// A Dutch VAT number, whose `B` is its own, with up to two figures read as l, I or O (`NL8622l4590B0l`).
const DUTCH_VAT = /(?<![\p{L}\p{N}])(NL ?)([0-9OIl]{9})B([0-9OIl]{2})(?![\p{L}\p{N}])/gu;

/** The text with those letters read as figures (same length). */
function vatFigures(text: string): string {
  return text
    .replace(FIGURES_ONLY_VAT, (all, prefix: string, body: string) => (body.replace(/\D/g, '').length >= 7 ? prefix + (fewLettersAsFigures(body, 2) ?? body) : all))
    .replace(DUTCH_VAT, (all, prefix: string, body: string, tail: string) => {
      const read = fewLettersAsFigures(body + tail, 2, false);
      return read ? `${prefix}${read.slice(0, 9)}B${read.slice(9)}` : all;
    });
}

/**
 * A labelled number's figures as OCR misreads them: a small l beside a figure is a 1 (codes
 * print capitals: `B-472l8830`, `725-228-4l-90`), and an O among figures or opening a run of
 * them a 0 (`OIB: 19O44772135`, an Italian `P.IVA O7418820725`).
 */
function labelledFigures(raw: string): string {
  const ones = raw.replace(/l(?=\d)|(?<=\d)l/gu, '1').replace(/(?<=\d)[Oo](?=\d)/gu, '0');
  return /^[Oo]\d{5,}$/u.test(ones) ? `0${ones.slice(1)}` : ones;
}

/** Tax ids recognisable by their shape alone. */
export function findTaxIds(printed: string): ParsedTaxId[] {
  const out: ParsedTaxId[] = [];
  if (!/\d\d/.test(printed) || !SHAPE_GATE.test(printed)) return out;
  const text = vatFigures(printed);
  for (const [re, kind] of [
    [EU_VAT, 'eu_vat'],
    [GSTIN, 'gstin'],
  ] as const) {
    // Belgium prints its number in groups parted by points (`BE 0712.447.905`); the VAT number is written whole.
    for (const m of text.matchAll(re)) out.push({ value: m[1].replace(/ /g, '').replace(/^(BE[01]\d{3})\.(\d{3})\.(\d{3})$/, '$1$2$3'), kind, raw: printed.slice(m.index, m.index + m[1].length), start: m.index, end: m.index + m[1].length });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The tax id that follows a label (the text after the label is passed). */
export function parseLabelledTaxId(text: string, offset = 0): ParsedTaxId | null {
  const shaped = findTaxIds(text)[0];
  if (shaped) return { ...shaped, start: shaped.start + offset, end: shaped.end + offset };
  // A date (with its time) under a label whose own value is missing is not the number.
  for (const m of text.matchAll(LABELLED_VALUE)) {
    const raw = m[0].replace(/[./-]+$/, '');
    if ((raw.match(/\d/g) ?? []).length < 5) continue;
    if (findDates(text).some((d) => d.start < m.index + raw.length && m.index < d.end)) continue;
    return { value: labelledFigures(raw.replace(/ /g, '')).toUpperCase(), kind: 'labelled', raw, start: m.index + offset, end: m.index + offset + raw.length };
  }
  return null;
}
