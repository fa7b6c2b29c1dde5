import { KeyIndex } from '../layout/key-index.js';
import { aliasPattern, compact, letterKey } from '../layout/labels.js';
import { digitLetterReadings } from '../normalize/digit-letters.js';
import { NEAR_MISS_MIN_LETTERS, oneEditApart } from '../normalize/one-edit.js';
import { SCHEME_NAMES, schemeAsListed, schemeWords, valueWords, vocabularyWordLanguages } from '../vocabulary/vocabulary.js';

/**
 * Words documents print for common enumeration values, beside those of the language files
 * (vocabulary/*.json) and the card scheme table. A value is matched by its own name (underscores
 * read as spaces) and by these words; a definition's own enum values that are not listed match by
 * name only.
 */
const WORDS: Record<string, readonly string[]> = {
  card: ['card', 'credit card', 'debit card', 'visa', 'mastercard', 'master card', 'amex', 'maestro', 'debit', 'credit', 'eftpos', 'kartenzahlung', 'carte bancaire', 'CB'],
  cash: ['cash', 'tunai', 'bar', 'espèces', 'especes', 'efectivo', 'contanti'],
  mobile_wallet: ['apple pay', 'google pay', 'samsung pay', 'grabpay', 'touch n go', 'tng', 'boost', 'alipay', 'wechat pay', 'paypal', 'blik', 'twint', 'mobile payment', 'satispay', 'mobilepay', 'vipps', 'swish', 'bizum', 'payconiq', 'mb way'],
  bank_transfer: ['bank transfer', 'wire transfer', 'transfer', 'überweisung', 'virement', 'SEPA'],
  voucher: ['voucher', 'gift card', 'coupon', 'titre restaurant', 'titres restaurant', 'ticket restaurant', 'tickets restaurant', 'chèque déjeuner', 'cheque dejeuner', 'meal voucher'],
  visa: ['visa'],
  mastercard: ['mastercard', 'master card', 'MC'],
  amex: ['amex', 'american express'],
  discover: ['discover'],
  diners: ['diners', 'diners club'],
  jcb: ['jcb'],
  unionpay: ['unionpay', 'union pay', 'cup'],
  maestro: ['maestro'],
  interac: ['interac'],
  eftpos: ['eftpos'],
  rupay: ['rupay'],
  chip: ['chip', 'chip read', 'icc', 'emv', 'inserted'],
  contactless: ['contactless', 'ctls', 'tap', 'nfc', 'paywave', 'paypass'],
  swipe: ['swipe', 'swiped', 'magstripe', 'mag stripe'],
  manual: ['manual', 'keyed', 'manual entry'],
  pin: ['pin verified', 'verified by pin', 'pin'],
  signature: ['signature', 'sign'],
  cdcvm: ['cdcvm', 'device verified', 'verified on device'],
  none: ['no cvm', 'no signature required', 'no signature'],
  sale: ['sale', 'purchase', 'kauf', 'achat', 'venta'],
  refund: ['refund', 'return', 'gutschrift', 'remboursement'],
  void: ['void', 'reversal'],
  pre_authorization: ['pre-auth', 'preauth', 'pre authorization', 'pre-authorisation'],
  completion: ['completion', 'sale completion'],
  // A card product's name holding a verification word (an application label), which names no verification.
  card_product: ['visa signature', 'signature preferred'],
  // Dutch `PIN` is a debit card payment (`Betaald met PIN`, `Pinnen`), which names no verification.
  pin_payment: ['betaald met pin', 'pin betaling', 'pinbetaling', 'betaling pin', 'pinnen'],
  // A PIN entered wrong (a declined slip's reason) verified nothing.
  wrong_pin: ['incorrect pin', 'wrong pin', 'pin incorrect', 'pin incorect', 'nepareizs pin', 'pin errato', 'falsche pin', 'pin falsch', 'pin erróneo', 'pin incorrecto', 'code faux', 'väärä pin', 'fel pin', 'forkert pin', 'feil pin', 'błędny pin', 'nesprávny pin', 'chybný pin'],
};

/**
 * A value's words: its own name (underscores read as spaces), this file's, the language files' and
 * the scheme table's. In a list of card schemes, `other` takes the words of the table's schemes the
 * list does not name (a national network: `DANKORT`, `PostFinance Card`).
 */
function wordsOf(value: string, values: readonly string[]): string[] {
  const others = value === 'other' ? SCHEME_NAMES.filter((s) => schemeAsListed(s, values) === 'other').flatMap((s) => schemeWords(s)) : [];
  return [value.replace(/_/g, ' '), ...(WORDS[value] ?? []), ...valueWords(value), ...schemeWords(value), ...others];
}

interface Word {
  value: string;
  re: RegExp;
}

// Per list: a definition's enum keeps its array, so each is indexed once.
const indexes = new WeakMap<readonly string[], KeyIndex<Word>>();

/** The words of a list of values, indexed by their letters: a value's own name first, then its words. */
function indexFor(values: readonly string[]): KeyIndex<Word> {
  let index = indexes.get(values);
  if (!index) {
    const words = [...values, ...shadowsOf(values)].flatMap((value) =>
      wordsOf(value, values).flatMap((w) => {
        const re = aliasPattern(w);
        return re ? [{ key: letterKey(w), item: { value, re } }] : [];
      }),
    );
    index = new KeyIndex(words);
    indexes.set(values, index);
  }
  return index;
}

/**
 * Enum values named in a text, each at its first mention (or, with `every`, at each). Where the words of two values overlap,
 * the longer stands (`NO PIN REQUIRED` is no verification, not a PIN; `NOT APPROVED` is declined).
 */
export function enumMatches(text: string, values: readonly string[], every = false): { value: string; raw: string; start: number; end: number }[] {
  const found: { value: string; raw: string; start: number; end: number }[] = [];
  const seen = new Set<string>();
  // The text as printed, and with its words' digits read back as letters (`MAESTR0`, `SANS C0NTACT`).
  for (const reading of digitLetterReadings(text)) {
    // Most words are ruled out by their letters alone, without running their pattern.
    for (const { value, re } of indexFor(values).in(letterKey(reading))) {
      re.lastIndex = 0;
      for (const m of reading.matchAll(re)) {
        const id = `${value}:${m.index}:${m[0].length}`;
        if (seen.has(id)) continue;
        seen.add(id);
        found.push({ value, raw: text.slice(m.index, m.index + m[0].length), start: m.index, end: m.index + m[0].length });
      }
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const kept: typeof found = [];
  for (const f of found) {
    if (kept.some((k) => f.start < k.end && k.start < f.end)) continue;
    kept.push(f);
  }
  const out: typeof found = [];
  // `every`: each word where it stands, a value named twice twice (`NFC kontaktlos`); a shadow names none.
  for (const k of kept.sort((a, b) => a.start - b.start)) if (!SHADOWS.has(k.value) && (every || !out.some((o) => o.value === k.value))) out.push(k);
  return out;
}

/**
 * Words that hold a value's word and name no value: a signature that is not the cardholder's
 * (vocabulary `staff_signature`: `Signature du commerçant`, `Podpis kasjera` on a refund) and a
 * card product's name (`VISA SIGNATURE`), a Dutch debit payment (`Betaald met PIN`) and a PIN
 * entered wrong (`Incorrect PIN`, `PIN INCORECT`), read
 * with the list that has `signature` so that the longer words stand and name nothing.
 */
const SHADOWS: ReadonlyMap<string, string> = new Map([
  ['staff_signature', 'signature'],
  ['card_product', 'signature'],
  ['pin_payment', 'pin'],
  ['wrong_pin', 'pin'],
]);

function shadowsOf(values: readonly string[]): string[] {
  return [...SHADOWS].filter(([, of]) => values.includes(of)).map(([shadow]) => shadow);
}

/** The outcome words of a payment (vocabulary `approved` and `declined`). */
export const OUTCOMES: readonly string[] = ['approved', 'declined'];

// Words read by OCR with one letter wrong (`KONTAKILOS`), of NEAR_MISS_MIN_LETTERS or more: one
// substitution then names no other word.
const fuzzyIndexes = new WeakMap<readonly string[], { value: string; key: string }[]>();

/**
 * Enum values named by a single long word that OCR read with one letter wrong (`KONTAKILOS` for
 * `KONTAKTLÖS`): only words of eight letters or more, and only where no word matched exactly.
 */
export function nearEnumMatches(text: string, values: readonly string[]): { value: string; raw: string; start: number; end: number }[] {
  let words = fuzzyIndexes.get(values);
  if (!words) {
    words = values.flatMap((value) =>
      wordsOf(value, values)
        .filter((w) => /^\p{L}+$/u.test(w) && w.length >= NEAR_MISS_MIN_LETTERS)
        .map((w) => ({ value, key: compact(w) })),
    );
    fuzzyIndexes.set(values, words);
  }
  const out: { value: string; raw: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(/\p{L}{8,}/gu)) {
    const key = compact(m[0]);
    // A word of the vocabulary read right is itself, not a misread of its neighbour (`MONTANTE`, not `CONTANTE`).
    if (vocabularyWordLanguages().has(key)) continue;
    const near = words.filter((w) => w.key.length === key.length && oneEditApart(w.key, key));
    // Two values one letter away: the word does not say which.
    if (new Set(near.map((w) => w.value)).size === 1) out.push({ value: near[0].value, raw: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** A word of some language file's labels or value words (`Montante`, `Betrag`). */
export function isVocabularyWord(word: string): boolean {
  return vocabularyWordLanguages().has(compact(word));
}

// Values another value named on the slip narrows: a fallback is read from the stripe after the
// chip failed (`Magnetstreifen (Fallback)`, `PASEK MAGNETYCZNY` / `(FALLBACK - BŁĄD CHIPA)`), and a
// phone's wallet pays with a card (`Mastercard - Apple Pay`).
const NARROWED_BY: Readonly<Record<string, readonly string[]>> = { swipe: ['fallback'], chip: ['fallback'], card: ['mobile_wallet'] };

// The wallets of a phone or watch; other wallet words (`PayPal` of `Zettle by PayPal`, the Dutch
// `BLIK` of a can) name no narrower way of paying.
const DEVICE_WALLET = /^(?:apple|google|samsung)\s?pay$|^twint$|^satispay$/iu;

/** The values found without those a narrower value found beside them names more exactly (NARROWED_BY). */
export function withoutNarrowed<T extends { value: unknown; raw: string }>(list: readonly T[]): T[] {
  const narrows = (c: T) => c.value !== 'mobile_wallet' || DEVICE_WALLET.test(c.raw.trim());
  const named = new Set(list.filter(narrows).map((c) => String(c.value)));
  return list.filter((c) => !(NARROWED_BY[String(c.value)] ?? []).some((v) => named.has(v)));
}
