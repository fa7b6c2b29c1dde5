import type { FieldDefinition } from '../../contracts/definition.js';
import { findAmounts, type DecimalMark } from '../normalize/amount.js';
import { endsWithSchemeWord, findCardMasks, isAid, isSchemeWord, startsWithSchemeWord } from '../normalize/card.js';
import { aloneWords, SCHEME_NAMES, valueWords } from '../vocabulary/vocabulary.js';
import { compact, escapeRegExp } from '../layout/labels.js';
import { REGISTRATION_LABELS } from './address-words.js';
import { findCurrencies } from '../normalize/currency.js';
import { findDates, type ParsedDate } from '../normalize/date.js';
import { digitLetterReadings, lettersAsFigures, zerosInFigures } from '../normalize/digit-letters.js';
import { findPhones } from '../normalize/phone.js';
import { findTaxIds, parseLabelledTaxId } from '../normalize/tax-id.js';
import { findDottedTime, findTimes } from '../normalize/time.js';
import { ibanValid } from '../check-digits.js';
import { userPattern } from '../../doctypes/user-pattern.js';
import { NUMBER_MARKER, numberTokens } from './document-number.js';
import { enumMatches, isVocabularyWord, nearEnumMatches, OUTCOMES } from './enum-words.js';
import type { ValueKind } from './field-kinds.js';

/** A value read from a piece of text: characters [start, end) of it. */
export interface ReadValue {
  value: unknown;
  raw: string;
  start: number;
  end: number;
  /** 0 to 1: how certain the reading itself is (an ambiguous mark, a guessed format). */
  quality: number;
  /** Dates: the parse, so the document's order can settle day and month later. */
  date?: ParsedDate;
}

export interface ParseContext {
  decimal?: DecimalMark;
  country?: string;
  /** The language the document's own words are in (documentLanguage), for words of one language only. */
  language?: string;
  /** The document type lists items: its total is the items' arithmetic, where returns count negative. */
  itemized?: boolean;
  /** The document's currency is printed in whole units (HUF, ISK: printedWhole). */
  wholeUnits?: boolean;
}

// A registration label (vocabulary/addresses.json) and what stands between it and its number
// (`TVA FR 12 812345678`: a country and check characters).
const AFTER_REGISTRATION_LABEL = new RegExp(`(?<![\\p{L}])(?:${REGISTRATION_LABELS})\\.?\\s*(?:n[°ºo]\\.?|nr\\.?|no\\.?)?\\s*[:#.-]?\\s*(?:[A-Z]{2}\\s?(?:[0-9A-Z]{2}\\s)?)?$`, 'iu');
// A number sign before it (`Nº: 01832/003/118273`): a document's number, no phone.
const AFTER_NUMBER_SIGN = new RegExp(`(?<![\\p{L}])${NUMBER_MARKER}\\.?\\s*:?\\s*$`, 'iu');
// A word in small letters: the rest of a label (`kod` of `Auth kod`, `erfolgt` of `Autorisierung
// erfolgt`), never a code, which terminals print in capitals and figures.
const smallLettersOnly = (t: string) => /^\p{Ll}+$/u.test(t);
const SPACE_GROUPED = /(?<![\p{N}.,])(\d{1,3}(?: \d{3})+,\d{2})(?![\p{N}])/u;
const CLOCK = /^(?:[01]?\d|2[0-3])[.:][0-5]\d$/u;
const THOUSANDS_GROUPED = /^-?\d{1,3}(?:[.,]\d{3})+-?$/u;
const SPACE_GROUPED_WHOLE = /(?<![\p{N}.,])\d{1,3}(?: \d{3})+(?![\p{N}]|[.,]\d)/gu;

/** A figure of whole thousands parted by plain spaces with a currency mark or code right before or after it, as one value. */
function currencyGroupedWhole(text: string): ReadValue | null {
  for (const m of text.matchAll(SPACE_GROUPED_WHOLE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (markedBeside(text, start, end)) return { value: Number(m[0].replace(/ /g, '')), raw: m[0], start, end, quality: 1 };
  }
  return null;
}

/** A currency mark or code stands right before or after the text's span, `gap` spaces between at most. */
function markedBeside(text: string, start: number, end: number, gap = 1): boolean {
  const near = (t: string) => /^\s*$/u.test(t) && t.length <= gap;
  return findCurrencies(text).some((c) => (c.start >= end && near(text.slice(end, c.start))) || (c.end <= start && near(text.slice(c.end, start))));
}
/** The slot's one figure, whole thousands parted by plain spaces (`3 170`), and no other figure beside it. */
function onlyGroupedWhole(text: string): ReadValue | null {
  const found = [...text.matchAll(SPACE_GROUPED_WHOLE)];
  if (found.length !== 1 || /\d/.test(text.slice(0, found[0].index) + text.slice(found[0].index + found[0][0].length))) return null;
  const m = found[0];
  return { value: Number(m[0].replace(/ /g, '')), raw: m[0], start: m.index, end: m.index + m[0].length, quality: 1 };
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const IBAN = /(?<![A-Z0-9])([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)(?![A-Z0-9])/g;
const BIC = /(?<![A-Z0-9])([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Z0-9])/g;

// A response code alone after its label: two or three figures (or an offline `Y1`, `Z3`).
// The code may be followed by the host's words for it (`51 INSUFFICIENT FUNDS`, `00 APPROVED`).
// The label's `code` may stand in the slot (`Response code: 05` after `Response`).
const RESPONSE_CODE = /^\s*(?:(?:code|kode|kod|cod|c[oó]digo)\b\.?\s*)?[:=]?\s*(\d{2,3}|[YZ][13])(?:\s+\p{L}[\p{L}\s./-]*)?\s*$/iu;
// ISO 8583 response codes of an approval (00 approved, 08 and 11 approved on conditions, 10
// partly approved; Y1 and Y3 offline), and the three-figure `000`.
const APPROVAL_CODES: ReadonlySet<string> = new Set(['00', '000', '08', '10', '11', 'Y1', 'Y3']);

/** A currency code or sign printed against the figure, before or after it (`EUR -42,00`, `-42,00 €`). */
function besideCurrency(text: string, figure: { start: number; end: number }): boolean {
  return findCurrencies(text, {}).some(
    (c) => (c.end <= figure.start && /^[\s-]*$/.test(text.slice(c.end, figure.start))) || (c.start >= figure.end && /^\s*$/.test(text.slice(figure.end, c.start))),
  );
}

/**
 * Values of a kind in a text, left to right. A labelled slot passes its text; unlabelled search
 * passes whole lines. Money prefers the amounts printed with decimals: on a line such as
 * `TOTAL 3 ITEMS 12.50`, the 3 is a count.
 */
export function readValues(kind: ValueKind, text: string, field: FieldDefinition, ctx: ParseContext, labelled: boolean, currencyInRow = false): ReadValue[] {
  switch (kind) {
    case 'money':
    case 'total':
    case 'number':
    case 'integer': {
      // A colon between a word and a figure parts a label from it (`Belopp:1016,95`), unlike one between figures (a time).
      text = zerosInFigures(text.replace(/(?<=\p{L}):(?=\d)/gu, ' '));
      // A cell that is a price's shape alone, beside its label or its currency's box, with figures
      // a photo thinned into look-alike letters (`S,8O` after `Juomaraha | EUR`): the figures.
      if ((labelled || currencyInRow) && LETTERED_PRICE.test(text) && /\d/u.test(text)) text = lettersAsFigures(text, true);
      // The digits of a masked card number (`************9349`) are never a figure of money or a count.
      const masks = findCardMasks(text);
      const all = findAmounts(text, { decimal: ctx.decimal }).filter((a) => !masks.some((m) => a.start < m.end && m.start < a.end));
      const out: ReadValue[] = [];
      // Beside its label on a document with decimal commas (or none known), thousands parted by plain spaces
      // are one figure (`Totalt 2 500,00`, `KWOTA 2 181,11 zł`); elsewhere plain spaces part
      // columns (`2 100.00` is a quantity and a price).
      // So are they with a currency mark right before or after them, label or none (`SEK 1 845,00`
      // above its label `Totalt`): the mark, or a box of its own beside it, stands by the whole figure.
      const grouped = ctx.decimal !== '.' ? SPACE_GROUPED.exec(text) : null;
      if (grouped && (labelled || currencyInRow || markedBeside(text, grouped.index, grouped.index + grouped[1].length, 3))) {
        const value = Number(grouped[1].replace(/ /g, '').replace(',', '.'));
        return [{ value, raw: grouped[1], start: grouped.index, end: grouped.index + grouped[1].length, quality: 1 }];
      }
      // So are whole thousands with their currency against them, in currencies printed without
      // minor units (`Összeg: 12 450 Ft`, `HUF 12 450`): the mark stands by the whole figure.
      // In a currency printed in whole units, whole thousands parted by a space are one figure
      // beside their label without the mark too (`RÉSZÖSSZEG   3 170`).
      const whole = labelled ? (currencyGroupedWhole(text) ?? (ctx.wholeUnits ? onlyGroupedWhole(text) : null)) : null;
      if (whole) return [whole];
      for (let a of all) {
        if (kind === 'integer' && !Number.isInteger(a.value)) continue;
        // Beside its label, twelve figures with leading zeros are an amount in minor units, as a
        // terminal's journal prints the message's amount field (`AMT: 000000001240` is 12.40).
        if ((kind === 'money' || kind === 'total') && labelled && MINOR_UNITS.test(a.raw)) {
          out.push({ value: Math.round(a.value) / 100, raw: a.raw, start: a.start, end: a.end, quality: 0.9 });
          continue;
        }
        // A count of the items before the total (`Samtals 6 vörur 3.139 kr.`, `I ALT 5 varer 273,85`) is no money.
        if ((kind === 'money' || kind === 'total') && a.decimal === null && itemCountAfter().test(text.slice(a.end))) continue;
        // Seven or more digits in a run, without a mark, are a number (a card, a reference), not money.
        if ((kind === 'money' || kind === 'total') && /\d{7,}/.test(a.raw) && a.decimal === null) continue;
        // In a currency printed in whole units, thousands grouped by a point or comma are the
        // whole figure (`ISK 4.590`), and a figure without cents is as printed.
        if (ctx.wholeUnits && THOUSANDS_GROUPED.test(a.raw)) a = { ...a, value: Number(a.raw.replace(/[^\d]/g, '')) * Math.sign(a.value || 1), decimal: null, ambiguous: false };
        const cents = a.decimal !== null || ctx.wholeUnits === true;
        // A figure against a letter read as its currency sign (`E8.45`) is read less surely: its currency is unknown.
        const quality = (a.ambiguous ? 0.6 : 1) * (a.misreadSign ? 0.7 : 1) * (kind === 'money' || kind === 'total' ? (cents ? 1 : 0.55) : 1);
        // Beside its label on a slip, a minus on a field that is never negative is the direction
        // only (a refund's `Betrag: -23,95 EUR`). Not on an itemised document: there a negative
        // total or tax is a credit note's (returns netted against sales), and is not taken.
        // So is a minus on a figure with its currency against it on a slip's own row (a void's
        // `EUR -42,00`; `currencyInRow`: the currency is the row's next box to OCR): the currency
        // marks it as the sum of the payment as much as a label would.
        const unsigned = a.value < 0 && field.minimum !== undefined && field.minimum >= 0 && !ctx.itemized && (labelled || currencyInRow || besideCurrency(text, a));
        out.push({ value: unsigned ? -a.value : a.value, raw: a.raw, start: a.start, end: a.end, quality: unsigned ? 0.9 * quality : quality });
      }
      return out;
    }
    case 'date':
    case 'datetime':
      // An O or l read for a figure among a date's or a time's (`2026-11-2l`, `1O.14`): the figure (same length).
      text = zerosInFigures(text);
      return findDates(text).map((d) => ({ value: d.value, raw: d.raw, start: d.start, end: d.end, quality: d.alternative ? 0.8 : 1, date: d }));
    case 'time': {
      text = zerosInFigures(text);
      const times = findTimes(text);
      const dotted = times.length === 0 ? findDottedTime(text, labelled, findDates(text)[0]?.end ?? null) : null;
      return (dotted ? [dotted] : times).map((t) => ({ value: t.value, raw: t.raw, start: t.start, end: t.end, quality: t.seconds ? 1 : 0.9 }));
    }
    case 'currency':
      // Found by its shape alone, a currency against a figure is surer than one standing alone (`CAD.` over the expiry date).
      return findCurrencies(text, { country: ctx.country }).map((c) => ({ value: c.code, raw: c.raw, start: c.start, end: c.end, quality: (c.alternatives.length > 0 ? 0.6 : 1) * (labelled || c.beside ? 1 : c.letters ? 0.6 : 0.85) }));
    case 'enum': {
      // A word standing alone (`PRE-AUTH`, `Type Refund`) says more than one inside a longer text
      // (`Payment receipt`, `DEBIT MASTERCARD`): there it may name something else.
      const letters = (t: string) => t.replace(/[^\p{L}]/gu, '').length;
      // A card word right after or before a scheme's names the card (`MC DEBIT`, `DEBIT MASTERCARD`), not a
      // transaction (French tickets print `DEBIT` alone for a sale).
      const schemes = (field.values ?? []).some((v) => SCHEME_NAMES.includes(v));
      const exact = enumMatches(text, field.values ?? [])
        .filter((m) => schemes || !(isCardWord(m.raw) && (endsWithSchemeWord(text.slice(0, m.start)) || startsWithSchemeWord(text.slice(m.end)))))
        .map((m) => ({ ...m, quality: letters(m.raw) >= 0.6 * letters(text) ? 1 : 0.8 }));
      if (exact.length > 0) return exact;
      // A word of the document's language alone on its row (French `CREDIT`: a refund).
      const row = ctx.language ? compact(text) : '';
      const alone = ctx.language ? (field.values ?? []).find((v) => aloneWords(v, ctx.language as string).some((w) => compact(w) === row)) : undefined;
      // Under a word that names its value wherever it stands (`Type PAIEMENT`): the card may be what it names.
      if (alone) return [{ value: alone, raw: text.trim(), start: text.length - text.trimStart().length, end: text.trimEnd().length, quality: 0.9 }];
      // A long word read with one letter wrong, where none is read right: a weaker reading.
      return nearEnumMatches(text, field.values ?? []).map((m) => ({ ...m, quality: 0.7 }));
    }
    case 'boolean': {
      // An outcome word (`Zahlung erfolgt`, `REFUSÉ`) says it; a declined word wins over an approved one.
      // One followed by a number's mark and figures labels that number (a void's `OPERAZIONE
      // ANNULLATA N. 0088`, the operation it cancels), and says no outcome.
      const outcomes = enumMatches(text, OUTCOMES).filter((o) => !NUMBER_AFTER.test(text.slice(o.end)));
      const said = outcomes.find((o) => o.value === 'declined') ?? outcomes[0];
      if (said) return [{ value: said.value === 'approved', raw: said.raw, start: said.start, end: said.end, quality: said.value === 'declined' ? 1 : 0.95 }];
      if (!labelled) return [];
      // A host's response code after its label (`RESPONSE: 55`, `RESPONSCODE:000`): ISO 8583's
      // approval codes say approved, any other code declined.
      const code = RESPONSE_CODE.exec(text);
      if (code) return [{ value: APPROVAL_CODES.has(code[1].toUpperCase()), raw: code[1], start: code.index, end: code.index + code[1].length, quality: 0.9 }];
      return [{ value: true, raw: text, start: 0, end: text.length, quality: 0.8 }];
    }
    case 'phone': {
      // The number after a registration label is the company's or its tax number (`P.IVA 02233445566`, `SIRET 812 345 678 00012`),
      // and so is one in a tax number's own shape (`CHE-116.320.102`).
      const taxIds = findTaxIds(text);
      // Nor is a run of figures that holds part of a date or a time (`14.03.2026 17:51` is no `2026 17`).
      // Dates written with spaces only (`6 03 2026`) are phone numbers as often (`+ 6 03 2026 6386`).
      const moments = [...findDates(text).filter((d) => /[./-]/.test(d.raw)), ...findTimes(text)];
      // A zero read as an O among the figures (`04202 5118O4`) is a zero; so is an O or an l in a
      // group of the number's figures standing on its own (`77 18 O4`, `3O 88 l2`).
      return findPhones(phoneGroupFigures(zerosInFigures(text)), { country: ctx.country })
        .filter((p) => !AFTER_REGISTRATION_LABEL.test(text.slice(0, p.start)) && !AFTER_NUMBER_SIGN.test(text.slice(0, p.start).replace(/[\d/.-]+$/u, '')))
        .filter((p) => !taxIds.some((t) => t.start < p.end && p.start < t.end) && !moments.some((m) => m.start < p.end && p.start < m.end))
        .map((p) => ({ value: p.value, raw: p.raw, start: p.start, end: p.end, quality: p.e164 ? 1 : 0.85 }));
    }
    case 'tax_id': {
      if (labelled) {
        const t = parseLabelledTaxId(text);
        return t ? [{ value: t.value, raw: t.raw, start: t.start, end: t.end, quality: t.kind === 'labelled' ? 0.9 : 1 }] : [];
      }
      return findTaxIds(text).map((t) => ({ value: t.value, raw: t.raw, start: t.start, end: t.end, quality: 1 }));
    }
    case 'email':
      return [...text.matchAll(EMAIL)].map((m) => ({ value: m[0].toLowerCase(), raw: m[0], start: m.index, end: m.index + m[0].length, quality: 1 }));
    case 'iban':
      return [...text.toUpperCase().matchAll(IBAN)]
        .map((m) => ({ value: m[1].replace(/ /g, ''), raw: m[1], start: m.index, end: m.index + m[1].length }))
        .filter((m) => ibanValid(m.value))
        .map((m) => ({ ...m, quality: 1 }));
    case 'bic':
      return labelled ? [...text.toUpperCase().matchAll(BIC)].map((m) => ({ value: m[1], raw: m[1], start: m.index, end: m.index + m[1].length, quality: 0.95 })) : [];
    case 'card_last_four': {
      const masks = findCardMasks(text).map((c) => ({ value: c.lastFour, raw: c.raw, start: c.start, end: c.end, quality: 1 }));
      const bare = labelled && masks.length === 0 ? bareLastFour(text) : null;
      return bare ? [{ value: bare.digits, raw: bare.digits, start: bare.start, end: bare.start + 4, quality: 0.9 }] : masks;
    }
    case 'document_number': {
      if (!labelled) return [];
      // A date or a time under a title read as a label (`Kvittering` over `10.12.2024 18:29:26`) is no number.
      const moments = [...findTimes(text), ...findDates(text)];
      // Nor is a clock's time alone (a Nordic `09.12` beside the date, under a title read as a label).
      return documentNumber(text).filter((v) => !moments.some((m) => v.start < m.end && m.start < v.end) && !CLOCK.test(String(v.value)));
    }
    case 'identifier': {
      if (!labelled) return [];
      // A time or a date beside the label is no identifier (Swedish `TID 16:35` is a time, not a
      // terminal), nor a card number after the scheme's word (`MASTERCARD …8889` under a `Tid`
      // label); a masked number right after the label is the identifier printed masked (`TERMINALE: ****1428`).
      const cards = findCardMasks(text).filter((m) => text.slice(0, m.start).trim() !== '');
      const taken = [...findTimes(text), ...findDates(text), ...cards];
      // A terminal's or merchant's number printed in groups of four figures, alone in its slot (`Term. 5071 2294`), is one number.
      const groups = FOUR_FIGURE_GROUPS.exec(text);
      if (groups) {
        const start = groups.index + groups[0].indexOf(groups[1]);
        return [{ value: groups[1].replace(/ /g, ''), raw: groups[1], start, end: start + groups[1].length, quality: 0.9 }];
      }
      // Nor is a word in small letters.
      return documentNumber(text).filter(
        (v) => !/^\d{1,2}[:.]\d{2}(?:[:.]\d{2})?$/.test(v.value as string) && findDates(v.raw).length === 0 && !taken.some((s) => v.start < s.end && s.start < v.end) && !smallLettersOnly(String(v.value)),
      );
    }
    case 'text':
    case 'party_name':
    case 'party_address': {
      if (!labelled) return [];
      const v = text.trim();
      if (v === '') return [];
      // An EMV application id is the AID's value, never a free word field's (`App: A0000000043060` is no application label).
      if (kind === 'text' && !field.pattern && isAid(v)) return [];
      // Nor is a way the card was read or verified, or an outcome, printed under its label (`Aplicação
      // A0000000041010` / `Sem contacto`): a word of its own field.
      if (kind === 'text' && !field.pattern && enumMatches(v, WORD_FIELDS_VALUES).some((m) => m.start === 0 && m.end === v.length)) return [];
      if (field.pattern) {
        // A pattern field takes the first token run that matches, not the whole rest of the line.
        const re = userPattern(field.pattern);
        if (re) {
          // A code of figures with a letter OCR read for a figure (`4188O6`, a trace's `O28811`) is
          // that code. Where the pattern takes no letter there (a trace's `000S12`), up to two
          // letters that look like figures are read as them.
          const read = (t: string) => {
            const figures = digitsBetweenDigits(t);
            if (re.test(figures)) return figures;
            const wide = lettersAsFigures(t, true);
            return t.replace(/\D/g, '').length >= Math.max(4, t.length - 2) && re.test(wide) ? wide : null;
          };
          const fits = (t: string) => codeLike(t) && read(t) !== null;
          if (fits(v)) return [{ value: read(v) as string, raw: v, start: 0, end: v.length, quality: 1 }];
          // Groups of figures parted by single spaces, the first too short alone, that fit together
          // are one code, as a printer groups a reference (`RRN: 6288 09114217`).
          const joined = v.replace(/ /g, '');
          if (/^\d+(?: \d+)+$/u.test(v) && fits(joined) && !fits(v.split(' ')[0])) return [{ value: read(joined) as string, raw: v, start: 0, end: v.length, quality: 0.9 }];
          for (const m of v.matchAll(/\S+/g)) {
            if (fits(m[0])) return [{ value: read(m[0]) as string, raw: m[0], start: m.index, end: m.index + m[0].length, quality: 0.95 }];
          }
          // What fits no pattern is kept, weakly, to be reviewed as invalid (a misread code), unless
          // it is words a label runs into (`Autorisierung abgelehnt`: an outcome, no code).
          // Nor words closed by a colon without a figure: the label's own rest (`Cod.Aut. preaut.:`).
          return misreadWord(v) || plainWords(v) || LABEL_REST.test(v) ? [] : [{ value: v, raw: v, start: 0, end: v.length, quality: 0.3 }];
        }
      }
      return [{ value: v, raw: v, start: 0, end: v.length, quality: 0.9 }];
    }
  }
}

// The values of the slip's word fields: entry method, verification and outcome.
const WORD_FIELDS_VALUES: readonly string[] = ['chip', 'contactless', 'swipe', 'manual', 'fallback', 'pin', 'signature', 'cdcvm', 'none', ...OUTCOMES];

const FOUR_DIGITS = /(?<![\p{N}])[0-9]{4}(?![\p{N}])/u;

/**
 * The last four of a card beside its label, without a mask: four digits opening the slot with no
 * figure after them (`Karte 1234`, `Card: 1234`), or the one group of four digits of a short slot
 * of words (`endet auf 2088`; `(last 4)` before which `8866` stood).
 */
function bareLastFour(text: string): { digits: string; start: number } | null {
  // Not the first group of a number masked after it (`6703 XXXX XXXX X419`: the bank's digits).
  const first = /^\s*([0-9]{4})(?![\p{N}])(?!\s*\d)(?!\s*[Xx*•#]{2})/u.exec(text);
  if (first) return { digits: first[1], start: first.index + first[0].length - 4 };
  const one = FOUR_DIGITS.exec(text);
  return one && /^[^\d]{0,20}$/u.test(text.replace(FOUR_DIGITS, '')) ? { digits: one[0], start: one.index } : null;
}

// Words a number's label may still carry before the number itself (`Rechnung Nr. 12`, `No: 12`).
const MARKERS = new RegExp(`^(?:\\s*${NUMBER_MARKER}\\.?\\s*:?)*\\s*`, 'iu');

/** A document number from a labelled slot: its first token with a digit, markers skipped. */
function documentNumber(text: string): ReadValue[] {
  // Markers and label words as OCR reads them with a digit for a letter (`N0`, `C0DE`) are no number.
  const readings = digitLetterReadings(text);
  const skip = Math.max(...readings.map((r) => MARKERS.exec(r)?.[0].length ?? 0));
  const tokens = numberTokens(text.slice(skip)).filter((t) => !misreadWord(t.value));
  const n = tokens.findIndex((t) => t.hasDigit);
  if (n < 0) {
    // A code of capitals alone in the slot, no word of the vocabulary nor a card scheme's (`Beleg-Nummer:
    // ZRGQAFKEHA`, as app-based terminals number their transactions): the number, read less surely.
    const only = tokens.length === 1 ? tokens[0] : null;
    return only && (LETTER_CODE.test(only.value) || ACCOUNT_NAME.test(text.slice(skip).trim())) && !isVocabularyWord(only.value) && !isSchemeWord(only.value) ? [{ value: only.value, raw: only.value, start: skip + only.start, end: skip + only.end, quality: 0.7 }] : [];
  }
  const { value, start, end } = tokens[n];
  // A price after other words (`Bon d'achat à partir de 150,00 EUR`, an offer on a till) is no
  // number, nor a rate (`20% OFF`).
  if (n > 0 && (PRICE.test(value) || /^,\d{2}(?!\d)/u.test(text.slice(skip + end)))) return [];
  // Nor is a price with a decimal comma standing alone after the label (a tax total's `TOTAL TVA
  // BON 8,33`, whose `BON` is no receipt's label).
  if (/^,\d{2}\s*$/u.test(text.slice(skip + end))) return [];
  if (/^\s?%/u.test(text.slice(skip + end))) return [];
  // A document type's code before a series and number is part of the number, as Portuguese
  // documents are named (`FS A/4172`, `FT 2026/118`).
  const series = n > 0 ? tokens[n - 1] : null;
  if (series && SERIES_CODE.test(series.value) && value.includes('/') && !isVocabularyWord(series.value) && /^ {1,2}$/u.test(text.slice(skip + series.end, skip + start))) {
    const raw = text.slice(skip + series.start, skip + end);
    return [{ value: raw, raw, start: skip + series.start, end: skip + end, quality: n === 1 ? 1 : 0.7 }];
  }
  // The number standing first in the slot is the likeliest; one after other words less so.
  return [{ value: digitsBetweenDigits(slashedZeros(value)), raw: value, start: skip + start, end: skip + end, quality: n === 0 ? 1 : 0.7 }];
}

// A figure with two decimals: a price.
const PRICE = /^\d+\.\d{2}$/u;

// Two or three capitals: a document type's code (`FS`, `FT`, `NC`).
const SERIES_CODE = /^[A-Z]{2,3}$/u;

let itemCount: RegExp | null = null;

/** The words of a count of items right after a figure (vocabulary `item_count`: `items`, `Artikel`, `varer`). */
function itemCountAfter(): RegExp {
  itemCount ??= new RegExp(`^\\s?(?:${valueWords('item_count').map(escapeRegExp).join('|')})\\.?(?![\\p{L}])`, 'iu');
  return itemCount;
}

// ISO 8583's amount field: twelve figures, zeros first.
const MINOR_UNITS = /^00\d{10}$/u;

// Two to four groups of four figures parted by single spaces, alone in a slot (after its colon).
const FOUR_FIGURE_GROUPS = /^\s*[:.#]?\s*(\d{4}(?: \d{4}){1,3})\s*$/u;

// A B, S or Z (8, 5, 2) with figures on both sides.
const WIDE_BETWEEN = /(?<=\d)[BSZ](?=\d)/u;

/**
 * A number of figures but up to three letters that look like figures, as OCR misreads them
 * (`334l29871`, `66I2001`, `O98812255`, `OO12O441`, `0O38`, `O611`): the figures. An `l`, `I` or `O` may
 * stand anywhere; a `B`, `S` or `Z` only alone, between figures and among six others
 * (`2B114007`, `552B104771`): shorter codes mix letters and figures by design. Figures must be
 * most of it, and codes that mix other letters keep them (`CT123456`, `S1A0012345`).
 */
function digitsBetweenDigits(printed: string): string {
  // A number in parts (`0418/0023l`, `T1-0O4471`): a part of figures with an l, I or O among
  // them is figures (a B, S or Z may be the code's own letter: `RR-00419B22`).
  if (/^[\p{L}\p{N}]+(?:[-/][\p{L}\p{N}]+)+$/u.test(printed)) return printed.split(/([-/])/u).map((p) => (/^[\dlIOo]+$/u.test(p) && /\d.*\d/u.test(p) ? lettersAsFigures(p) : p)).join('');
  // In a code of capitals and figures that holds a letter no figure looks like, an O between two
  // figures is a zero (`KB2188O3`); codes of figures and look-alike letters are read below.
  if (/^[\dA-Z]+$/u.test(printed) && /[AC-HJKMNPQRT-Y]/u.test(printed)) return printed.replace(/(?<=\d)O(?=\d)/gu, '0');
  // Figures and O's alone, four or more (`OO84`, `OO3O2`): a photo's thin zeros, however many.
  if (/^[\dOo]{4,}$/u.test(printed) && /\d/u.test(printed)) return printed.replace(/[Oo]/gu, '0');
  // A small l among figures is a 1 (`0l44`, `O0l4`, `088l2C`): codes print capitals.
  const value = /^[\dlOo]+$/u.test(printed) && /l/u.test(printed) && printed.replace(/\D/gu, '').length >= 2 ? printed.replace(/l/gu, '1') : /^[\dA-Zl]+$/u.test(printed) ? printed.replace(/(?<=\d)l(?=\d)/gu, '1') : printed;
  if (value.length < 4 || !/^[\dlIOoBSZ]+$/u.test(value)) return value;
  const digits = value.replace(/\D/g, '').length;
  const letters = value.length - digits;
  const wide = value.replace(/[^BSZ]/g, '').length;
  if (letters === 0 || letters > 3 || digits <= letters || (value.length < 5 && !/^\d*[Oo]\d+$/u.test(value))) return value;
  if (wide > 1 || (wide === 1 && (value.length < 7 || !WIDE_BETWEEN.test(value.replace(/[lIOo]/g, '0'))))) return value;
  const read = lettersAsFigures(value, true);
  return /^\d+$/u.test(read) ? read : value;
}

/**
 * `Ø` in a code of capitals and figures is a slashed zero as printers draw it, which the Latin
 * recogniser reads as the Danish letter (`DL43YVMTØD` -> `DL43YVMT0D`); words keep their `Ø`.
 */
function slashedZeros(value: string): string {
  return /[Øø]/u.test(value) && /^[A-Z0-9Øø./_-]+$/u.test(value) && /[0-9]/u.test(value) ? value.replace(/[Øø]/gu, '0') : value;
}

/**
 * A token a code may be: not a word in small letters (`kod`), nor a label's word misread (`C0DE`),
 * nor, without a digit, a word of the vocabulary (`ERFOLGT` of `AUTORISIERUNG ERFOLGT`).
 */
// Nor is a card scheme's name (`VISA` under a column of labels) a code.
const codeLike = (t: string) => !smallLettersOnly(t) && !misreadWord(t) && (/\p{N}/u.test(t) || (!isVocabularyWord(t) && !isSchemeWord(t)));

/** Words of letters only, each in small letters, a word of the vocabulary or a scheme's (`abgelehnt`, `ERFOLGT`, `VISA`). */
function plainWords(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((w) => /^\p{L}+$/u.test(w) && (smallLettersOnly(w) || isVocabularyWord(w) || isSchemeWord(w)));
}

/** A word of the vocabulary read with a digit for a letter (`C0DE`, `N0`): a label's word, no code. */
function misreadWord(token: string): boolean {
  return /\p{N}/u.test(token) && digitLetterReadings(token).slice(1).some((r) => isVocabularyWord(r));
}

// Eight to twelve capitals: a made-up code, longer than the short words printed after a label.
const LETTER_CODE = /^[A-Z]{8,12}$/u;
// A merchant account's name as app-based acquirers print it for the merchant id: words run
// together, each opening with a capital, or joined by an underscore (`HarbourTwineGB_POS`, `VoltPisteFI`).
const ACCOUNT_NAME = /^(?=\p{Lu}[\p{L}\p{N}_]{5,40}$)(?=.*(?:\p{Ll}\p{Lu}|_))[\p{L}\p{N}_]+$/u;

let cardWords: ReadonlySet<string> | null = null;

/** A word the vocabulary lists for a card (`Debit`, `Crédit`, `Debetkort`). */
function isCardWord(raw: string): boolean {
  cardWords ??= new Set(valueWords('card').map(compact));
  return cardWords.has(compact(raw));
}

// A number's mark right after a word, with its figures or with them in the next cell (`N. 0088`, `Nr 12`, `n°`).
const NUMBER_AFTER = /^\s*(?:n[°º]?|nr|no|num)\.?\s*:?\s*(?:\d|$)/iu;

// Words and points closed by a colon, no figure among them: the rest of a label.
const LABEL_REST = /^[\p{L}\s.]+:\s*$/u;

// A price's shape alone in a cell, its figures possibly read as l, I, O, B or S.
const LETTERED_PRICE = /^\s*[\dlIOoBS]{1,5}[.,][\dOoBSlI]{2}\s*$/u;

// A group of two to five figures in which OCR read an O or an l, parted by spaces from the rest.
const LETTERED_GROUP = /(?<![\p{L}\p{N}])[\dOolI]{2,5}(?![\p{L}\p{N}])/gu;

/** The text with such groups read as figures, where two groups of figures stand before them (same length). */
function phoneGroupFigures(text: string): string {
  return text.replace(LETTERED_GROUP, (g, at: number) => (/\d/u.test(g) && /[OolI]/u.test(g) && /\d[\d -/]*\d\s*[-/]?\s*$/u.test(text.slice(0, at)) ? lettersAsFigures(g) : g));
}
