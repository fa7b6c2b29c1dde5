import type { DocumentText, Line } from '../layout/document-text.js';
import type { LabelHit } from '../layout/labels.js';
import { digitLetterReadings } from '../normalize/digit-letters.js';
import { findDates } from '../normalize/date.js';
import { findTimes } from '../normalize/time.js';
import { findCardMasks } from '../normalize/card.js';
import { REGISTRATION_LABELS, isBranchRow, isEuropeanPostcodeTown, isEuropeanStreet } from './address-words.js';
import { isVocabularyWord } from './enum-words.js';
import { isAcquirerRow } from './slip-words.js';

// A row of words and a code with a digit, a label's place and its value's (`Prüfnummer: 284715`,
// `Termna1-ID 52110873`).
const LABEL_AND_CODE = /^\s*(\p{L}[\p{L} .'/-]{2,30}?)\s*[:.]?\s+([A-Z0-9][A-Z0-9-]{3,})\s*$/u;
const REGISTRATION = new RegExp(`(?<![\\p{L}])(?:${REGISTRATION_LABELS})(?![\\p{L}])`, 'iu');

/**
 * A row that prints a number after a label no field knows, whose number no field took: on a
 * payment slip, the label of a field the vocabulary lacks or OCR misread (`Prüfnummer: 284715`,
 * `TermnaI-ID 52110873`), so a value may be missing that nothing else would flag. Not a
 * registration number (`NIF B93456712`), a header's name or address line, a row above the first
 * one a label names, a street or a town, a branch (`Filiale 1140`), a masked card number, an
 * acquirer, a date or a time, nor a row whose words are all the vocabulary's (`OPERACION
 * AUTORIZADA`). The first such row, or null.
 */
export function unreadLabelRow(doc: DocumentText, hitsOnLine: (l: Line) => LabelHit[], values: readonly string[], headerLines: ReadonlySet<number>): string | null {
  // Above the first row a label names, the merchant's own rows (`LYON 69002`, a town over its postcode).
  const first = doc.rows.findIndex((r) => r.lines.some((l) => hitsOnLine(l).length > 0));
  for (const row of doc.rows.slice(Math.max(first, 0))) {
    const text = row.lines.map((l) => l.text).join(' ').trim();
    const m = LABEL_AND_CODE.exec(text);
    if (!m || !/\d/.test(m[2]) || /^[X*#]+\d{1,4}$/iu.test(m[2]) || findCardMasks(text).length > 0 || isBranchRow(text)) continue;
    // A word read with a digit for a letter (`AUT0RIZADA`) is no code.
    if (digitLetterReadings(m[2]).some((r) => !/\d/.test(r))) continue;
    if (row.lines.some((l) => headerLines.has(l.index) || hitsOnLine(l).length > 0)) continue;
    if (values.some((v) => v.length >= 4 && (m[2].includes(v) || v.includes(m[2])))) continue;
    if (REGISTRATION.test(text) || isEuropeanStreet(text) || isEuropeanPostcodeTown(text) || isAcquirerRow(text)) continue;
    if (findDates(text).length > 0 || findTimes(text).length > 0) continue;
    const words = m[1].split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
    if (words.every((w) => digitLetterReadings(w).some((r) => isVocabularyWord(r)))) continue;
    return text;
  }
  return null;
}
