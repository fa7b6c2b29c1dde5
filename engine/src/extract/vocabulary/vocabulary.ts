/**
 * The label and value words of every language the engine reads (one JSON file per language,
 * README.md beside them), unioned: a slip printed in English by a German terminal, or in French
 * and Dutch in Belgium, reads the same. Words are kept as written and, where they carry accents,
 * also without them, as many terminals print ASCII only (`ACCEPTE` for `ACCEPTÉ`).
 */
import cs from './cs.json' with { type: 'json' };
import da from './da.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import el from './el.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import et from './et.json' with { type: 'json' };
import fi from './fi.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import hr from './hr.json' with { type: 'json' };
import hu from './hu.json' with { type: 'json' };
import is from './is.json' with { type: 'json' };
import it from './it.json' with { type: 'json' };
import lt from './lt.json' with { type: 'json' };
import lv from './lv.json' with { type: 'json' };
import nb from './nb.json' with { type: 'json' };
import nl from './nl.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import ro from './ro.json' with { type: 'json' };
import sk from './sk.json' with { type: 'json' };
import sl from './sl.json' with { type: 'json' };
import sv from './sv.json' with { type: 'json' };
import ca from './ca.json' with { type: 'json' };
import bg from './bg.json' with { type: 'json' };
import sr from './sr.json' with { type: 'json' };
import mk from './mk.json' with { type: 'json' };
import uk from './uk.json' with { type: 'json' };
import sq from './sq.json' with { type: 'json' };
import tr from './tr.json' with { type: 'json' };
import addresses from './addresses.json' with { type: 'json' };
import schemes from './card-schemes.json' with { type: 'json' };
import { compact, letterKey } from '../layout/labels.js';

export interface LanguageVocabulary {
  language: string;
  labels: Record<string, string[]>;
  words: Record<string, string[]>;
}

export const LANGUAGES: readonly LanguageVocabulary[] = [en, de, fr, es, ca, it, nl, pt, pl, sv, da, nb, fi, is, cs, sk, hu, ro, et, lv, lt, hr, sl, el, bg, sr, mk, uk, sq, tr];

/**
 * Labels of figures that are never a document's total: cash handed over, change, a cash
 * rounding, the card's sequence number, and a terminal's other numbers (`Capt.-Ref.`,
 * `Pos-Info`, EMV data), which also keep their longer label from being read as a shorter one
 * (`Capt.-Ref.` is no `Ref`).
 */
export const NOT_TOTAL_LABELS = ['tendered', 'change', 'rounding', 'card_sequence', 'other_number'] as const;

/** Letters that decomposition leaves alone, as ASCII-only printers write them. */
const PLAIN: Record<string, string> = { ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', æ: 'ae', Æ: 'AE', đ: 'd', Đ: 'D', ß: 'ss' };

/** A word and, where it has accents, the same word without them; a number sign also as `No`. */
function withPlain(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    out.add(w);
    out.add(w.normalize('NFD').replace(/\p{M}/gu, '').replace(/[øØłŁæÆđĐß]/g, (c) => PLAIN[c]));
    // The number sign as printers without it write it (`N° contrat`, `No contrat`).
    if (/^N\s?[°º]/u.test(w)) out.add(w.replace(/^N\s?[°º]\.?/u, 'No'));
  }
  return [...out];
}

function union(pick: (v: LanguageVocabulary) => readonly string[] | undefined): string[] {
  return withPlain(LANGUAGES.flatMap((v) => pick(v) ?? []));
}

const labelCache = new Map<string, readonly string[]>();
const wordCache = new Map<string, readonly string[]>();

/**
 * Every language's labels of a field (`amount`, `auth_code`...); none for a field no file names.
 * A receipt's title with a number sign labels its number (`Betalingskvittering #8859-5629`).
 */
export function labelWords(field: string): readonly string[] {
  let words = labelCache.get(field);
  if (!words) {
    words = union((v) => v.labels[field]);
    // A merchant's tax or company number after the labels of registration numbers (`CVR`, `Y-tunnus`,
    // `P.IVA`), less those that are the tax's own words too (`TVA 20% 2,82` is a tax row) and
    // those of two letters (`C.F.`, a cashier's initials `CF`).
    if (field === 'merchant_tax_id') {
      const taxWords = new Set(labelWords('tax_amount').map(compact));
      words = [...new Set([...words, ...withPlain(addresses.registration_labels).filter((w) => compact(w).length >= 3 && !taxWords.has(compact(w)))])];
    }
    if (field === 'receipt_number') words = [...new Set([...words, ...valueWords('receipt_title').map((w) => `${w} #`)])];
    labelCache.set(field, words);
  }
  return words;
}

/** Every language's words for a value or concept (`approved`, `contactless`, `customer_copy`...). */
export function valueWords(value: string): readonly string[] {
  let words = wordCache.get(value);
  if (!words) {
    words = union((v) => v.words[value]);
    wordCache.set(value, words);
  }
  return words;
}

const aloneCache = new Map<string, readonly string[]>();

/**
 * One language's words that name a value only standing alone on their row of a document in that
 * language (`<value>_alone`: French tickets print `CREDIT` under the amount of a refund, where an
 * English slip's `CREDIT` names the card).
 */
export function aloneWords(value: string, language: string): readonly string[] {
  const key = `${language}:${value}`;
  let words = aloneCache.get(key);
  if (!words) {
    words = withPlain(LANGUAGES.find((v) => v.language === language)?.words[`${value}_alone`] ?? []);
    aloneCache.set(key, words);
  }
  return words;
}

interface SchemeEntry {
  words: string[];
  aids: string[];
  /** A network of one country only (`eftpos` Australia, `interac` Canada). */
  country?: string;
  /** The network whose AIDs its cards carry (Diners Club cards run on Discover's). */
  rides?: string;
}

const SCHEMES = schemes.schemes as Record<string, SchemeEntry>;

/** The kinds of card an EMV application label names beside its scheme (`DEBIT`, `CLASSIC`, `PREPAID`). */
export const CARD_KINDS: readonly string[] = schemes.card_kinds;

/** The words that name a card scheme (`visa`: VISA, VISA DEBIT...). */
export function schemeWords(scheme: string): readonly string[] {
  return SCHEMES[scheme]?.words ?? [];
}

/** The country of a network used in one country only; null for the others. */
export function schemeCountry(scheme: string): string | null {
  return SCHEMES[scheme]?.country ?? null;
}

/** The network whose AIDs a brand's cards carry (`diners`: discover); null for the others. */
export function schemeRides(scheme: string): string | null {
  return SCHEMES[scheme]?.rides ?? null;
}

let wordOwners: Map<string, ReadonlySet<string>> | undefined;

/**
 * Every word of every language file's labels and value words (multi-word entries word by word),
 * by its letters (`compact`), with the languages whose files hold it.
 */
export function vocabularyWordLanguages(): ReadonlyMap<string, ReadonlySet<string>> {
  if (!wordOwners) {
    const owners = new Map<string, Set<string>>();
    for (const v of LANGUAGES) {
      for (const entry of [...Object.values(v.labels), ...Object.values(v.words)].flat()) {
        for (const w of entry.split(/[^\p{L}]+/u)) {
          const key = compact(w);
          if (!key) continue;
          const langs = owners.get(key) ?? new Set<string>();
          langs.add(v.language);
          owners.set(key, langs);
        }
      }
    }
    wordOwners = owners;
  }
  return wordOwners;
}

let wordKeys: ReadonlySet<string> | undefined;
/** The same words by their letters without marks (letterKey): a label finder's known words. */
export function vocabularyWordKeys(): ReadonlySet<string> {
  wordKeys ??= new Set([...vocabularyWordLanguages().keys()].map(letterKey));
  return wordKeys;
}

/** Every scheme with words or AIDs in the table. */
export const SCHEME_NAMES: readonly string[] = Object.keys(SCHEMES);

/**
 * A scheme as a list of card-scheme values names it: itself where listed; in a scheme list with
 * `other`, a network of the table the list does not name (`dankort`, `postfinance`) is `other`.
 */
export function schemeAsListed(scheme: string, values: readonly string[]): string | null {
  if (values.includes(scheme)) return scheme;
  return values.includes('other') && values.includes('visa') && SCHEME_NAMES.includes(scheme) ? 'other' : null;
}

const AIDS = Object.entries(SCHEMES)
  .flatMap(([scheme, e]) => e.aids.map((aid) => ({ aid, scheme })))
  .sort((a, b) => b.aid.length - a.aid.length);

/** The scheme of an EMV application identifier: the longest listed prefix wins (`A0000000043060` is Maestro, not Mastercard). */
export function schemeFromAid(aid: string): string | null {
  const upper = aid.toUpperCase();
  return AIDS.find((a) => upper.startsWith(a.aid))?.scheme ?? null;
}
