import { aliasPattern, compact } from '../layout/labels.js';
import { SCHEME_NAMES, schemeCountry, vocabularyWordLanguages } from '../vocabulary/vocabulary.js';

/** Where a language's slips come from, for the marks several countries share (`kr`, `$`). */
const LANGUAGE_COUNTRY: Record<string, string> = { da: 'DK', nb: 'NO', sv: 'SE', fi: 'FI', is: 'IS', pl: 'PL', pt: 'PT', nl: 'NL', it: 'IT', es: 'ES', fr: 'FR', de: 'DE', cs: 'CZ', sk: 'SK', hu: 'HU', ro: 'RO', et: 'EE', lv: 'LV', lt: 'LT', hr: 'HR', sl: 'SI', el: 'GR', bg: 'BG', sr: 'RS', mk: 'MK', uk: 'UA', sq: 'AL', tr: 'TR' };

// Card networks of one country (the scheme table's `country`): an `eftpos` slip is Australian, an `Interac` one Canadian.
const NETWORK_COUNTRY: [RegExp, string][] = SCHEME_NAMES.flatMap((scheme) => {
  const country = schemeCountry(scheme);
  const re = country ? aliasPattern(scheme) : null;
  return re && country ? [[new RegExp(re.source, 'iu'), country] as [RegExp, string]] : [];
});

// A province and a postcode of Canada's own shape (`Vancouver BC V6C 1T2`): `$` there is CAD.
const CANADIAN_POSTCODE = /\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[ABCEGHJ-NPRSTVXY]\d[A-Z]\s?\d[A-Z]\d\b/u;

// A US state and its ZIP code (`AUSTIN, TX 78701`, `SPRINGFIELD, IL 62704-1234`): read only where
// no language of the vocabulary names the document (Delaware's `DE` before a German postcode).
const US_STATE_ZIP =
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)\.?\s+\d{5}(?:-\d{4})?(?![\d-])/u;

// A full British postcode (`SY1 1XB`, `CF10 1BU`, `SW1A 1AA`) and an Irish Eircode (`F28 X2Y3`,
// `D12 R2X8`): English documents of those countries, read where no language names another.
const BRITISH_POSTCODE = /(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2}(?![\p{L}\p{N}])/u;
const EIRCODE = /(?<![\p{L}\p{N}])(?:[AC-FHKNPRTV-Y]\d{2}|D6W) [0-9AC-FHKNPRTV-Y]{4}(?![\p{L}\p{N}])/u;

let index: Map<string, string> | null = null;

/**
 * The words of one language only (labels and value words of four letters or more that no other
 * language's file has; multi-word entries count by each word), by their letters: a line's words
 * name its language.
 */
function languageIndex(): Map<string, string> {
  index ??= new Map(
    [...vocabularyWordLanguages()]
      .map(([key, langs]) => [key, [...new Set([...langs].map((l) => DIALECT_OF[l] ?? l))]] as const)
      .filter(([key, langs]) => key.length >= 4 && langs.length === 1)
      .map(([key, langs]) => [key, langs[0]]),
  );
  return index;
}

// Languages whose words name another's document: Catalan slips and tills are Spain's (and
// Andorra's), printed by the same terminals in either language; a word Catalan shares with
// Portuguese (`VENDA`, `CAIXA`) names neither.
const DIALECT_OF: Readonly<Record<string, string>> = { ca: 'es' };

/**
 * The country a document's shared currency marks and national numbers belong to, where its words
 * say so: a card network of one country, a Canadian postcode after its province, the language
 * most of its own words are in (at least two of them, twice as many as the next language's), or
 * else a British postcode, an Irish Eircode or a US state with its ZIP code. Null where none does
 * (other English).
 */
export function documentCountry(texts: readonly string[], language: string | null = documentLanguage(texts)): string | null {
  const all = texts.join('\n');
  for (const [re, country] of NETWORK_COUNTRY) if (re.test(all)) return country;
  if (CANADIAN_POSTCODE.test(all)) return 'CA';
  const byLanguage = language ? (LANGUAGE_COUNTRY[language] ?? null) : null;
  if (byLanguage) return byLanguage;
  if (BRITISH_POSTCODE.test(all)) return 'GB';
  if (EIRCODE.test(all)) return 'IE';
  return US_STATE_ZIP.test(all) ? 'US' : null;
}

/**
 * The language most of a document's own words are in (words only one language's file has): at
 * least two of them, twice as many as the next language's. Null where none stands out.
 */
export function documentLanguage(texts: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const text of texts) {
    // Whole words only: each word of the line is looked up on its own.
    for (const word of text.split(/[^\p{L}]+/u)) {
      const key = compact(word);
      if (key.length < 4) continue;
      const lang = languageIndex().get(key);
      if (lang) counts.set(lang, (counts.get(lang) ?? 0) + 1);
    }
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  return !first || first[1] < 2 || (second && first[1] < 2 * second[1]) ? null : first[0];
}
