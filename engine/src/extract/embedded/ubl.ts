import { all, at, attribute, children, isElement, text, type XmlElement, type XmlValue } from './xml-tree.js';
import { amountIn, decimal, first, isoDate, joinDistinct, joinParts, postcodeCity, put, unitPrice, type ReadInvoice } from './values.js';

/** Whether a root element is a UBL 2 invoice or credit note (the syntax XRechnung and Peppol BIS use). */
export function isUbl(root: string, element: XmlElement): boolean {
  if (root !== 'Invoice' && root !== 'CreditNote') return false;
  return ['ID', 'IssueDate', 'AccountingSupplierParty', 'LegalMonetaryTotal'].some((name) => at(element, name) !== undefined);
}

export function readUbl(root: XmlElement, kind: 'Invoice' | 'CreditNote'): ReadInvoice {
  const currency = first(text(at(root, 'DocumentCurrencyCode')), attribute(at(root, 'LegalMonetaryTotal', 'PayableAmount'), 'currencyID'));
  const totals = at(root, 'LegalMonetaryTotal');
  const amount = (name: string) => amountIn(children(totals, name), currency);
  const seller = at(root, 'AccountingSupplierParty', 'Party');
  const buyer = at(root, 'AccountingCustomerParty', 'Party');
  const means = all(root, 'PaymentMeans');

  const values: Record<string, unknown> = {};
  put(values, 'invoice_number', text(at(root, 'ID')));
  put(values, 'issue_date', isoDate(text(at(root, 'IssueDate'))));
  // A credit note has no DueDate of its own: its payment means may carry one.
  put(values, 'due_date', first(isoDate(text(at(root, 'DueDate'))), ...means.map((m) => isoDate(text(at(m, 'PaymentDueDate'))))));
  put(values, 'supplier_name', partyName(seller));
  put(values, 'supplier_address', address(at(seller, 'PostalAddress')));
  put(values, 'supplier_tax_id', taxId(seller));
  put(values, 'supplier_email', email(seller));
  put(values, 'supplier_phone', text(at(seller, 'Contact', 'Telephone')));
  put(values, 'customer_name', partyName(buyer));
  put(values, 'customer_address', address(at(buyer, 'PostalAddress')));
  put(values, 'customer_tax_id', taxId(buyer));
  put(values, 'purchase_order', text(at(root, 'OrderReference', 'ID')));
  put(values, 'currency', currency?.toUpperCase());
  put(values, 'subtotal', amount('LineExtensionAmount'));
  const allowances = amount('AllowanceTotalAmount');
  put(values, 'discount', allowances === null ? null : Math.abs(allowances));
  // One TaxTotal per currency: the invoice's, and the tax currency's when that differs.
  put(values, 'tax_amount', amountIn(all(root, 'TaxTotal', 'TaxAmount'), currency));
  put(values, 'total_amount', amount('TaxInclusiveAmount'));
  put(values, 'amount_paid', amount('PrepaidAmount'));
  put(values, 'amount_due', amount('PayableAmount'));
  put(values, 'payment_terms', joinDistinct(all(root, 'PaymentTerms', 'Note').map(text)));
  put(values, 'iban', first(...means.map((m) => text(at(m, 'PayeeFinancialAccount', 'ID')))));
  put(values, 'bic', first(...means.map((m) => text(at(m, 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID')))));
  put(values, 'payment_reference', first(...means.map((m) => text(at(m, 'PaymentID')))));

  const lineName = kind === 'CreditNote' ? 'CreditNoteLine' : 'InvoiceLine';
  const quantityName = kind === 'CreditNote' ? 'CreditedQuantity' : 'InvoicedQuantity';
  return {
    profile: first(text(at(root, 'CustomizationID')), text(at(root, 'ProfileID'))),
    typeCode: text(at(root, kind === 'CreditNote' ? 'CreditNoteTypeCode' : 'InvoiceTypeCode')),
    values,
    lineItems: all(root, lineName).map((line) => lineItem(line, quantityName, currency)),
  };
}

function lineItem(line: XmlValue, quantityName: string, currency: string | null): Record<string, unknown> {
  const product = at(line, 'Item');
  const price = at(line, 'Price');
  const quantity = at(line, quantityName);
  const item: Record<string, unknown> = {};
  put(item, 'description', first(text(at(product, 'Name')), text(at(product, 'Description'))));
  put(item, 'product_code', first(text(at(product, 'SellersItemIdentification', 'ID')), text(at(product, 'BuyersItemIdentification', 'ID')), text(at(product, 'StandardItemIdentification', 'ID'))));
  put(item, 'quantity', decimal(quantity));
  put(item, 'unit', attribute(quantity, 'unitCode'));
  put(item, 'unit_price', unitPrice(amountIn(children(price, 'PriceAmount'), currency), decimal(at(price, 'BaseQuantity'))));
  put(item, 'tax_rate', first(...all(product, 'ClassifiedTaxCategory', 'Percent').map(decimal)));
  put(item, 'amount', amountIn(children(line, 'LineExtensionAmount'), currency));
  return item;
}

/** The legal name (EN 16931's seller name), else the trading name. */
function partyName(party: XmlValue | undefined): string | null {
  return first(...all(party, 'PartyLegalEntity', 'RegistrationName').map(text), ...all(party, 'PartyName', 'Name').map(text));
}

/** Street, additional street, address lines, postcode and city, country code. */
function address(element: XmlValue | undefined): string | null {
  if (!isElement(element)) return null;
  const line = (name: string) => text(at(element, name));
  return joinParts([
    line('StreetName'),
    line('AdditionalStreetName'),
    ...all(element, 'AddressLine', 'Line').map(text),
    postcodeCity(line('PostalZone'), line('CityName')),
    text(at(element, 'Country', 'IdentificationCode')),
  ]);
}

/** The VAT number (tax scheme `VAT`), else another tax registration. */
function taxId(party: XmlValue | undefined): string | null {
  const schemes = all(party, 'PartyTaxScheme');
  const vat = schemes.find((s) => text(at(s, 'TaxScheme', 'ID'))?.toUpperCase() === 'VAT');
  return first(text(at(vat, 'CompanyID')), ...schemes.map((s) => text(at(s, 'CompanyID'))));
}

/** The contact's e-mail, else the electronic address when it is one (`schemeID="EM"`). */
function email(party: XmlValue | undefined): string | null {
  const contact = text(at(party, 'Contact', 'ElectronicMail'));
  if (contact) return contact;
  const endpoint = at(party, 'EndpointID');
  return attribute(endpoint, 'schemeID')?.toUpperCase() === 'EM' ? text(endpoint) : null;
}
