import type { DocumentText, Line, Row } from '../layout/document-text.js';
import { unionBox } from '../layout/document-text.js';

/** The issuer's name and address as the top of the first page prints them. */
export interface HeaderBlock {
  name: { text: string; lines: Line[] } | null;
  address: { text: string; lines: Line[] } | null;
}

// Company forms in names (the name may wrap before them). General legal words, not shop names.
const LEGAL_FORM = /\b(SDN\.?\s*BHD|BHD|BERHAD|S\/B|PTE\.?\s*LTD|LTD|LIMITED|LLC|L\.L\.C|INC|CORP|CORPORATION|CO\.?|COMPANY|GMBH|AG|KG|OHG|UG|SARL|SAS|S\.A\.?|S\.L\.?|SRL|S\.R\.L|SPA|S\.P\.A|B\.V\.?|N\.V\.?|PLC|PTY|ENTERPRISE|ENTERPRISES|TRADING|HOLDINGS)\b\.?/iu;
// Lines that end the address: contact and registration details, document titles, dates.
const STOP =
  /\b(TEL|TELEPHONE|PHONE|FAX|H\/P|HP|MOBILE|E-?MAIL|WWW|HTTPS?|GST|SST|VAT|TAX|REG|ROC|CO\.?\s*NO|COMPANY\s*NO|INVOICE|RECEIPT|BILL|CASHIER|DATE|TIME|ORDER|TABLE|SALES?|DOC(UMENT)?|MEMBER|WELCOME)\b|@|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}/iu;
// Lines that are part of the issuer's name block but neither name nor address.
const ASIDE = /^\(?\s*[A-Z]{0,3}\d[\d-]*-?[A-Z]?\s*\)?$|\b(formerly|known as|licensee|franchisee|a member of|branch|outlet)\b|^\(.*\)$/iu;
const POSTCODE = /(?<![\p{N}])\d{4,6}(?![\p{N}])/u;
const STREET =
  /\b(NO|LOT|JALAN|JLN|LORONG|TAMAN|TMN|LEVEL|FLOOR|BLOCK|BLK|UNIT|STREET|ST|ROAD|RD|AVENUE|AVE|BLVD|BOULEVARD|LANE|LN|DRIVE|DR|HIGHWAY|HWY|WAY|SUITE|PLAZA|BANDAR|KAWASAN|PERSIARAN|STRASSE|STRAßE|STR|PLATZ|WEG|ALLEE|RUE|AVENIDA|CALLE|VIA|PIAZZA|CORSO)\b|\d+\s*[,/-]?\s*\p{L}/iu;

/**
 * The header block: the first rows of page 1, down to the first row that is neither name nor
 * address. The name is the first row with words (ignoring lower-case scribbles and lone numbers),
 * continued onto the next row when it breaks off (`&`, `,`) or when a company form follows on a
 * row of its own (`SDN BHD`). Registration numbers and "formerly known as" notes are passed over.
 * The address starts at the first row after the name that looks like one (a number with words,
 * a street word) and runs to the row before contact details, a title or a date, at most five rows.
 */
export function findHeaderBlock(doc: DocumentText): HeaderBlock {
  const rows = doc.rows.filter((r) => r.page === doc.rows[0]?.page).slice(0, 16);
  let i = 0;
  // The name.
  let nameRows: Row[] = [];
  for (; i < rows.length; i++) {
    const text = rowText(rows[i]);
    if (!isNameLike(text)) continue;
    nameRows = [rows[i]];
    i++;
    while (i < rows.length && nameRows.length < 3) {
      const prev = rowText(nameRows[nameRows.length - 1]);
      const next = rowText(rows[i]);
      const broken = /[&,\-+]$|\b(AND|OF|THE|DE|DU|DES|UND)$/iu.test(prev);
      const formOnly = LEGAL_FORM.test(next) && next.replace(LEGAL_FORM, '').replace(/[^\p{L}]/gu, '').length <= 3;
      if ((broken || formOnly) && !STOP.test(next) && !POSTCODE.test(next)) {
        nameRows.push(rows[i]);
        i++;
      } else break;
    }
    break;
  }
  if (nameRows.length === 0) return { name: null, address: null };
  // A later row with a company form, right after a brand line ("1950" logos and slogans first).
  const nameLines = nameRows.flatMap((r) => r.lines);
  const name = { text: nameRows.map(rowText).join(' '), lines: nameLines };
  if (!LEGAL_FORM.test(name.text)) {
    for (let k = i; k < Math.min(rows.length, i + 2); k++) {
      const t = rowText(rows[k]);
      if (LEGAL_FORM.test(t) && isNameLike(t) && !STOP.test(t) && !STREET.test(t.replace(LEGAL_FORM, ''))) {
        name.text = t;
        name.lines = rows[k].lines;
        i = k + 1;
        break;
      }
    }
  }

  // The address.
  const addressRows: Row[] = [];
  for (; i < rows.length && addressRows.length < 5; i++) {
    const text = rowText(rows[i]);
    if (STOP.test(text) && !(addressRows.length > 0 && POSTCODE.test(text) && !/\b(TEL|FAX|PHONE|GST|SST|VAT|REG)\b/iu.test(text))) break;
    if (addressRows.length === 0) {
      if (ASIDE.test(text)) continue;
      if (!STREET.test(text) && !POSTCODE.test(text)) {
        if (isNameLike(text)) continue; // a second name line, a slogan
        break;
      }
    } else if (ASIDE.test(text) && !/[\p{L}]{3}/u.test(text)) break;
    addressRows.push(rows[i]);
  }
  const address = addressRows.length > 0 ? { text: addressRows.map(rowText).join(', ').replace(/,\s*,/g, ','), lines: addressRows.flatMap((r) => r.lines) } : null;
  return { name, address };
}

function rowText(row: Row): string {
  return row.lines.map((l) => l.text).join(' ').trim();
}

/** A line that can be a business name: three letters or more, not a scribble in lower case, not mostly digits. */
function isNameLike(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < 3) return false;
  if (letters === letters.toLowerCase()) return false;
  const digits = text.replace(/[^\p{N}]/gu, '').length;
  return digits <= letters.length / 2 && !/^(TAX INVOICE|INVOICE|RECEIPT|OFFICIAL RECEIPT|CASH BILL|WELCOME)/iu.test(text);
}

/** The box of a run of lines. */
export function linesBox(lines: readonly Line[]) {
  return unionBox(lines.map((l) => l.box));
}
