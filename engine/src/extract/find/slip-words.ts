import type { Line } from '../layout/document-text.js';
import { LabelFinder, letterKey } from '../layout/labels.js';
import { isAddressOpener } from './address-words.js';
import { findCardMasks, isAid } from '../normalize/card.js';
import { digitLetterReadings, lettersAsFigures } from '../normalize/digit-letters.js';
import { labelWords, SCHEME_NAMES } from '../vocabulary/vocabulary.js';
import acquirerFile from '../vocabulary/acquirers.json' with { type: 'json' };
import { enumMatches } from './enum-words.js';

/**
 * Acquirers, processors and banks whose name a terminal prints above the merchant's
 * (vocabulary/acquirers.json: `NEXI`, `CaixaBank`, `eService`, `SIBS - MULTIBANCO`), by their
 * letters and digits, with and without a company form after them (`Bank Pekao S.A.`) and the
 * country of their local company (`Fiserv Polska S.A.`: acquirers.json's `countries`).
 */
// Keys without accents (letterKey): printers print `ČSOB` and `CSOB`.
const ACQUIRERS: ReadonlySet<string> = new Set(acquirerFile.acquirers.map(letterKey));
const ACQUIRER_FORM = /[\s,]+(?:S\.?\s?A\.?|S\.?p\.?A\.?|AG|SE|plc|Ltd\.?|N\.?V\.?|GmbH|AB|ASA|Oyj|s\.\s?r\.\s?o\.?|a\.\s?s\.?|Sp\.\s?z\s?o\.\s?o\.?)\s*$/iu;
// The bank's card service after its name (`INTESA SANPAOLO - POS`, `BANCO BPM - SERVIZIO POS`, `Nexi SmartPOS`).
const ACQUIRER_SERVICE = /[\s,–-]+(?:servi[cz]i[oe]\s+)?(?:Smart\s?POS|POS|TPV)\s*$/iu;
// The country of a processor's local company after its name (`Fiserv Polska S.A.`, `Nexi Italia`).
const ACQUIRER_COUNTRIES: ReadonlySet<string> = new Set(acquirerFile.countries.map(letterKey));

// The label a terminal prints before its acquirer's name (`ACQUIRER WORLDLINE ITALIA`).
const ACQUIRER_LABEL = /^\s*(?:acquirer|acquéreur|acquereur|acquirente|adquirente)\b\s*:?\s*\S/iu;

/** A row that is an acquirer's or bank's name and nothing else, or the acquirer's label and a name. */
export function isAcquirerRow(text: string): boolean {
  if (ACQUIRER_LABEL.test(text)) return true;
  // Read also with its digits back as letters (`K0MERCNI BANKA`).
  // Two of them parted by a slash (`Fiserv Polska / Polcard`): each is one.
  const parts = text.split(/\s+\/\s+/u);
  if (parts.length > 1) return parts.every((p) => isAcquirerRow(p));
  return digitLetterReadings(text).some((t) => {
    // A logo's colon after the name (`BPER:`) is none of it.
    const name = t.replace(/\s*:\s*$/u, '').replace(ACQUIRER_SERVICE, '').replace(ACQUIRER_FORM, '').trim();
    const words = name.split(/\s+/u);
    const country = words.length > 1 && ACQUIRER_COUNTRIES.has(letterKey(words[words.length - 1]));
    const key = letterKey(country ? words.slice(0, -1).join(' ') : name);
    return key !== '' && ACQUIRERS.has(key);
  });
}

/**
 * What a card terminal prints around the payment, in any language (vocabulary/*.json): outcomes,
 * entry and verification methods, transaction types, copy markers, card words and schemes.
 */
const SLIP_CONCEPTS: readonly string[] = [
  'approved',
  'declined',
  'chip',
  'contactless',
  'swipe',
  'manual',
  'pin',
  'signature',
  'cdcvm',
  'sale',
  'refund',
  'void',
  'pre_authorization',
  'completion',
  'merchant_copy',
  'customer_copy',
  'receipt_title',
  'card',
  ...SCHEME_NAMES,
];

/**
 * A row a terminal prints about the payment, not about the merchant: every word of it is a slip
 * word (`CARTE BANCAIRE`, `SANS CONTACT`, `Kartenzahlung`, `MASTERCARD CONTACTLESS`, `SALE`,
 * `TICKET CLIENT`), it shows a masked card number, or it names the acquirer or bank (`NEXI`).
 * Such a row is never the merchant's name or address, and after them the header is over.
 */
export function isSlipRow(text: string): boolean {
  // An amount alone on its row (`€1.45`, `148,70 €`): the payment, not an address line.
  if (AMOUNT_ALONE.test(text.trim())) return true;
  const letters = text.replace(/[^\p{L}]/gu, '').length;
  if (letters === 0) return false;
  // An AID alone on its row, figures OCR read as letters or not (`A00000OO421010`).
  if (isAid(lettersAsFigures(text.trim()))) return true;
  if (findCardMasks(text).length > 0 || opensWithSlipLabel(text, SLIP_LABELLED) || isAcquirerRow(text)) return true;
  let covered = 0;
  for (const m of enumMatches(text, SLIP_CONCEPTS, true)) covered += m.raw.replace(/[^\p{L}]/gu, '').length;
  // A number's label alone on its row, its value printed below (`NO COMMERÇANT`).
  if (covered < letters && !/\d/.test(text)) covered = Math.max(covered, slipLabelLetters(text));
  return covered >= letters;
}

/**
 * A row of the payment itself: a masked card number, a terminal's number after its label
 * (`Trace-Nr. 038457`, `TID: 52001234`) or the total with its figure (`Totale EUR 1,81`). No
 * merchant's name comes after one: a slip block printed inside a till receipt, or an app's receipt
 * that opens with the total, has no name of its own above. (Receipt and reference numbers are
 * left out: some tills print them above the name.)
 */
export function isPaymentRow(text: string): boolean {
  return findCardMasks(text).length > 0 || opensWithSlipLabel(text, TERMINAL_LABELLED) || (AMOUNT_AFTER.test(text) && opensWithSlipLabel(text, AMOUNT_LABELLED));
}

// A figure with cents ends the row: the total's row, not a name that holds a label word.
const AMOUNT_AFTER = /\d[.,]\d{2}(?:\s?[\p{Sc}]|\s[A-Z]{3})?\s*$/u;

const AMOUNT_ALONE = /^(?:[\p{Sc}]\s?|[A-Z]{3}\s)?\d{1,3}(?:[ .,']?\d{3})*[.,]\d{2}(?:\s?[\p{Sc}]|\s[A-Z]{3}|\s?zł|\s?kr\.?)?$/u;

/** Fields a terminal prints as `label value` rows, whose labels open no merchant's name. */
const SLIP_LABELLED = ['receipt_number', 'trace_number', 'transaction_number', 'terminal_id', 'merchant_id', 'auth_code', 'rrn', 'batch_number', 'application_id', 'card_last_four', 'amount'];

/** Fields only a payment terminal prints. */
const TERMINAL_LABELLED = ['trace_number', 'terminal_id', 'merchant_id', 'auth_code', 'application_id'];

/** The total's label (a constant: the label finders are kept per list). */
const AMOUNT_LABELLED = ['amount'];

// One finder per list of fields, kept by the list itself: pass the module's constants, not new arrays.
const finders = new Map<readonly string[], LabelFinder>();

/** The row opens with the label of one of `fields` and a figure follows (`Beleg-Nr. 6165`, `TID: 52001234`). */
function opensWithSlipLabel(text: string, fields: readonly string[]): boolean {
  if (!/\d/.test(text)) return false;
  return labelsIn(text, fields).some((h) => h.leading && /\d/.test(text.slice(h.end)));
}

/** Letters of the row that the labels of the terminal's numbers cover. */
function slipLabelLetters(text: string): number {
  return labelsIn(text, SLIP_LABELLED).reduce((n, h) => n + text.slice(h.start, h.end).replace(/[^\p{L}]/gu, '').length, 0);
}

function labelsIn(text: string, fields: readonly string[]) {
  let finder = finders.get(fields);
  if (!finder) {
    // A batch's `Lote` opens a Portuguese address's line too (`Lote 5`): no slip row is known by it.
    finder = new LabelFinder(fields.map((path) => ({ path, aliases: labelWords(path).filter((w) => !isAddressOpener(w)) })));
    finders.set(fields, finder);
  }
  const line = { index: 0, page: 1, source: 'client_ocr', text, confidence: 1, box: { x: 0, y: 0, width: 1, height: 1 }, words: [], row: 0, size: 1 } as Line;
  return finder.inLine(line);
}
