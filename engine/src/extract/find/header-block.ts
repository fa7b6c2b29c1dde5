import type { DocumentText, Line, Row } from '../layout/document-text.js';
import { unionBox } from '../layout/document-text.js';
import { findDates } from '../normalize/date.js';
import { digitsInWords } from './digits-in-words.js';
import { addressStreetWords, endsWithHouseNumber, opensWithHouseNumber, EXTRA_LEGAL_FORMS, OWNER_LABELS, REGISTRATION_LABELS, isBranchRow, isEuropeanPostcodeTown, isEuropeanStreet, opensWithStreetWord, britishPostcodeReadBack, withoutIrishCounty } from './address-words.js';
import { isPaymentRow, isSlipRow } from './slip-words.js';
import { unicodeWords } from '../layout/unicode-words.js';
import { aliasPattern, compact, escapeRegExp, letterKey } from '../layout/labels.js';
import { oneEditApart } from '../normalize/one-edit.js';
import { findCurrencies } from '../normalize/currency.js';
import { findTaxIds } from '../normalize/tax-id.js';
import { valueWords, vocabularyWordLanguages } from '../vocabulary/vocabulary.js';

/** The issuer's name and address as the top of the first page prints them. */
export interface HeaderBlock {
  name: { text: string; lines: Line[] } | null;
  address: { text: string; lines: Line[] } | null;
}

// Company forms in names (the name may wrap before them). General legal words, not shop names.
const LEGAL_FORM = unicodeWords(new RegExp(`\\b(SDN\\.?\\s*BHD|BHD|BERHAD|S\\/B|PTE\\.?\\s*LTD|LTD|LIMITED|LLC|L\\.L\\.C|INC|CORP|CORPORATION|CO\\.?|COMPANY|GMBH|AG|KG|OHG|UG|SARL|SAS|S\\.A\\.S\\.?|S\\.A\\.?(?:U\\.?)?|S\\.L\\.?(?:U\\.?)?|SRL|S\\.R\\.L|SPA|S\\.P\\.A|B\\.V\\.?|N\\.V\\.?|PLC|PTY|ENTERPRISE|ENTERPRISES|TRADING|HOLDINGS|${EXTRA_LEGAL_FORMS})\\b\\.?`, 'iu'));
const LEGAL_FORMS = new RegExp(LEGAL_FORM.source, 'giu');
// French and Belgian forms printed before the company's name, and a word of it after them.
const FORM_BEFORE_NAME = /^\s*(?:SARL|SAS|SASU|EURL|SNC|SCI|SRL|SPRL|BVBA|BV)\s+(?!\(|SDN|BHD)\p{L}{2,}/iu;
// Rows that end the header: document titles, table and cashier lines, dates and times.
// A table is the body with its number only (`TABLE 12`, `Table No: 4`): `LA TABLE D ANNA` is a name.
const BODY = unicodeWords(/\b(INVOICE|RECEIPT|CASH\s*BILL|BILL\s*NO|CASHIER|TABLE(?=\s*(?:NO\.?|#)?\s*:?\s*\d|\s*$)|ORDER|DATE|TIME|DOC(UMENT)?\s*NO|SLIP|TRANS|MEMBER|QTY|ITEM)\b/iu);
// The same where OCR has spaced the words out (`TAX IN VOI CE`, `T el:`): searched without spaces.
const BODY_COMPACT = /(INVOICE|RECEIPT|CASHIER|PAYBY|BILLNO)/u;
const CONTACT_COMPACT = /(TEL|FAX|PHONE|MOBILE?|WHATSAPPS?|CARELINE|HOTLINE)[A-Z]*\.?:/u;
// An item row: words, then a price at its end (`22241 WS CUT SCISSORS 18.00 S`); no header row ends so.
const PRICED = /\p{L}.*\s\d+[.,]\d{2}(\s+[A-Z])?$/u;
// A label, a colon and a long number with spaces or dashes at most: a phone line.
const LABELLED_NUMBER = /:\s*\+?(?=(?:[\s()-]*\d){7})[\d\s()-]+$/u;
const TIME = unicodeWords(/\b\d{1,2}:\d{2}\b/u);
const MONTH_DATE = /\d{1,2}(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\d{2,4}/u;
// Contact details: after them the address is over.
const CONTACT = unicodeWords(/\b(TEL|TELEPHONE|PHONE|FAX|H\/P|HP|MOBILE|E-?MAIL|WWW|HTTPS?|CARELINE|HOTLINE)\b|\b[TF]\s*:|@|\.COM\b/iu);
// Phone, fax and e-mail labels in every language (vocabulary/*.json `contact`: `Telefon`, `Tlf`, `Puh`, `Tél`).
const CONTACT_WORDS = new RegExp(
  valueWords('contact')
    .flatMap((w) => aliasPattern(w)?.source ?? [])
    .join('|'),
  'iu',
);
// Registration details printed under the name (GST number, company number, site code).
const REGISTRATION = unicodeWords(
  new RegExp(`\\b(GST|SST|VAT|TAX|REG|ROC|CO\\.?\\s*NO(?=\\s*[.:#(\\d])|COMPANY\\s*NO|BR\\s*NO(?=\\s*[.:#(\\d])|ID|${REGISTRATION_LABELS})(?![\\p{L}\\p{N}])|\\bSITE\\s*(NO|CODE|ID)?\\.?\\s*[:#]?\\s*\\d|^\\(?\\s*[A-Z]{0,3}\\d[\\d\\s-]*[A-Z]?\\s*\\)?$|^\\(.*\\)$|^<.*>$`, 'iu'),
);
// A row opening with the label of the business's owner (vocabulary/addresses.json `owner_labels`).
const OWNER = new RegExp(`^\\s*(?:${OWNER_LABELS})\\.?\\s*:?(?![\\p{L}])`, 'iu');
// Not the figures of a word (`Blume2000`); a lot prefix stays (`PT15944`).
const POSTCODE = /(?<!\p{L}{3})(?<![\p{N}])\d{4,6}(?![\p{N}])/u;
// A postcode with its town (`40150 Shah Alam`, `CA 94105`, `ON M5V 2A8`): the address's last line, or nearly.
const POSTCODE_TOWN = unicodeWords(/(?<![\p{N}-])\d{4,6},?\s+\p{L}{3,}|\b[A-Z]{2}\s+\d{5}(-\d{4})?\b|\b[A-Z]{2}\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/u);
const STREET = unicodeWords(
  /^\(?\d+[A-Z]?\s*(?:[,.:&/]|-(?!\p{L}{3}))|\b(NO|LOT|JALAN|JLN|JL|LORONG|LRG|TAMAN|TMN|LEVEL|FLOOR|FLR|BLOCK|BLK|UNIT|STREET|ST|ROAD|RD|AVENUE|AVE|BLVD|BOULEVARD|LANE|LN|DRIVE|DR|HIGHWAY|HWY|WAY|SUITE|PLAZA|BANDAR|BDR|KAWASAN|PERSIARAN|SEKSYEN|SECTION|STRASSE|STRAßE|STR|PLATZ|WEG|ALLEE|RUE|AVENIDA|CALLE|VIA|PIAZZA|CORSO)\b/iu,
);
// The same street words where OCR has spaced a word out (`J ALA N`): searched in the text without spaces.
const COMPACT_STREET_WORDS = ['JALAN', 'JLN', 'LORONG', 'TAMAN', 'TMN', 'KAWASAN', 'PERSIARAN', 'BANDAR', 'SEKSYEN', 'STREET', 'ROAD', 'AVENUE', 'BOULEVARD', 'STRASSE', 'STRAßE'];
const STREET_COMPACT = new RegExp(`(${COMPACT_STREET_WORDS.join('|')})`, 'u');

// Receipt boilerplate some tills print above the name: thanks, return policy, loyalty notes.
const BOILERPLATE = /THANK\s*YOU|COME\s+AGAIN|NOT\s+RETURNABLE|GOODS\s+SOLD|FEEDBACK|COMPLAINT|REDEEM|VOUCHER|WELCOME/iu;
// `Company No` / `Co. Reg`: the legal word of a registration label.
// (`Gelateria Il Cono` is a name: the label has a point or space inside, or a figure or mark after it.)
const COMPANY_NUMBER = /\b(COMPANY|CO)(?:\.?\s+|\.)(NO|REG)\b.*$|\b(COMPANY|CO)(NO|REG)\b(?=\s*[.:#(\d]).*$/iu;

type RowKind = 'noise' | 'body' | 'date' | 'contact' | 'registration' | 'address' | 'text';

/**
 * The header block: the rows of page 1 above the body (title, dates, table). Each row is the
 * body, contact details, registration details, an address line or other text.
 *
 * The name is the first row with words (not a lower-case scribble, not mostly digits), continued
 * onto the next row when it breaks off (`&`, `,`, an open parenthesis), when a company form
 * follows on a row of its own (`SDN BHD`), when a row names the kind of business (`KOREAN
 * RESTAURANT`) or when large print wraps (`FIVE` / `GUYS`). A registered company name (one with a
 * legal form) in the rows just below a brand line, never a street line, is the issuer and wins over
 * the brand. Registration numbers and branch notes after the legal form are cut off.
 *
 * The address starts at the first address line after the name (registration rows in between are
 * passed over) and runs until contact or registration details, a date or the body, at most five
 * rows; once a postcode with its town is read, only a further address line or a country follows.
 */
export function findHeaderBlock(doc: DocumentText): HeaderBlock {
  const rows = doc.rows.filter((r) => r.page === doc.rows[0]?.page).slice(0, 16);
  // Postcodes read back first: a town row is known by its postcode.
  const texts = rows.map((r) => withoutReceiptFrom(britishPostcodeReadBack(onceText(r))));
  // Rows are classed as they are reached: nothing below the first body row is read.
  const classed: RowKind[] = [];
  const kind = (k: number): RowKind => (classed[k] ??= rowKind(texts[k]));

  // The brand: the first row that can be a name (a title or a date may come first), above the body.
  let firstBody = -1;
  for (let n = 0, named = false; n < rows.length && firstBody === -1; n++) {
    if (kind(n) === 'body' && named) firstBody = n;
    named ||= kind(n) === 'text' || kind(n) === 'address';
  }
  const limit = firstBody === -1 ? rows.length : firstBody;
  let i = 0;
  // A name may hold a street word (`CERVECERIA LA PLAZA`, `MAPLE STREET COFFEE`): a row of words
  // without a figure right above an address row with one is the name.
  const namedLikeStreet = (k: number) => kind(k) === 'address' && !/\d/.test(texts[k]) && k + 1 < rows.length && kind(k + 1) === 'address' && /\d/.test(texts[k + 1]);
  // So may a number (`REMA 1000 GRÜNERLØKKA`, `7-Eleven`): a row with no street word above a street
  // line and a postcode with its town is the name, not a town of its own; so is one whose street
  // word stands inside the name (`OSTERIA DA ENZO AL 29`, Polish `al.`) above a street line of its own.
  const isStreet = (t: string) => STREET.test(t) || isEuropeanStreet(t);
  const namedWithNumber = (k: number) =>
    kind(k) === 'address' && /^\s*\p{L}/u.test(texts[k]) && k + 2 < rows.length && kind(k + 1) === 'address' && /\d/.test(texts[k + 1]) && isPostcodeTown(texts[k + 2]) &&
    (!isStreet(texts[k]) || (!opensWithStreetWord(texts[k]) && isStreet(texts[k + 1]) && !isPostcodeTown(texts[k + 1])));
  while (i < limit && !((kind(i) === 'text' || (kind(i) === 'address' && (hasLegalForm(texts[i]) || namedLikeStreet(i) || namedWithNumber(i)))) && isNameLike(nameText(texts[i])))) {
    // Past a row of the payment itself (`Beleg-Nr. 6165`, a card number) no name follows.
    if (isPaymentRow(texts[i])) return footerParty(doc);
    i++;
  }
  if (i >= limit) return footerParty(doc);
  const sizes = rows.map((r) => Math.max(...r.lines.map((l) => l.size)));
  i = echoedHeadline(doc, rows, texts, i, sizes, (k) => kind(k) === 'date' || PRICED.test(texts[k])) ?? i;
  let end = i;
  while (end < rows.length && kind(end) !== 'body') end++;
  let nameEnd = continued(texts, kind, i, end, sizes);
  let nameStart = i;

  // A registered company just below the brand is the issuer.
  if (!hasLegalForm(texts.slice(nameStart, nameEnd).join(' '))) {
    for (let k = nameEnd; k < Math.min(end, nameEnd + 3); k++) {
      // A street line ends the search, company form or not: `1413 Fourth St SE` is south-east, no Societas Europaea.
      if (kind(k) === 'address' && (!hasLegalForm(texts[k]) || /^\d+[A-Z]?\s+\p{L}/u.test(texts[k].trim()))) break;
      // `Company No: ...` is a registration number, not a company; `Inh. Dr. K. Albers e.K.` its owner.
      if (OWNER.test(texts[k])) continue;
      const t = nameText(texts[k]);
      if (!hasLegalForm(texts[k]) || !hasLegalForm(t) || !isNameLike(t)) continue;
      // A company form alone on its row, or opening it, continues the row above
      // (`POPULAR BOOK` / `CO. (M) SDN BHD`, `AIK HUAT HARDWARE` / `ENTERPRISE (SETIA` / `ALAM) SDN BHD`),
      // and so does a row that opens with `&` or a parenthesis (`THE COFFEE BEAN` / `& TEA LEAF (M) SDN. BHD.`,
      // `PASAR RAYA MEGA MAJU` / `(SEMENYIH) SDN BHD`).
      // A French form before a name of its own (`SARL VINS & TERROIRS`) opens the company's name instead.
      const wrapped = (isFormOnly(t) || (startsWithForm(t) && !FORM_BEFORE_NAME.test(t)) || /^[&+(]/u.test(t.trim())) && k > 0 && isNameLike(texts[k - 1]);
      nameStart = wrapped ? k - 1 : k;
      nameEnd = continued(texts, kind, k, end, sizes);
      break;
    }
  }
  const name = { text: nameText(texts.slice(nameStart, nameEnd).join(' '), true), lines: rows.slice(nameStart, nameEnd).flatMap((r) => r.lines) };

  // The address.
  const address: number[] = [];
  let townRead = false;
  for (i = nameEnd; i < end && address.length < 5; i++) {
    const k = kind(i);
    if (k === 'noise') continue;
    if (address.length > 0) {
      // The town with the phone number after it (`81750 Johor Bahru, Tel: 07-387 3322`): the town is kept.
      if (k === 'contact' && addressBeforeContact(texts[i]) !== null) {
        address.push(i);
        break;
      }
      if (k === 'contact' || k === 'registration' || k === 'date') break;
      // After the postcode and town only a further address line, a region or a country (not a branch or mall name).
      const last = texts[address[address.length - 1]];
      // A country ends the address, alone on its row or after the town (`56000 Kuala Lumpur, Malaysia`).
      if (endsWithCountry(last)) break;
      // A row that ends with the country (`LUMPUR, MALAYSIA.`) finishes the town above it.
      if (townRead && k !== 'address' && !/,$/u.test(last) && !endsWithCountry(texts[i]) && !isRegion(texts[i], last)) break;
      // A blank line after the town ends the address (`Frome BA11 2HG` / ` ` / `CUSTOMER COPY`).
      if (townRead && blankAbove(rows, i)) break;
    } else if (k !== 'address') continue;
    address.push(i);
    townRead ||= isPostcodeTown(texts[i]);
  }
  // A French card terminal prints the town over a bare postcode (`LYON` / `69002`): the town is
  // the address's first row.
  const townRow = (k: number) => k >= nameEnd && k < end && kind(k) === 'text' && /^[\p{L}' -]+$/u.test(texts[k].trim());
  const barePostcode = (k: number) => k < rows.length && /^\s*\d{4,6}\s*$/u.test(texts[k]);
  if (address.length === 0 && townRow(nameEnd) && barePostcode(nameEnd + 1)) address.push(nameEnd, nameEnd + 1);
  else if (address.length > 0 && barePostcode(address[0]) && townRow(address[0] - 1)) address.unshift(address[0] - 1);
  // Rows of words just above an address with a postcode and town belong to it, street word or
  // not (`Car Park Office, Basement 1,` / `Labuhraya SPRINT, PJU6A,` / `47400 Petaling Jaya`).
  if (address.length > 0 && address.some((k) => isPostcodeTown(texts[k]))) {
    for (let k = address[0] - 1; k >= nameEnd && address[0] - k <= 2 && kind(k) === 'text' && /,$/u.test(texts[k]); k--) address.unshift(k);
    // The street line with its house number just above the town (`Marzahner Promenade 1 A`).
    // So is one that opens with a street word, its number lost, above a town with no street yet
    // (`QUAI DES BATELIERS` / `31000 TOULOUSE`), and any row of words over an address that names no
    // house yet, the town or a street without its number (`AEROPUERTO DE MALAGA T3` / `29004 MALAGA`,
    // `CC COLOMBO LOJA 1.045` / `AV. LUSIADA`): the place, a mall or an airport.
    const noHouseYet = (t: string) => (isPostcodeTown(t) && (isEuropeanPostcodeTown(t) || !isStreet(t)) && (t.match(/\d+(?:[-\s]\d+)*/gu) ?? []).length === 1) || (opensWithStreetWord(t) && !/\d/u.test(t));
    const place = (t: string) => !isTradeRow(t) && !hasLegalForm(t);
    // A house's row only while none of the address's rows holds one (`14 Wyle Cop` over `Shrewsbury` / `SY1 1XB`).
    const housed = () => address.some((k) => endsWithHouseNumber(texts[k]) || opensWithHouseNumber(texts[k]) || isStreet(texts[k]));
    for (let n = 0; n < 3; n++) {
      const above = address[0] - 1;
      if (!(above >= nameEnd && kind(above) === 'text')) break;
      const house = !housed() && (endsWithHouseNumber(texts[above]) || opensWithHouseNumber(texts[above]));
      if (!(house || (n < 2 && noHouseYet(texts[address[0]]) && place(texts[above])))) break;
      address.unshift(above);
    }
  }
  if (address.length === 0) return { name, address: repeatedPartyAddress(doc, name.text) };
  return { name, address: { text: addressText(address.map((k) => texts[k])), lines: address.flatMap((k) => rows[k].lines) } };
}

/**
 * An e-receipt or a terminal that names the shop at the top and prints its address further down
 * under the name again (`Grindstone Coffee Co.` / `41 Cheapside` / `Sheffield S1 2BG` at the foot):
 * that block's address, where its name is the header's.
 */
function repeatedPartyAddress(doc: DocumentText, name: string): HeaderBlock['address'] {
  const key = letterKey(name);
  return key.length >= 4 ? footerParty(doc, key).address : null;
}

// An e-receipt's heading that names the shop (`Receipt from Harbour Light Ceramics`, `Quittung von ...`).
const RECEIPT_FROM = new RegExp(`^\\s*(?:${valueWords('receipt_from').map(escapeRegExp).join('|')})\\s*:?\\s+(?=\\p{L})`, 'iu');

/** The row without an e-receipt's `Receipt from` before the shop's name. */
function withoutReceiptFrom(text: string): string {
  const m = RECEIPT_FROM.exec(text);
  return m ? ' '.repeat(m[0].length) + text.slice(m[0].length) : text;
}

/** A postcode with its town: the engine's own shapes, or a European format (address-words.ts). */
function isPostcodeTown(text: string): boolean {
  return POSTCODE_TOWN.test(text) || isEuropeanPostcodeTown(text);
}

function rowKind(text: string): RowKind {
  // A currency alone heads the price column (`CHF` over the items): the body.
  const currencies = findCurrencies(text);
  if (currencies.length === 1 && currencies[0].raw === text.trim()) return 'body';
  const compact = text.toUpperCase().replace(/\s+/g, '');
  if (compact.replace(/[^\p{L}\p{N}]/gu, '').length < 3) return 'noise';
  if (BOILERPLATE.test(text)) return 'noise';
  if (BODY.test(text) || BODY_COMPACT.test(compact) || PRICED.test(text.trim()) || isSlipRow(text)) return 'body';
  // A date in the header (printed above the name on some slips) ends the address, not the header.
  if (MONTH_DATE.test(compact) || TIME.test(text) || findDates(text).length > 0) return 'date';
  const letters = text.replace(/[^\p{L}]/gu, '').length;
  const digits = text.replace(/[^\p{N}]/gu, '').length;
  if (contactAt(text) >= 0 || CONTACT_COMPACT.test(compact) || (letters === 0 && digits >= 7)) return 'contact';
  // The row as a name: without a registration number after its company form.
  const bare = nameText(text);
  // A company name followed by its number on the same row (`DION REALTIES SDN BHD (CO. NO:20154-T)`) is a name.
  // The owner's name after its label (`Inh. Dr. Katrin Albers e.K.`, `OWN BY: ...`) is no shop's name.
  if (OWNER.test(text)) return 'registration';
  if (REGISTRATION.test(text)) return hasLegalForm(bare) && isNameLike(bare) ? 'text' : 'registration';
  // A VAT number alone on its row, without its label (`ATU 58812094` under the town).
  if (findTaxIds(text).some((t) => t.raw === text.trim())) return 'registration';
  // A label and a phone number (`MYNEWS CARELINE : 1800 88 1231`, the label misread).
  if (LABELLED_NUMBER.test(text)) return 'contact';
  // A branch or till number under the name (`Filiale 1140`) is no address line.
  if (isBranchRow(text)) return 'registration';
  // The postcode and town tested on the whole row too: a split postcode ends it (`Athina 105 55`), which the bare name drops.
  if (isEuropeanStreet(bare) || isEuropeanPostcodeTown(bare) || isEuropeanPostcodeTown(text)) return 'address';
  // A company name with its registration number is not an address line.
  // The town with its postcode, tested on the whole row (a US ZIP after the state reads as a number the bare name drops).
  if (STREET.test(bare) || STREET_COMPACT.test(bare.toUpperCase().replace(/\s+/g, '')) || POSTCODE.test(bare) || POSTCODE_TOWN.test(text)) return 'address';
  return 'text';
}

/**
 * Address rows as one address: each without an address label or trailing contact details, its
 * street words read back, joined by commas.
 */
export function addressText(rows: readonly string[]): string {
  const parts = rows.map((t) => streetWords(digitsInWords(withoutAddressLabel(addressBeforeContact(t) ?? t))));
  // A row read twice (two copies photographed side by side, read line by line) is one row of it.
  return parts
    .filter((t, k) => t.trim() === '' || parts.findIndex((o) => compact(o) === compact(t)) === k)
    .join(', ')
    .replace(/,\s*,/g, ',');
}

/**
 * The address at the start of a row that goes on with contact details (`81750 JOHOR BAHRU, JOHOR,
 * TEL NO.: 07-387 3322` -> `81750 JOHOR BAHRU, JOHOR`); null when the row holds no address before them.
 */
function addressBeforeContact(text: string): string | null {
  const at = contactAt(text);
  if (at <= 0) return null;
  const before = text.slice(0, at).replace(/[\s,;:|-]+$/u, '');
  return rowKind(before) === 'address' ? before : null;
}

/** Where the row's first contact detail starts (a label or an e-mail or web address); -1 when it has none. */
function contactAt(text: string): number {
  const at = [CONTACT.exec(text)?.index, CONTACT_WORDS.exec(text)?.index].filter((i): i is number => i !== undefined);
  return at.length > 0 ? Math.min(...at) : -1;
}

/** An address row without the label some tills print before it (`HQ ADD: LOT 11995, ...`, `Address: ...`). */
function withoutAddressLabel(text: string): string {
  return text.replace(/^\s*(HQ\s+|SHOP\s+)?(ADD|ADDR|ADDRESS|Adresse|Anschrift|Indirizzo|Dirección|Direccion|Endereço|Endereco|Adres|Adresa|Osoite|Adress)\s*[.:]\s*/iu, '');
}

/** A row of the document's body (a title, a table heading, a cashier or date line): below it the header is over. */
export function isBodyRow(row: Row): boolean {
  return rowKind(rowText(row)) === 'body';
}

/**
 * A merchant printed under the payment, as Swiss terminals (SIX, Worldline) print it: a row of a
 * name, then a street line and a postcode with its town, each a row of its own, anywhere on page
 * 1 below the top (the last such block). Only where the top of the page names no merchant.
 */
function footerParty(doc: DocumentText, named: string | null = null): HeaderBlock {
  const rows = doc.rows.filter((r) => r.page === doc.rows[0]?.page && r.lines.length === 1);
  for (let k = rows.length - 3; k >= 0; k--) {
    const [name, street, town] = [rowText(rows[k]), rowText(rows[k + 1]), rowText(rows[k + 2])];
    if (rows[k + 2].index - rows[k].index !== 2) continue;
    if (named !== null && letterKey(nameText(name)) !== named) continue;
    // Under a name the header gave, a house number is street enough (`41 Cheapside`).
    const house = named !== null && (opensWithHouseNumber(street) || endsWithHouseNumber(street));
    if (!isPostcodeTown(town) || !(house || isEuropeanStreet(street) || (STREET.test(street) && /\d/u.test(street)))) continue;
    if (rowKind(name) !== 'text' || !isNameLike(nameText(name)) || isSlipRow(name)) continue;
    return {
      name: { text: nameText(name, true), lines: rows[k].lines },
      address: { text: addressText([street, town]), lines: [...rows[k + 1].lines, ...rows[k + 2].lines] },
    };
  }
  return { name: null, address: null };
}

/** Where the name that starts at row `start` ends: a row that breaks off continues on the next (at most three rows). */
function continued(texts: readonly string[], kind: (k: number) => RowKind, start: number, end: number, sizes: readonly number[]): number {
  let k = start + 1;
  for (; k < end && k - start < 3; k++) {
    if (isFormOnly(texts[k])) continue;
    const prev = nameText(texts.slice(start, k).join(' '));
    const broken = /[&,\-+]$|\b(AND|OF|THE|DE|DU|DES|UND)$/iu.test(prev) || (prev.split('(').length > prev.split(')').length && !hasLegalForm(prev.slice(prev.lastIndexOf('('))));
    // A row that closes a parenthesis it did not open ends a name whose `(` recognition lost (`ALAM) SDN BHD`).
    // The kind of business on a row of its own belongs to the name it is printed under or over
    // (`CHO EUN` / `KOREAN RESTAURANT`, `RESTAURANTE` / `ENRIQUES`).
    // A tagline in other print is no part of it: `Gift Shop & Cafe` under `THE CORNER CUPBOARD`,
    // `Independent cafe & bakery` under `Crumb & Kettle`.
    const trade = (isTradeRow(texts[k]) && !isTagline(texts[k], prev)) || (k === start + 1 && isTradeRow(prev, true));
    // A name in large print wraps onto a second row as large (`FIVE` / `GUYS`, a logo's words).
    const large = k === start + 1 && sizes[start] >= LARGE_PRINT && sizes[k] >= LARGE_PRINT && Math.abs(sizes[k] - sizes[start]) <= 0.25 * sizes[start];
    // A place's name on a short row of its own between the name and the street is the branch the
    // name goes by (`XIN WANG` / `ANCHORPOINT` / `70 Alexandra Road`, `MAGASIN CHIN LEE` / `VAITAPE`).
    // A row with a company form (`SAS DISTRIPARC`) or repeating the name (`MONOPRIX` / `MONOPRIX
    // EXPLOITATION`) is the company behind the brand, no branch.
    const branch =
      k === start + 1 && k + 1 < end && kind(k + 1) === 'address' && isBranchName(texts[k]) && !hasLegalForm(texts[k]) && sizes[k] >= BRANCH_PRINT[0] * sizes[start] && sizes[k] <= BRANCH_PRINT[1] * sizes[start] && !letterKey(prev).includes(letterKey(texts[k])) && !letterKey(texts[k]).includes(letterKey(prev));
    if (!(broken || closesUnopened(texts[k]) || trade || large || branch) || kind(k) !== 'text') break;
  }
  return k;
}

/**
 * A brand in large print a few rows under the first row that reads as a name, printed again
 * elsewhere on the document (`Morrisons` under a prize draw's `Win 1 of 5 prizes of £200`, again
 * in `Morrisons Supermarkets plc`; `meijer` under a slogan, again in `meijer.com`): that first
 * row is an offer or a slogan, unless its own words are printed again too. The row of the brand,
 * or null.
 */
function echoedHeadline(doc: DocumentText, rows: readonly Row[], texts: readonly string[], first: number, sizes: readonly number[], bodyRow: (k: number) => boolean): number | null {
  const letters = (t: string) => t.toUpperCase().replace(/[^\p{L}]/gu, '');
  // Every row's letters, read once for all the rows tried.
  const all = doc.rows.map((r) => ({ row: r, letters: letters(rowText(r)) }));
  const echoed = (k: number) => {
    const own = letters(nameText(texts[k]));
    return own.length >= 4 && all.some((o) => o.row !== rows[k] && o.letters.includes(own));
  };
  if (echoed(first)) return null;
  // Past a date or a priced row the brand is no longer looked for (a heading word such as
  // `receipt` in the offer's small print does not end the search).
  for (let k = first + 1; k < Math.min(rows.length, first + 6) && !bodyRow(k); k++) {
    const words = texts[k].trim().split(/\s+/u);
    if (words.length > 3 || sizes[k] < LARGE_PRINT || sizes[k] < 1.3 * sizes[first] || /\d/u.test(texts[k])) continue;
    if (echoed(k)) return k;
  }
  return null;
}

/** A gap of a blank line or more between row `k` and the row above it, in the rows' own line heights. */
function blankAbove(rows: readonly Row[], k: number): boolean {
  if (k === 0 || rows[k].page !== rows[k - 1].page) return false;
  const top = Math.min(...rows[k].lines.map((l) => l.box.y));
  const above = rows[k - 1].lines;
  const bottom = Math.max(...above.map((l) => l.box.y + l.box.height));
  const height = Math.min(...[...above, ...rows[k].lines].map((l) => l.box.height));
  return height > 0 && top - bottom > BLANK_LINE * height;
}

// A gap this many line heights high is a blank line between two printed ones.
const BLANK_LINE = 0.9;

// Print at least this much taller than the page's median line: a headline.
const LARGE_PRINT = 1.6;
// A branch row's print against the name's above it: much larger is a headline (`ESPRESSO`).
const BRANCH_PRINT = [0.7, 1.4] as const;

/** One or two words of letters (a digit inside a word allowed: `SPECIALITIES-CT1`), capitalised: a place's or branch's name. */
function isBranchName(text: string): boolean {
  const words = text.trim().split(/\s+/u);
  return words.length <= 2 && words.every((w) => /^\p{Lu}[\p{L}'’.-]*\p{N}*$/u.test(w) && /\p{L}{3}/u.test(w)) && isNameLike(text);
}

// Kinds of business in every language (vocabulary/*.json `trade`: Restaurant, Bäckerei, Trattoria...).
const TRADE = new Set(valueWords('trade').map((w) => w.toUpperCase()));

/**
 * A short row of words naming a kind of business at its start or end (`KOREAN RESTAURANT`,
 * `Café`, `Pizzeria Napoli`); `only`: every word of it is one (`RESTAURANTE`, `BAR & GRILL`).
 */
function isTradeRow(text: string, only = false): boolean {
  const words = text.trim().toUpperCase().split(/\s+/u).filter((w) => w !== '&');
  if (words.length === 0 || words.length > 3 || !words.every((w) => /^[\p{L}'’.-]+$/u.test(w))) return false;
  const trade = (w: string) => TRADE.has(w.replace(/\.$/u, ''));
  if (only) return words.every(trade) || trade(words.join(' '));
  return [words[0], words[words.length - 1], words.slice(0, 2).join(' '), words.slice(-2).join(' ')].some(trade);
}

// Small words a name keeps in lower case (`Bar de la Plage`, `Fish and Chips`).
const NAME_PARTICLES = new Set(['&', 'and', 'of', 'the', 'de', 'du', 'des', 'la', 'le', 'les', 'del', 'di', 'da', 'do', 'dos', 'das', 'e', 'et', 'y', 'und', 'an', 'am', 'im', 'zum', 'zur', 'van', 'het', 'en', 'och', 'og', 'i', 'på', 'a', 'al', 'au', 'aux']);

/**
 * A row describing the business in another print than its name's: mixed case under a name in
 * capitals, or a word of its own in lower case (a sentence, not a name).
 */
function isTagline(text: string, name: string): boolean {
  const words = text.trim().split(/\s+/u).filter((w) => /\p{L}/u.test(w));
  const capitals = (t: string) => /\p{L}/u.test(t) && t === t.toUpperCase();
  if (capitals(name) && !capitals(text)) return true;
  return words.some((w) => /^\p{Ll}/u.test(w) && !NAME_PARTICLES.has(w.toLowerCase()));
}

function closesUnopened(text: string): boolean {
  const close = text.indexOf(')');
  return close > 0 && !text.slice(0, close).includes('(');
}

function hasLegalForm(text: string): boolean {
  return LEGAL_FORM.test(withoutIrishCounty(text));
}

/**
 * A party's name or address with the shape a complete one has: a company form in the name, a
 * postcode with its town in the address (what the confidence model reads as `complete`).
 */
export function completeParty(kind: 'party_name' | 'party_address', text: string): boolean {
  return kind === 'party_name' ? hasLegalForm(text) : isPostcodeTown(text);
}

/** A row whose first word is a company form (`ENTERPRISE (SETIA`): the tail of a wrapped name. */
function startsWithForm(text: string): boolean {
  return LEGAL_FORM.exec(text.trim())?.index === 0;
}

/**
 * Nothing but a company form (`SDN BHD`, `CO. (M) SDN BHD`, `GmbH & Co. KG`): the end of a name,
 * never a name of its own.
 */
export function isFormOnly(text: string): boolean {
  return hasLegalForm(text) && text.replace(LEGAL_FORMS, '').replace(/\(\s*M\s*\)/giu, '').replace(/[^\p{L}]/gu, '').length <= 1;
}

/**
 * The name without what follows the company's legal form (its registration number, a branch:
 * `… SDN BHD (139386 X)`, `… S/B 273500-U (KSB)`), or without a trailing number. `asPrinted`: a
 * trailing number is cut only where it is a registration number (bracketed, or with its check
 * letter: `(519537-X)`, `12345-X`); plain figures are the branch's own and printed as part of the
 * name (`ALBERT HEIJN 1402`, `SHELL OIL 57442118`). Rows are classed by the name without them.
 */
export function nameText(raw: string, asPrinted = false): string {
  // `Co. No: 20154-T` after the name is its number, not a company form.
  // A store number printed before the name (`#000002 BAIFU (M) SDN BHD`, three digits at least: `#1 NOODLE HOUSE` is a name) is the branch's.
  // A mark OCR made of dirt or the paper's edge before the name (`| Ristorante Al Faro`, `' THE COPPER KETTLE`, `|BUURTSUPER`) is none of it.
  const text = formsReadBack(digitsInWords(raw)).replace(COMPANY_NUMBER, '').replace(/[\s([]+$/u, '').replace(/^\s*#\s?\d{3,}\s+(?=\p{L})/u, '').replace(/^\s*[|.,'`´:;_~]+\s+(?=\p{L})/u, '').replace(/^\s*\|+(?=\p{L})/u, '');
  let last: RegExpMatchArray | undefined;
  for (const m of text.matchAll(LEGAL_FORMS)) if (!titleBeforeName(text, m) && !partnersInName(text, m)) last = m;
  // An Italian company named as the owner under its shop (`di Bellandi Sara & C. s.a.s.`): the company, without `di`.
  if (last && last.index !== undefined && last.index > 0) return text.slice(0, last.index + last[0].length).replace(/^\s*di\s+(?=\p{Lu})/u, '').trim();
  // A star rating after a hotel's name (`HOTEL LES TILLEULS ***`) is none of it.
  const name = text.replace(asPrinted ? REGISTRATION_AT_END : NUMBER_AT_END, '');
  return (/^\s*[*★]/u.test(name) ? name : name.replace(STAR_RATING, '')).trim();
}

const STAR_RATING = /\s+[*★]{1,5}\s*$/u;

/**
 * `& Co` with the name's words after it (`BLUEBELL & CO HOMEWARES`) is the partners' part of the
 * name, not a company form that ends it (`GIN KEE & CO` / `(M) SDN BHD` ends at the form).
 */
function partnersInName(text: string, form: RegExpMatchArray): boolean {
  const at = form.index ?? 0;
  return /^CO\.?$/iu.test(form[0]) && /&\s*$/u.test(text.slice(0, at)) && /^\s+\p{L}{3,}/u.test(text.slice(at + form[0].length));
}

/**
 * `Lda.` before a person's name is a Spanish pharmacist's title (`FARMACIA LDA. ROCÍO MÁRQUEZ`),
 * not the Portuguese company form, which ends a name.
 */
function titleBeforeName(text: string, form: RegExpMatchArray): boolean {
  return /^LDA\.?$/iu.test(form[0]) && /^\s+\p{L}[\p{L}\s.'-]*$/u.test(text.slice((form.index ?? 0) + form[0].length));
}

// Four digits or more, after up to three capitals.
const FIGURES = '[A-Z]{0,3}\\d[\\d\\s]{3,}';
const NUMBER_AT_END = new RegExp(`\\s*\\(?\\s*${FIGURES}\\s*-?\\s*[A-Z]?\\s*\\)?\\s*$`, 'u');
// Bracketed, or with a dash and its check letter.
const REGISTRATION_AT_END = new RegExp(`\\s*(?:\\(\\s*${FIGURES}\\s*-?\\s*[A-Z]?\\s*\\)|${FIGURES}\\s*-\\s*[A-Z])\\s*$`, 'u');

/**
 * Company forms as recognition misreads them, read back: `5/B` -> `S/B`, `SDIN BHD` -> `SDN BHD`,
 * `SDN. BH` and `SDN HD` -> `SDN. BHD`, `(M) HD` -> `(M) BHD`.
 */
export function formsReadBack(text: string): string {
  return text
    .replace(/(?<![\p{L}\p{N}])5\/B(?![\p{L}\p{N}])/gu, 'S/B')
    .replace(/(?<![\p{L}\p{N}])SDIN(?=\.?\s*B\.?\s*H\.?\s*D)/giu, 'SDN')
    .replace(/(?<![\p{L}\p{N}])(SDN\.?\s*|\(M\)\s*)(?:BH|HD)(?![\p{L}\p{N}])/giu, '$1BHD');
}

/**
 * A region after the postcode and town (`SELANGOR`, `Johor`, `SELANGOR D.E.`, `SELANGOR, MALAYSIA`): one to three
 * words of letters alone, right after the town row; a region ends the address.
 */
function isRegion(text: string, previous: string): boolean {
  // A label row (`PREPAY CHIT NUMBER`) is not a region.
  if (/\b(NUMBER|NO|CODE|ID)\b/iu.test(text)) return false;
  // Nor a row of the vocabulary's words: a table's heading (`Artikel  Preis`), a slip's (`DEVOLUCIÓN DE MERCANCÍA`).
  if (text.split(/[^\p{L}]+/u).some((w) => w.length >= 4 && vocabularyWordLanguages().has(compact(w)))) return false;
  return POSTCODE_TOWN.test(previous) && /^\p{L}[\p{L} .,'-]*$/u.test(text.trim()) && text.trim().split(/\s+/u).length <= 3;
}

// Street words with an L, which recognition often reads as I, i, 1 or | (`Jin`, `BIk`, `JIn`).
const L_STREET_WORDS = new Set(['JLN', 'BLK', 'LOT', 'LRG', 'FLR', 'LVL', 'JALAN', 'LORONG', 'LEVEL', 'FLOOR', 'BLOCK', 'PLAZA', 'LANE', 'BLVD', 'MALL']);

/**
 * An address row with its street words read back: a word that becomes a street word when its
 * I, i, 1 and | are read as L is that word (`Jin Puteri` -> `Jln Puteri`, `BIk G` -> `BLk G`),
 * and so is one whose first letter, so read, is the J of one (`IALAN` -> `JALAN`: a J's short
 * hook is lost in a faint print).
 */
export function streetWords(text: string): string {
  return longStreetWords(shortStreetWords(text)).replace(SHARP_S_AS_B, 'ß');
}

// A capital B between small letters of a word (`HauptstraBe`, `GroBer Markt`): a German ß as OCR reads it.
const SHARP_S_AS_B = /(?<=\p{Ll})B(?=\p{Ll})/gu;

// Street words of seven letters or more: one misread, lost or extra letter still names them.
const LONG_STREET_WORDS = [...new Set([...COMPACT_STREET_WORDS, ...addressStreetWords()].map((w) => w.toUpperCase()).filter((w) => w.length >= 7))];
// The same by their letters without accents: a street word printed with them (`Chaussée`) is no misreading.
const LONG_STREET_KEYS = new Set(LONG_STREET_WORDS.map(letterKey));

/** `KAIWASAN`, `KANASAN` -> `KAWASAN`; `PERSIARN` -> `PERSIARAN`: a long street word with one letter misread, lost or added. */
function longStreetWords(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])\p{L}{6,14}(?![\p{L}\p{N}])/gu, (word) => {
    const upper = word.toUpperCase();
    if (LONG_STREET_WORDS.includes(upper) || LONG_STREET_KEYS.has(letterKey(upper))) return word;
    // A plural is a word of its own (`Estradas`), not a misreading.
    const match = LONG_STREET_WORDS.find((w) => oneEditApart(w, upper) && upper !== `${w}S`);
    if (!match) return word;
    return word === upper ? match : word === word.toLowerCase() ? match.toLowerCase() : match[0] + match.slice(1).toLowerCase();
  });
}

function shortStreetWords(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])[\p{L}1|]{3,6}(?![\p{L}\p{N}])/gu, (word) => {
    if (!/[Ii1|]/u.test(word)) return word;
    const asL = (ch: string) => (ch === 'i' ? 'l' : /[I1|]/u.test(ch) ? 'L' : ch);
    if (L_STREET_WORDS.has(word.toUpperCase().replace(/[I1|]/gu, 'L'))) return Array.from(word, asL).join('');
    const first = word[0];
    const rest = word.slice(1);
    // Not a 1: `BA1 1LN` is a British postcode.
    if (/[Ii|]/u.test(first) && L_STREET_WORDS.has(`J${rest.toUpperCase().replace(/[I1|]/gu, 'L')}`)) return (first === 'i' ? 'j' : 'J') + Array.from(rest, asL).join('');
    return word;
  });
}

let countries: Set<string> | undefined;

/** A row naming a country (`MALAYSIA`, `Germany`): English names of the ISO 3166 regions. */
/** A country alone, or after the last comma (`56000 Kuala Lumpur, Malaysia`, `LUMPUR, MALAYSIA.`). */
function endsWithCountry(text: string): boolean {
  return isCountry(text) || isCountry(text.slice(text.lastIndexOf(',') + 1));
}

function isCountry(text: string): boolean {
  if (!countries) {
    countries = new Set();
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && name !== code) countries.add(name.toUpperCase());
      }
    }
  }
  const name = text.toUpperCase().replace(/[.,]+$/u, '').trim();
  if (countries.has(name)) return true;
  // A long name with one character misread, lost or added by OCR (`MALAYSIAL`).
  if (name.length < 7) return false;
  for (const c of countries) if (c.length >= 7 && oneEditApart(c, name)) return true;
  return false;
}

/** A row's lines read left to right. */
export function rowText(row: Row): string {
  return row.lines.map((l) => l.text).join(' ').trim();
}

/**
 * A row's text, once where its lines all print the same (two copies of a receipt photographed
 * side by side: `Banco de Bogotă` | `Banco de Bogotá`): the line read most surely.
 */
function onceText(row: Row): string {
  const folded = row.lines.map((l) => letterKey(l.text));
  const same = row.lines.length > 1 && folded[0].length >= 4 && folded.every((f) => f === folded[0] || oneEditApart(f, folded[0]));
  return same ? [...row.lines].sort((a, b) => b.confidence - a.confidence)[0].text.trim() : rowText(row);
}

/** A line that can be a business name: three letters or more, not a scribble in lower case, not mostly digits. */
function isNameLike(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < 3) return false;
  if (letters === letters.toLowerCase()) return false;
  // Digits inside a word are part of the name (`Blume2000`, `7-Eleven`); numbers of their own count against it.
  const digits = text
    .split(/\s+/u)
    .filter((w) => !/\p{L}{2}/u.test(w))
    .join('')
    .replace(/[^\p{N}]/gu, '').length;
  return digits <= letters.length / 2 && !/^(TAX INVOICE|INVOICE|RECEIPT|OFFICIAL RECEIPT|CASH BILL|WELCOME)/iu.test(text);
}

/** The box of a run of lines. */
export function linesBox(lines: readonly Line[]) {
  return unionBox(lines.map((l) => l.box));
}
