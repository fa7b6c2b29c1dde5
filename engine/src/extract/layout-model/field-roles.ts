import type { FieldDefinition } from '../../contracts/definition.js';
import type { ValueKind } from '../find/field-kinds.js';
import type { Role } from './roles.js';

/**
 * The layout model's role for a field of any document type, from the field's kind, name and
 * aliases; null where none fits (the field is then found by the rules alone). Only a document's
 * own fields map: its main date, its issuer, its totals, not a due date or a buyer's name.
 */
export function roleOfField(name: string, kind: ValueKind, field: FieldDefinition, firstOfKind: boolean): Role | null {
  const words = [name, ...(field.aliases ?? [])].join(' ').toLowerCase();
  const has = (re: RegExp) => re.test(words);
  switch (kind) {
    case 'party_name':
      return firstOfKind && !has(/buyer|customer|client|bill_to|ship_to|recipient|käufer|kunde/) ? 'merchant' : null;
    case 'party_address':
      return firstOfKind && !has(/buyer|customer|client|bill_to|ship_to|recipient|delivery|käufer|kunde/) ? 'address' : null;
    case 'total':
      return 'total';
    case 'date':
    case 'datetime':
      return firstOfKind && !has(/due|expir|valid|birth|delivery|period|start|end|payment_date/) ? 'date' : null;
    case 'time':
      return 'time';
    case 'phone':
      return has(/fax/) ? null : 'phone';
    case 'card_last_four':
      return 'card_last_four';
    case 'document_number':
      if (has(/invoice|rechnung|facture|factura/)) return 'invoice_number';
      if (has(/receipt|transaction|ticket|bill|beleg/)) return 'receipt_number';
      return null;
    case 'money':
      if (has(/subtotal|sub_total|net_amount|amount_before_tax|tax_basis|zwischensumme|netto/)) return 'subtotal';
      if (has(/(^|_|\s)(tax|vat|gst|sst|mwst|tva|iva)(_|\s|$)|tax_amount|vat_amount/)) return 'tax';
      return null;
    case 'text':
      if (has(/auth(orization|orisation)?_?code|approval_code/)) return 'auth_code';
      return null;
    default:
      return null;
  }
}
