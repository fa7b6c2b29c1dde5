import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * XML as fast-xml-parser gives it, read with namespace prefixes removed: an element is a string
 * (text only), an object (children by local name, attributes as `@_name`, text as `#text`) or,
 * when it repeats, an array of those. The helpers below take either shape, so an element that
 * occurs once reads the same as one that occurs several times.
 */
export type XmlValue = string | XmlElement | XmlValue[];
export interface XmlElement {
  [name: string]: XmlValue;
}

export interface XmlDocument {
  /** Local name of the root element (`CrossIndustryInvoice`, `Invoice`...). */
  root: string;
  element: XmlElement;
}

/** Elements that repeat in CII and UBL invoices: always arrays, one or many. */
const REPEATING = new Set([
  'IncludedSupplyChainTradeLineItem',
  'InvoiceLine',
  'CreditNoteLine',
  'TaxTotalAmount',
  'TaxTotal',
  'SpecifiedTaxRegistration',
  'PartyTaxScheme',
  'SpecifiedTradeSettlementPaymentMeans',
  'PaymentMeans',
  'SpecifiedTradePaymentTerms',
  'PaymentTerms',
  'DefinedTradeContact',
  'AddressLine',
  'ApplicableTradeTax',
  'ClassifiedTaxCategory',
  'GuidelineSpecifiedDocumentContextParameter',
]);

/** Binary attachments inside the invoice (base64 PDFs and images, megabytes) are not parsed. */
const SKIPPED = ['..AttachmentBinaryObject', '..EmbeddedDocumentBinaryObject'];

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  // Values stay text: invoice numbers keep their leading zeros; amounts are read by the caller.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // The XML entities (`&amp;`) and character references (`&#228;`). Entities declared in a
  // DOCTYPE (billion laughs, external entities) never get here: a document with a DOCTYPE is
  // refused before parsing (an invoice never has one), and the parser's own limits stay on.
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => REPEATING.has(name),
  stopNodes: SKIPPED,
  maxNestedTags: 100,
});

/**
 * Parses an XML text: null when it is not well-formed, declares a DOCTYPE (entity expansion,
 * external entities: an invoice never needs one) or has no root element.
 */
export function parseXml(text: string): XmlDocument | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  if (XMLValidator.validate(text) !== true) return null;
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch {
    return null;
  }
  if (!isElement(parsed)) return null;
  for (const [name, value] of Object.entries(parsed)) {
    if (name.startsWith('?') || name.startsWith('#')) continue;
    const element = Array.isArray(value) ? value[0] : value;
    return { root: name, element: isElement(element) ? element : {} };
  }
  return null;
}

export function isElement(value: unknown): value is XmlElement {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every occurrence of the first of `names` that `parent` has (an element once is a list of one). */
export function children(parent: unknown, ...names: string[]): XmlValue[] {
  if (!isElement(parent)) return [];
  for (const name of names) {
    if (!Object.hasOwn(parent, name)) continue;
    const value = parent[name];
    return Array.isArray(value) ? value : [value];
  }
  return [];
}

/** The first occurrence of the first of `names` that `parent` has. */
export function child(parent: unknown, ...names: string[]): XmlValue | undefined {
  return children(parent, ...names)[0];
}

/**
 * Walks down from `from`: each step is a child name, or several separated by `|` (the first one
 * present is taken, e.g. `ExchangedDocument|HeaderExchangedDocument` for CII 2 and 1).
 */
export function at(from: unknown, ...steps: string[]): XmlValue | undefined {
  let node: unknown = from;
  for (const step of steps) {
    node = child(node, ...step.split('|'));
    if (node === undefined) return undefined;
  }
  return node as XmlValue;
}

/** Every element reached by `steps`, across repeated elements on the way. */
export function all(from: unknown, ...steps: string[]): XmlValue[] {
  let nodes: unknown[] = [from];
  for (const step of steps) nodes = nodes.flatMap((node) => children(node, ...step.split('|')));
  return nodes as XmlValue[];
}

/** An element's text, white space runs made one space; null when empty or absent. */
export function text(value: unknown): string | null {
  const raw = typeof value === 'string' ? value : isElement(value) && typeof value['#text'] === 'string' ? value['#text'] : Array.isArray(value) ? text(value[0]) : null;
  if (raw === null) return null;
  const cleaned = raw.replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

/** An attribute of an element (`schemeID`, `currencyID`, `unitCode`, `format`); null when absent or empty. */
export function attribute(value: unknown, name: string): string | null {
  if (!isElement(value)) return null;
  const raw = value[`@_${name}`];
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
}
