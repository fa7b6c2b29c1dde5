import type { KNOWN_LISTS } from '../contracts/definition.js';
import { CARD_SCHEMES } from '../doctypes/known-values.js';

/** ISO 4217 codes the JavaScript runtime knows (ICU's list), read once. */
let currencies: Set<string> | null = null;
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

export function inKnownList(list: (typeof KNOWN_LISTS)[number], value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return list === 'iso_4217' ? isCurrencyCode(value) : (CARD_SCHEMES as readonly string[]).includes(value.toLowerCase());
}
