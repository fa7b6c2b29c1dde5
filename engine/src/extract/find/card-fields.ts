import type { DocumentText, Line } from '../layout/document-text.js';
import { AID_SHAPE, findCardMasks, isAid, isLastFourAlone, isSchemeWord, lastFourApart, namesSchemeWord, schemeFromBin } from '../normalize/card.js';
import { findAmounts } from '../normalize/amount.js';
import { countryCurrency } from '../normalize/currency.js';
import { lettersAsFigures } from '../normalize/digit-letters.js';
import { compact, escapeRegExp } from '../layout/labels.js';
import { CARD_KINDS, schemeAsListed, schemeFromAid, schemeRides, valueWords, vocabularyWordLanguages } from '../vocabulary/vocabulary.js';
import type { Candidate } from './candidates.js';

// An EMV application identifier printed anywhere on a line.
const AID = new RegExp(`(?<![\\p{L}\\p{N}])(${AID_SHAPE})(?![\\p{L}\\p{N}])`, 'gu');
// An EMV application label: a scheme's word and the card's kind, either way round (`VISA DEBIT`,
// `Debit Mastercard`), the row holding nothing else.
const CARD_KIND = [...CARD_KINDS].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
const APPLICATION_LABEL = new RegExp(`^(?:(\\p{L}[\\p{L} ]*?)\\s+(?:${CARD_KIND})|(?:${CARD_KIND})\\s+(\\p{L}[\\p{L} ]*?))$`, 'iu');

/** A scheme's word and a card's kind, the text holding nothing else (`VISA DEBIT`, `VISA CLASICA`). */
function isApplicationLabel(text: string): boolean {
  const m = APPLICATION_LABEL.exec(text);
  return m !== null && isSchemeWord(m[1] ?? m[2]);
}

/** The AIDs printed anywhere (`AID: A0000000031010`, or alone on a CB ticket's numeric line). */
export function aidCandidates(doc: DocumentText): Candidate[] {
  const out: Candidate[] = [];
  for (const line of doc.lines) {
    for (const m of aidFigures(line.text).toUpperCase().matchAll(AID)) {
      if (!schemeFromAid(m[1])) continue;
      out.push({ value: m[1], raw: m[1], line, start: m.index, end: m.index + m[1].length, label: null, relation: 'anywhere', score: 0.7 });
    }
  }
  return out;
}

// An AID's RID and first figures, where OCR read a figure as a letter (`A00000000310l0`, `A0000000043O60`).
const AID_MISREAD = /(?<![\p{L}\p{N}])([AD])([0-9OolI]{9,31})(?![\p{L}\p{N}])/gu;

/**
 * The text with such an AID's letters read as the figures they look like (same length): every
 * O, l and I after its A or D where figures are among them (`AOOOOOOO31O1O`, a photo's thin
 * zeros); the scheme table must still know the AID read.
 */
function aidFigures(text: string): string {
  return text.replace(AID_MISREAD, (_all, a: string, rest: string) => a + (/\d.*\d/u.test(rest) ? lettersAsFigures(rest) : rest));
}

/**
 * The card scheme from what names it beside the scheme word: the AID, then the first digits of a
 * card number printed with them (`4921 85** **** 1234`). A scheme word on its own (the card's
 * application label) still comes first: brands that ride another's network carry its AID
 * (`DINERS CLUB` over Discover's A0000001523010); a word inside longer text comes after the AID.
 */
export function schemeCandidates(doc: DocumentText, values: readonly string[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of aidCandidates(doc)) {
    // A network the list does not name (`DANKORT`'s AID) is its `other`.
    const aidScheme = schemeFromAid(String(c.value));
    const scheme = aidScheme ? schemeAsListed(aidScheme, values) : null;
    if (scheme) out.push({ ...c, value: scheme, score: 0.44 });
  }
  for (const line of doc.lines) {
    for (const mask of findCardMasks(line.text)) {
      const scheme = mask.bin ? schemeFromBin(mask.bin) : null;
      // Under the scheme's word: a co-badged card's first digits name the international scheme, the word the one used (`CB`).
      if (scheme && values.includes(scheme)) out.push({ value: scheme, raw: mask.raw, line, start: mask.start, end: mask.end, label: null, relation: 'anywhere', score: 0.4 });
    }
  }
  return out;
}

/**
 * The last four digits OCR read apart from the card's word or mask (lastFourApart): a line of
 * four digits alone, after the lines left of it in its row, or after the lines left of it at the
 * same height in other rows (OCR may cut a line in two overlapping boxes, which rows keep apart).
 * Weaker than a mask read whole.
 */
export function lastFourApartCandidates(doc: DocumentText): Candidate[] {
  const out: Candidate[] = [];
  for (const line of doc.lines) {
    if (!isLastFourAlone(line.text)) {
      // The scheme's word and the digits in one line (`Mastercard - 5108`, `Visa 8841 (sin contacto)`).
      const own = /[0-9]{4}(?:\s*\([^()]*\))?\s*$/u.test(line.text) ? lastFourApart(line.text) : null;
      if (own) {
        const start = line.text.lastIndexOf(own);
        out.push({ value: own, raw: own, line, start, end: start + 4, label: null, relation: 'anywhere', score: 0.35 });
      }
      continue;
    }
    const mid = line.box.y + line.box.height / 2;
    const row = doc.rows[line.row].lines;
    const before = row.slice(0, row.indexOf(line)).map((l) => l.text);
    // Not in its row: a line cut in two overlapping boxes is read as two rows. The lines left of
    // it at its height in other rows, left to right (`6703 26** **** *`, `*`, then `8137`).
    const cut = doc.lines
      .filter((l) => l.page === line.page && l.row !== line.row && l.box.x < line.box.x && Math.abs(l.box.y + l.box.height / 2 - mid) < Math.max(l.box.height, line.box.height) / 2)
      .sort((a, b) => a.box.x - b.box.x)
      .map((l) => l.text);
    const digits = lastFourApart([...before, line.text].join(' ')) ?? (cut.length > 0 ? lastFourApart(`${cut.join(' ')} ${line.text}`) : null);
    if (!digits) continue;
    const start = line.text.lastIndexOf(digits);
    out.push({ value: digits, raw: digits, line, start, end: start + 4, label: null, relation: 'anywhere', score: 0.35 });
  }
  return out;
}

/**
 * Of two scheme words on one slip (`Electronic Cash` over `VISA CREDIT`: a terminal's own title and
 * the card's application label), the one the printed AID names was used: its best candidate goes
 * first. A brand whose cards carry another network's AID (Diners Club on Discover's) goes first
 * over that AID wherever its word stands. A slip whose AID names no word keeps its order.
 */
export function preferAidScheme(list: Candidate[]): void {
  // A candidate read from an AID (its raw text is the AID alone), not from a word.
  const fromAid = new Set(list.filter((c) => isAid(c.raw)).map((c) => c.value));
  if (fromAid.size !== 1 || list.length === 0) return;
  const words = list.filter((c) => !isAid(c.raw));
  const rider = words.find((c) => fromAid.has(schemeRides(String(c.value))));
  const word = rider ?? (fromAid.has(list[0].value) ? undefined : words.find((c) => fromAid.has(c.value)));
  if (!word || word === list[0]) return;
  list.splice(list.indexOf(word), 1);
  list.unshift(word);
}

/**
 * What a slip says without a word for it, asked only where no word was found: an authorisation
 * code is issued only for an approved payment (a declined word would have been read first), a
 * card scheme or number means a card payment, change given back a cash one, an AID is read
 * from a chip (a contactless or swiped card would say so), and a fiscal printer's footer gives
 * the receipt's print number.
 */
export function inferredCandidates(name: string, ranked: ReadonlyMap<string, readonly Candidate[]>, doc: DocumentText, country: string | null = null): Candidate[] {
  // A receipt in one country's language with no currency printed is in that country's (a Dutch
  // till receipt's `TOTAAL 29,37`: euros); weakly, as a person would check it.
  if (name === 'currency') {
    const amount = ranked.get('amount')?.[0];
    const code = countryCurrency(country);
    return amount && code ? [{ ...amount, value: code, label: null, relation: 'anywhere', score: 0.3 }] : [];
  }
  if (name === 'approved') {
    const auth = ranked.get('auth_code')?.[0];
    return auth?.label && /\d/.test(String(auth.value)) ? [{ ...auth, value: true, label: null, relation: 'anywhere', score: 0.35 }] : [];
  }
  // A slip that shows a card scheme or a card number was paid by card; a receipt that gives
  // change back (`Gegeben 20,00` / `Zurück 4,05`) with neither was paid in cash.
  if (name === 'payment_method') {
    const card = ranked.get('card_scheme')?.[0] ?? ranked.get('card_last_four')?.[0];
    if (card) return [{ ...card, value: 'card', score: 0.4 }];
    const change = ranked.get('change')?.[0];
    return change?.label && typeof change.value === 'number' && change.value > 0 ? [{ ...change, value: 'cash', label: null, relation: 'anywhere', score: 0.35 }] : [];
  }
  // A card's application label printed on a row of its own, its scheme and its kind (`VISA DEBIT`,
  // `VISA CREDITO`, `MASTERCARD PREPAID`), as terminals print it under the card number.
  if (name === 'application_label') {
    const at = (line: Line, text: string, score: number, start = line.text.indexOf(text)): Candidate[] => [
      { value: text, raw: text, line, start, end: start + text.length, label: null, relation: 'anywhere', score },
    ];
    // The line of a row holding only a scheme's word (`VISA`, `American Express`).
    const schemeAlone = (k: number, page: number | null = null) => {
      const row = doc.rows[k];
      const line = row?.lines.length === 1 && (page === null || row.page === page) ? row.lines[0] : null;
      return line && isSchemeWord(line.text.trim()) ? line : null;
    };
    for (const line of doc.lines) if (isApplicationLabel(line.text.trim())) return at(line, line.text.trim(), 0.35);
    // A scheme's word alone printed with the AID, after it on its row (`AID: A0000000031010 - VISA
    // DEBIT`) or on a row of its own right under or over it (`A0000000031010` / `VISA`): the
    // chip's label, as Nordic and Dutch terminals print it.
    for (const aid of aidCandidates(doc)) {
      const after = aid.line.text.slice(aid.end);
      const opened = after.replace(/^[\s:–-]+/u, '');
      const rest = opened.trimEnd();
      if (rest !== '' && (isSchemeWord(rest) || isApplicationLabel(rest))) return at(aid.line, rest, 0.35, aid.end + after.length - opened.length);
      const beside = schemeAlone(aid.line.row + 1, aid.line.page) ?? schemeAlone(aid.line.row - 1, aid.line.page);
      if (beside) return at(beside, beside.text.trim(), 0.35);
    }
    // Else a scheme's word alone on its row (`Visa` under `Buchung`, `MASTERCARD` under `KAUF`): the
    // card's application as EMV slips print it.
    for (const row of doc.rows) {
      const line = schemeAlone(row.index);
      if (line) return at(line, line.text.trim(), 0.3);
    }
    return [];
  }
  // A fiscal printer's print number opens its footer row before the till's number sign (Polish
  // receipts' `00152 #Kasa 3  Kasjer nr 12`): the receipt's number where no label gave one.
  if (name === 'receipt_number') {
    for (const line of doc.lines) {
      const m = PRINT_NUMBER_BEFORE_TILL.exec(line.text);
      const start = m ? m.index + m[0].indexOf(m[1]) : -1;
      if (m) return [{ value: m[1], raw: m[1], line, start, end: start + m[1].length, label: null, relation: 'anywhere', score: 0.4 }];
    }
    return [];
  }
  // A card payment that names no type (an app's receipt: items, `Total`, the card, `Approved`)
  // is a sale: refunds, voids and holds say what they are.
  if (name === 'transaction_type') {
    const amount = ranked.get('amount')?.[0];
    const card = ranked.get('card_scheme')?.[0] ?? ranked.get('card_last_four')?.[0];
    return amount?.label && card && typeof amount.value === 'number' && amount.value > 0 ? [{ ...amount, value: 'sale', label: null, relation: 'anywhere', score: 0.3 }] : [];
  }
  if (name === 'entry_method') {
    const aid = aidCandidates(doc)[0];
    return aid ? [{ ...aid, value: 'chip', score: 0.3 }] : [];
  }
  return [];
}

// A number opening its row right before `#` and a till's word (vocabulary `till`: `00152 #Kasa 3`).
const PRINT_NUMBER_BEFORE_TILL = new RegExp(`^\\s*(\\d{3,8})\\s+#\\s?(?:${valueWords('till').map(escapeRegExp).join('|')})(?![\\p{L}])`, 'iu');

// Words of an amount held, not charged (vocabulary `held`: Pre-auth, Preautorizado, Reserviert),
// or of the transaction a refund or a void goes back to (vocabulary `original`: Op. original,
// Alkuperäinen), at the start of a word.
const OTHER_TRANSACTION = new RegExp(`(?<![\\p{L}])(?:${[...valueWords('held'), ...valueWords('original')].map(escapeRegExp).join('|')})`, 'iu');

/** A reading whose row names a hold or the original transaction (`OPER. ORIGINAL 000233`). */
export function ofOtherTransaction(c: Candidate, doc: DocumentText): boolean {
  return OTHER_TRANSACTION.test(doc.rows[c.line.row].lines.map((l) => l.text).join(' '));
}

/**
 * A slip that prints the amount held and the amount charged (`IMPORTE PREAUTORIZADO 400,00` /
 * `IMPORTE FINAL 327,40`; a pump's `Importo preautorizzato 100,00` over `IMPORTO 55,99`) charged
 * the second, and the charge's authorisation code is the slip's (`Autorisierungs-Nr. Reserv.:
 * 55R8AQ` / `Autorisierungs-Nr.: 81T2PC`); a refund or a void that prints the original sale's
 * numbers and time (`Num. Operacion: 000361` / `Op. Original: 000329`) is the later one. Labelled
 * readings whose row names a hold or the original go behind the other labelled ones (`shaped`:
 * behind any other, for values found by their shape: a time). Alone, such a reading stays (a
 * pre-authorisation's own slip).
 */
export function otherTransactionLast(list: Candidate[], doc: DocumentText, shaped = false): Candidate[] {
  const counts = (c: Candidate) => shaped || c.label !== null;
  const other = list.filter((c) => counts(c) && ofOtherTransaction(c, doc));
  const rest = list.filter((c) => !other.includes(c));
  return rest.some(counts) ? [...rest, ...other] : list;
}

/**
 * The transaction types without a hold's words where the slip prints the amount held beside a
 * different one charged (`PRE-AUTORISATION 120,00 EUR` over `MONTANT REEL 71,81`; a charger's
 * `Pre-authorisation £60.00` over `Amount charged £36.62`, `Unused pre-authorisation will be
 * released`): the hold is what the charge settles, and the slip is the charge. A hold's word
 * heading the slip alone on its row (`heading`) stands: an added hold prints what it adds beside
 * the total held (`INTEGRAZIONE PREAUTORIZZAZIONE`). `amounts` is the amount's ranked list, the
 * charge first; a hold's own slip (its amount alone) keeps its words.
 */
export function withoutHeldFigureTypes(types: Candidate[], amounts: readonly Candidate[], doc: DocumentText, heading: (c: Candidate) => boolean): Candidate[] {
  const charged = amounts[0];
  if (!charged?.label || typeof charged.value !== 'number' || ofOtherTransaction(charged, doc)) return types;
  // A figure with cents on a row that names a hold, other than the charge.
  const held = doc.rows.some((r) => {
    if (r.index === charged.line.row) return false;
    const text = r.lines.map((l) => l.text).join(' ');
    return OTHER_TRANSACTION.test(text) && findAmounts(text).some((a) => a.decimal !== null && a.value > 0 && a.value !== charged.value);
  });
  return held ? types.filter((c) => c.value !== 'pre_authorization' || heading(c)) : types;
}

// Words of a loyalty or customer card (vocabulary `loyalty`: Kundenkarte, Clubcard, Plussa,
// Carte fidélité), at the start of a word: compounds hold them (`PLUSSA-KORTTI`).
const LOYALTY = new RegExp(`(?<![\\p{L}])(?:${valueWords('loyalty').map(escapeRegExp).join('|')})`, 'iu');

/**
 * The card last-four candidates without those of a loyalty or customer card: a till receipt
 * prints the shopper's card masked as a bank card is (`Kundenkarte: ************4471`,
 * `PLUSSA-KORTTI *****4921`), and it is no payment card. The words may stand anywhere on its row;
 * so may a word of the merchant's name, the shop's own card, where no card scheme is named. A
 * row that names no scheme under one that names such a card (`Geschenkkarte 15,00` / `Karte
 * ****7781`) is that card's too.
 */
export function withoutLoyaltyCards(list: readonly Candidate[], doc: DocumentText, merchant: string | null = null): Candidate[] {
  // The shop's own card names the shop (`CARTE CARREFOUR N° ****7719` on a Carrefour receipt,
  // `ICA-kort ****8874` on an ICA one), and no card scheme. Words of the vocabulary (`CARTE
  // BANCAIRE` heading a CB ticket) name no shop.
  const brand = new Set((merchant ?? '').toUpperCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 3 && !vocabularyWordLanguages().has(compact(w))));
  const words = (text: string) => text.toUpperCase().split(/[^\p{L}]+/u);
  const otherCard = (text: string) => !namesSchemeWord(text) && (LOYALTY.test(text) || words(text).some((w) => brand.has(w)));
  const rowText = (k: number) => doc.rows[k].lines.map((l) => l.text).join(' ');
  // The row right above, on the same page with no blank line between.
  const rowAbove = (line: Line) => {
    const above = doc.rows[line.row - 1];
    if (!above || above.page !== line.page) return '';
    const bottom = Math.max(...above.lines.map((l) => l.box.y + l.box.height));
    return line.box.y - bottom < 0.8 * line.box.height ? rowText(above.index) : '';
  };
  return list.filter((c) => {
    const text = rowText(c.line.row);
    if (LOYALTY.test(text) || otherCard(text)) return false;
    return namesSchemeWord(text) || !otherCard(rowAbove(c.line));
  });
}
