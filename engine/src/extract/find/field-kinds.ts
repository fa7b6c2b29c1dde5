import type { FieldDefinition } from '../../contracts/definition.js';

/**
 * How a field's value is looked for. Most follow from the field's type; a string field's name
 * says when it holds something with a shape of its own (a phone number, a tax id, an IBAN), and
 * a few names mark the parts of a document every receipt and invoice has in the same place: the
 * issuer's name and address in the header block, and the total. docs/extraction.md lists them.
 */
export type ValueKind =
  | 'money'
  | 'number'
  | 'integer'
  | 'date'
  | 'time'
  | 'datetime'
  | 'currency'
  | 'enum'
  | 'boolean'
  | 'text'
  | 'document_number'
  | 'identifier'
  | 'phone'
  | 'tax_id'
  | 'email'
  | 'iban'
  | 'bic'
  | 'card_last_four'
  | 'party_name'
  | 'party_address'
  | 'total';

/** Kinds whose values are figures: amounts of money, totals, numbers and counts. */
export const FIGURE_KINDS: ReadonlySet<ValueKind> = new Set(['money', 'total', 'number', 'integer']);

const PARTY_NAMES = /^(merchant|merchant_name|store|store_name|shop|shop_name|company|company_name|supplier|supplier_name|seller|seller_name|vendor|vendor_name|issuer|issuer_name|business_name)$/;
const PARTY_ADDRESSES = /^(merchant_address|store_address|shop_address|company_address|supplier_address|seller_address|vendor_address|issuer_address|address)$/;
// The document's own number: read as one token, and from a title line (`Rechnung Nr. 123 vom ...`).
const DOCUMENT_NUMBERS = /^(invoice|receipt|bill|document|credit_note|transaction)_(number|no|num|id)$/;
// Other numbers a document prints after a label (a terminal, a merchant, a batch): read like the
// document's own number (a token with a digit), never from a title line.
const IDENTIFIERS = /(^|_)(id|number|no|num|nr)$/;
const TOTALS = /^(amount|total|total_amount|grand_total|total_paid|amount_total)$/;

export function valueKind(name: string, field: FieldDefinition): ValueKind {
  switch (field.type) {
    case 'money':
      return TOTALS.test(name) ? 'total' : 'money';
    case 'number':
    case 'integer':
    case 'date':
    case 'time':
    case 'datetime':
    case 'currency':
    case 'enum':
    case 'boolean':
      return field.type;
    case 'string':
      if (PARTY_NAMES.test(name)) return 'party_name';
      if (PARTY_ADDRESSES.test(name)) return 'party_address';
      if (/(^|_)(phone|tel|telephone|fax|mobile)$/.test(name)) return 'phone';
      if (/(^|_)(tax_id|vat_id|vat_number|vat_no|gst_no|gst_id|tin|abn|ein|tax_number)$/.test(name)) return 'tax_id';
      if (/(^|_)e?mail$/.test(name)) return 'email';
      if (/(^|_)iban$/.test(name)) return 'iban';
      if (/(^|_)(bic|swift)$/.test(name)) return 'bic';
      if (/last_four|last_4|card_last_digits/.test(name)) return 'card_last_four';
      if (DOCUMENT_NUMBERS.test(name) && !field.pattern) return 'document_number';
      if (IDENTIFIERS.test(name) && !field.pattern) return 'identifier';
      return 'text';
    default:
      return 'text';
  }
}
