import { findTaxIds } from '../normalize/tax-id.js';
import type { Candidate } from './candidates.js';

/**
 * A tax number's readings with the EU VAT numbers first: a shop that prints its company
 * registration beside its VAT number (`SIRET 832 417 556 00019` over `N° TVA intracom : FR 41
 * 832417556`, `KvK 39114872   BTW NL821144870B01`, `RCS Rennes 829 114 302` over `TVA FR 08
 * 829114302`) is taxed under the VAT number, which a reader of the receipt looks for. The order
 * among the VAT numbers, and among the rest, stays the ranking's.
 */
export function vatNumbersFirst(list: readonly Candidate[]): Candidate[] {
  const vat = list.filter((c) => typeof c.value === 'string' && findTaxIds(c.value).some((t) => t.kind === 'eu_vat' && t.value === c.value));
  return vat.length === 0 ? [...list] : [...vat, ...list.filter((c) => !vat.includes(c))];
}
