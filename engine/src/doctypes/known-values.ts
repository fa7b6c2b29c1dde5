/** Card schemes as `card_scheme` values name them; also the `card_schemes` list of `one_of` rules. */
export const CARD_SCHEMES = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'maestro',
  'girocard',
  'cb',
  'vpay',
  'bancontact',
  'interac',
  'eftpos',
  'rupay',
  'mir',
  'elo',
  'other',
] as const;

/** How a receipt says it was paid: the `payment_method` values of the templates. */
export const PAYMENT_METHODS = ['card', 'cash', 'mobile_wallet', 'bank_transfer', 'voucher', 'other'] as const;
