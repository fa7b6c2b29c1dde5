/** ISO 4217 codes the JavaScript runtime knows (ICU's list), read once. */
let currencies: Set<string> | null = null;
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

/** Card schemes as `card_scheme` values name them. */
export const CARD_SCHEMES = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'maestro',
  'interac',
  'eftpos',
  'rupay',
  'mir',
  'elo',
  'other',
] as const;

export function inKnownList(list: 'iso_4217' | 'card_schemes', value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return list === 'iso_4217' ? isCurrencyCode(value) : (CARD_SCHEMES as readonly string[]).includes(value.toLowerCase());
}
