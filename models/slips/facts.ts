/**
 * The facts of one generated transaction (what happened) and the labels of one printed slip
 * (which of those facts the slip shows). The generator draws the facts; a layout prints them and
 * records, as it prints, each label it made visible, so a label never names an unprinted value.
 */
import type { Currency, Locale, SlipDate, SlipTime } from './locale.js';
import type { Lang } from './wording.js';

export const FAMILIES = ['ingenico', 'verifone', 'pax', 'castles', 'zvt', 'cb', 'sumup', 'square', 'stripe', 'adyen'] as const;
export type Family = (typeof FAMILIES)[number];

export const SCHEMES = [
  'visa', 'mastercard', 'maestro', 'amex', 'girocard', 'cb', 'vpay', 'bancontact', 'discover', 'jcb', 'unionpay', 'diners', 'interac', 'eftpos',
] as const;
export type Scheme = (typeof SCHEMES)[number];

export type EntryMethod = 'chip' | 'contactless' | 'swipe' | 'manual';
export type Verification = 'pin' | 'signature' | 'cdcvm' | 'none';
export type TxType = 'sale' | 'refund' | 'void' | 'pre_authorization';

/** Only values printed on the slip; amounts in the currency charged to the card. */
export interface SlipLabels {
  amount?: number;
  currency?: string;
  transaction_date?: string;
  transaction_time?: string;
  merchant?: string;
  merchant_address?: string;
  receipt_number?: string;
  rrn?: string;
  auth_code?: string;
  terminal_id?: string;
  merchant_id?: string;
  trace_number?: string;
  card_scheme?: Scheme;
  card_last_four?: string;
  entry_method?: EntryMethod;
  verification_method?: Verification;
  approved?: boolean;
  tip?: number;
  cashback?: number;
  base_amount?: number;
  transaction_type?: TxType;
  payment_method?: 'card';
  language?: Lang;
}

/**
 * Dynamic currency conversion: the merchant prices in its own currency, the card is charged in
 * the card's (SlipFacts.currency and .amount). rate is card units per local unit, margin included.
 */
export interface Dcc {
  localCurrency: Currency;
  localAmount: number;
  rate: number;
  /** The margin in percent, printed by some terminals ("MARGIN 3.50%"). */
  margin: number;
}

export interface SlipFacts {
  family: Family;
  loc: Locale;
  lang: Lang;
  /** Null when the slip is a block inside a till receipt and prints no merchant header. */
  merchant: string | null;
  street: string;
  town: string;
  phone: string;
  type: TxType;
  approved: boolean;
  /** The total charged to the card, in `currency`. */
  amount: number;
  currency: Currency;
  /** Set together with tip or cashback: base + tip (or cashback) = amount. */
  base: number | null;
  tip: number | null;
  cashback: number | null;
  dcc: Dcc | null;
  date: SlipDate;
  time: SlipTime;
  receipt: string;
  trace: string;
  terminalId: string;
  merchantId: string;
  auth: string;
  rrn: string;
  batch: string;
  scheme: Scheme;
  /** Full card number; only masked forms are printed. */
  pan: string;
  panSeq: string;
  aid: string;
  entry: EntryMethod;
  cvm: Verification;
  copy: 'customer' | 'merchant';
  /** Printer columns, 24 to 48. */
  width: number;
}
