import { all, at, attribute, children, isElement, text, type XmlElement, type XmlValue } from './xml-tree.js';
import { amountIn, decimal, first, isoDate, joinDistinct, joinParts, postcodeCity, put, unitPrice, type ReadInvoice } from './values.js';

/**
 * UN/CEFACT Cross Industry Invoice: ZUGFeRD 2.x, Factur-X and XRechnung's CII syntax (root
 * `CrossIndustryInvoice`), and ZUGFeRD 1.0 (root `CrossIndustryDocument`, and its release
 * candidate's root `Invoice` in the CBFBUY namespace), whose elements have other names for the
 * same places: each step below lists the 2.x name, then the 1.0 name.
 */
const DOCUMENT = 'ExchangedDocument|HeaderExchangedDocument';
const CONTEXT = 'ExchangedDocumentContext|SpecifiedExchangedDocumentContext';
const TRANSACTION = 'SupplyChainTradeTransaction|SpecifiedSupplyChainTradeTransaction';
const AGREEMENT = 'ApplicableHeaderTradeAgreement|ApplicableSupplyChainTradeAgreement';
const SETTLEMENT = 'ApplicableHeaderTradeSettlement|ApplicableSupplyChainTradeSettlement';
const SUMMATION = 'SpecifiedTradeSettlementHeaderMonetarySummation|SpecifiedTradeSettlementMonetarySummation';
const LINE_AGREEMENT = 'SpecifiedLineTradeAgreement|SpecifiedSupplyChainTradeAgreement';
const LINE_DELIVERY = 'SpecifiedLineTradeDelivery|SpecifiedSupplyChainTradeDelivery';
const LINE_SETTLEMENT = 'SpecifiedLineTradeSettlement|SpecifiedSupplyChainTradeSettlement';
const LINE_SUMMATION = 'SpecifiedTradeSettlementLineMonetarySummation|SpecifiedTradeSettlementMonetarySummation';

/** Whether a root element is a CII invoice. */
export function isCii(root: string, element: XmlElement): boolean {
  if (root === 'CrossIndustryInvoice' || root === 'CrossIndustryDocument') return true;
  // ZUGFeRD 1.0's release candidate named its root Invoice, like UBL.
  return root === 'Invoice' && (at(element, 'HeaderExchangedDocument') !== undefined || at(element, 'SpecifiedSupplyChainTradeTransaction') !== undefined);
}

export function readCii(root: XmlElement): ReadInvoice {
  const document = at(root, DOCUMENT);
  const transaction = at(root, TRANSACTION);
  const agreement = at(transaction, AGREEMENT);
  const settlement = at(transaction, SETTLEMENT);
  const summation = at(settlement, SUMMATION);

  const currency = first(text(at(settlement, 'InvoiceCurrencyCode')), attribute(at(summation, 'GrandTotalAmount'), 'currencyID'));
  const amount = (name: string) => amountIn(children(summation, name), currency);
  const seller = at(agreement, 'SellerTradeParty');
  const buyer = at(agreement, 'BuyerTradeParty');
  const payeeMeans = all(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const terms = all(settlement, 'SpecifiedTradePaymentTerms');

  const values: Record<string, unknown> = {};
  put(values, 'invoice_number', text(at(document, 'ID')));
  put(values, 'issue_date', ciiDate(at(document, 'IssueDateTime')));
  put(values, 'due_date', first(...terms.map((t) => ciiDate(at(t, 'DueDateDateTime')))));
  put(values, 'supplier_name', text(at(seller, 'Name')));
  put(values, 'supplier_address', address(at(seller, 'PostalTradeAddress')));
  put(values, 'supplier_tax_id', taxId(seller));
  put(values, 'supplier_email', email(seller));
  put(values, 'supplier_phone', first(...all(seller, 'DefinedTradeContact', 'TelephoneUniversalCommunication', 'CompleteNumber').map(text)));
  put(values, 'customer_name', text(at(buyer, 'Name')));
  put(values, 'customer_address', address(at(buyer, 'PostalTradeAddress')));
  put(values, 'customer_tax_id', taxId(buyer));
  put(values, 'purchase_order', first(...all(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID|ID').map(text)));
  put(values, 'currency', currency?.toUpperCase());
  put(values, 'subtotal', amount('LineTotalAmount'));
  const allowances = amount('AllowanceTotalAmount');
  put(values, 'discount', allowances === null ? null : Math.abs(allowances));
  put(values, 'tax_amount', amount('TaxTotalAmount'));
  put(values, 'total_amount', amount('GrandTotalAmount'));
  put(values, 'amount_paid', amount('TotalPrepaidAmount'));
  put(values, 'amount_due', amount('DuePayableAmount'));
  put(values, 'payment_terms', joinDistinct(terms.flatMap((t) => children(t, 'Description').map(text))));
  put(values, 'iban', first(...payeeMeans.flatMap((m) => all(m, 'PayeePartyCreditorFinancialAccount', 'IBANID').map(text))));
  put(values, 'bic', first(...payeeMeans.flatMap((m) => all(m, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID').map(text))));
  put(values, 'payment_reference', text(at(settlement, 'PaymentReference')));

  return {
    profile: text(at(root, CONTEXT, 'GuidelineSpecifiedDocumentContextParameter', 'ID')),
    typeCode: text(at(document, 'TypeCode')),
    values,
    lineItems: all(transaction, 'IncludedSupplyChainTradeLineItem').map((line) => lineItem(line, currency)),
  };
}

function lineItem(line: XmlValue, currency: string | null): Record<string, unknown> {
  const product = at(line, 'SpecifiedTradeProduct');
  const price = at(line, LINE_AGREEMENT, 'NetPriceProductTradePrice');
  const quantity = at(line, LINE_DELIVERY, 'BilledQuantity');
  const settlement = at(line, LINE_SETTLEMENT);
  const item: Record<string, unknown> = {};
  // A line of text alone (ZUGFeRD 1.0 puts remarks between the lines so) is described by its note.
  const note = all(line, 'AssociatedDocumentLineDocument', 'IncludedNote', 'Content').map(text).filter((t) => t !== null).join(' ') || null;
  put(item, 'description', first(text(at(product, 'Name')), text(at(product, 'Description')), note));
  put(item, 'product_code', first(text(at(product, 'SellerAssignedID')), text(at(product, 'BuyerAssignedID')), text(at(product, 'GlobalID'))));
  put(item, 'quantity', decimal(quantity));
  put(item, 'unit', attribute(quantity, 'unitCode'));
  put(item, 'unit_price', unitPrice(amountIn(children(price, 'ChargeAmount'), currency), decimal(at(price, 'BasisQuantity'))));
  put(item, 'tax_rate', first(...all(settlement, 'ApplicableTradeTax', 'RateApplicablePercent|ApplicablePercent').map(decimal)));
  put(item, 'amount', amountIn(children(at(settlement, LINE_SUMMATION), 'LineTotalAmount'), currency));
  return item;
}

/** `DateTimeString format="102"` inside the element (2.x, 1.0), or the element's own text (1.0 release candidate). */
function ciiDate(element: XmlValue | undefined): string | null {
  if (element === undefined) return null;
  const inner = at(element, 'DateTimeString');
  const holder = inner ?? element;
  return isoDate(text(holder), attribute(holder, 'format'));
}

/** Line one, line two, line three, postcode and city, country code. */
function address(element: XmlValue | undefined): string | null {
  if (!isElement(element)) return null;
  const line = (name: string) => text(at(element, name));
  return joinParts([line('LineOne'), line('LineTwo'), line('LineThree'), postcodeCity(line('PostcodeCode'), line('CityName')), line('CountryID')]);
}

/** The VAT number (`schemeID="VA"`), else the national tax number (`FC`). */
function taxId(party: XmlValue | undefined): string | null {
  const ids = all(party, 'SpecifiedTaxRegistration', 'ID');
  const scheme = (name: string) => first(...ids.filter((id) => attribute(id, 'schemeID')?.toUpperCase() === name).map(text));
  return first(scheme('VA'), scheme('FC'));
}

/** The contact's e-mail, else the party's electronic address when it is one (`schemeID="EM"`). */
function email(party: XmlValue | undefined): string | null {
  const contact = first(...all(party, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID').map(text));
  if (contact) return contact;
  const uri = all(party, 'URIUniversalCommunication', 'URIID').find((id) => attribute(id, 'schemeID')?.toUpperCase() === 'EM');
  return text(uri);
}
