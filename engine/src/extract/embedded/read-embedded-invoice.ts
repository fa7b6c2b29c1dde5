import type { EmbeddedXmlFile } from '../../intake/document.js';
import { isCii, readCii } from './cii.js';
import { isUbl, readUbl } from './ubl.js';
import type { ReadInvoice } from './values.js';
import { parseXml } from './xml-tree.js';


/** The machine-readable invoice of a PDF (ZUGFeRD, Factur-X, XRechnung), read to the invoice template's field names. */
export interface EmbeddedInvoice {
  /** `cii`: UN/CEFACT Cross Industry Invoice (ZUGFeRD 1 and 2, Factur-X, XRechnung CII); `ubl`: UBL 2 Invoice or CreditNote. */
  format: 'cii' | 'ubl';
  /** The specification the file declares: CII guideline id (`urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:basic`), UBL CustomizationID. */
  profile: string | null;
  /** Name of the file it was read from. */
  file: string;
  /** Invoice values under the template's field names; a field the XML lacks is absent. */
  values: Record<string, unknown>;
  /** One entry per invoice line, under the template's item field names. */
  line_items: Record<string, unknown>[];
  /** The document type code (380 invoice, 381 credit note, 384 corrected invoice...), when given. */
  type_code?: string;
}

export interface EmbeddedInvoiceRead {
  invoice: EmbeddedInvoice | null;
  /** XML files were there, but none could be parsed as a CII or UBL invoice. */
  unreadable: boolean;
}

/** File names the standards give the invoice, in order of preference (compared without case). */
const INVOICE_FILE_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/**
 * Reads the invoice among a PDF's embedded XML files. Files named as the standards name the
 * invoice (`factur-x.xml`, `zugferd-invoice.xml` / `ZUGFeRD-invoice.xml`, `xrechnung.xml`) are
 * tried first, in that order, then the others in the document's order; the first that parses as
 * a CII `CrossIndustryInvoice` (or ZUGFeRD 1.0 `CrossIndustryDocument`) or a UBL `Invoice` /
 * `CreditNote` is read. No files: `{invoice: null, unreadable: false}`; files, none of them a
 * readable invoice (malformed, another kind of XML): `{invoice: null, unreadable: true}`.
 */
export function readEmbeddedInvoice(files: readonly EmbeddedXmlFile[]): EmbeddedInvoiceRead {
  if (files.length === 0) return { invoice: null, unreadable: false };
  const rank = (file: EmbeddedXmlFile) => {
    const index = INVOICE_FILE_NAMES.indexOf(file.name.toLowerCase());
    return index === -1 ? INVOICE_FILE_NAMES.length : index;
  };
  const ordered = files.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index);
  for (const { file } of ordered) {
    const invoice = readInvoiceXml(file);
    if (invoice) return { invoice, unreadable: false };
  }
  return { invoice: null, unreadable: true };
}

/** One XML file as an invoice, or null when it is not well-formed or neither CII nor UBL. */
export function readInvoiceXml(file: EmbeddedXmlFile): EmbeddedInvoice | null {
  if (typeof file?.text !== 'string') return null;
  const document = parseXml(file.text);
  if (!document) return null;
  const { root, element } = document;
  let format: EmbeddedInvoice['format'];
  let read: ReadInvoice;
  if (isCii(root, element)) {
    format = 'cii';
    read = readCii(element);
  } else if (isUbl(root, element)) {
    format = 'ubl';
    read = readUbl(element, root as 'Invoice' | 'CreditNote');
  } else {
    return null;
  }
  const invoice: EmbeddedInvoice = { format, profile: read.profile, file: file.name, values: read.values, line_items: read.lineItems };
  if (read.typeCode !== null) invoice.type_code = read.typeCode;
  return invoice;
}
