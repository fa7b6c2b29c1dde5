import { KeyIndex } from '../layout/key-index.js';
import { aliasPattern, compact } from '../layout/labels.js';

/**
 * Words documents print for common enumeration values. A value is matched by its own name
 * (underscores read as spaces) and by these words; a definition's own enum values that are not
 * listed here match by name only.
 */
const WORDS: Record<string, readonly string[]> = {
  card: ['card', 'credit card', 'debit card', 'visa', 'mastercard', 'master card', 'amex', 'maestro', 'debit', 'credit', 'eftpos', 'kartenzahlung', 'carte bancaire', 'CB'],
  cash: ['cash', 'tunai', 'bar', 'espèces', 'especes', 'efectivo', 'contanti'],
  mobile_wallet: ['apple pay', 'google pay', 'samsung pay', 'grabpay', 'touch n go', 'tng', 'boost', 'alipay', 'wechat pay', 'paypal'],
  bank_transfer: ['bank transfer', 'wire transfer', 'transfer', 'überweisung', 'virement', 'SEPA'],
  voucher: ['voucher', 'gift card', 'coupon'],
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
};

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
    const words = values.flatMap((value) =>
      [value.replace(/_/g, ' '), ...(WORDS[value] ?? [])].flatMap((w) => {
        const re = aliasPattern(w);
        return re ? [{ key: compact(w), item: { value, re } }] : [];
      }),
    );
    index = new KeyIndex(words);
    indexes.set(values, index);
  }
  return index;
}

/** Enum values named in a text, each at its first mention. */
export function enumMatches(text: string, values: readonly string[]): { value: string; raw: string; start: number; end: number }[] {
  const out: { value: string; raw: string; start: number; end: number }[] = [];
  // Most words are ruled out by their letters alone, without running their pattern.
  for (const { value, re } of indexFor(values).in(compact(text))) {
    if (out.some((o) => o.value === value)) continue;
    re.lastIndex = 0;
    const m = re.exec(text);
    if (m) out.push({ value, raw: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out.sort((a, b) => a.start - b.start);
}
