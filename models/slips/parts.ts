/**
 * Pieces every layout prints in its own order and style: merchant header, date and time, card
 * number, scheme, entry and verification, outcome, amounts, footers, and numbers that are not
 * amounts. Each piece labels exactly what it prints.
 */
import { maskPan, SCHEME_INFO, type MaskStyle } from './cards.js';
import { formatDate, formatTime, formatNumber, isoDate, isoTime, type DateStyle, type TimeStyle } from './locale.js';
import type { Sheet } from './sheet.js';
import type { WordKey } from './wording.js';

export type FieldStyle = 'lr' | 'kv';

const caps = (s: Sheet, text: string) => (s.upper ? text.toUpperCase() : text);

/** Hex digits, as EMV cryptograms and certificates print. */
export function hex(s: Sheet, n: number): string {
  return Array.from({ length: n }, () => '0123456789ABCDEF'[s.rng.int(0, 15)]).join('');
}

/** Merchant name, address and maybe a phone number; nothing when the slip sits inside a till receipt. */
export function header(s: Sheet, align: 'center' | 'left' = 'center'): void {
  const { f, rng } = s;
  if (!f.merchant) return;
  const put = (text: string) => (align === 'center' ? s.center(text) : s.line(text));
  const merchant = caps(s, f.merchant);
  put(merchant);
  s.label('merchant', merchant);
  if (rng.chance(0.1)) return;
  const street = caps(s, f.street);
  const town = caps(s, f.town);
  const style = rng.weighted([['two', 6], ['comma', 2], ['dash', 1]] as const);
  const joined = style === 'dash' ? `${street} - ${town}` : `${street}, ${town}`;
  if (style !== 'two' && joined.length <= s.width) {
    put(joined);
    s.label('merchant_address', joined);
  } else {
    put(street);
    put(town);
    s.label('merchant_address', `${street}, ${town}`);
  }
  if (rng.chance(0.35)) put(`${s.w('tel')} ${rng.fill(f.phone)}`);
}

export type DateTimeHow = 'pair' | 'two' | 'bare' | 'bare-two';

/** Date and time, labelled or bare, on one line or two. */
export function dateTime(s: Sheet, how: DateTimeHow, style: FieldStyle = 'lr', dateStyle?: DateStyle, timeStyle?: TimeStyle): void {
  const { f, rng } = s;
  const date = formatDate(f.date, dateStyle ?? rng.pick(f.loc.dates));
  const time = formatTime(f.time, timeStyle ?? rng.pick(f.loc.times));
  if (how === 'pair') s.pair(s.w('date'), date, s.w('time'), time);
  else if (how === 'two') {
    s.field(s.w('date'), date, style);
    s.field(s.w('time'), time, style);
  } else if (how === 'bare') {
    if (rng.chance(0.5)) s.lr(date, time);
    else s.line(`${date} ${time}`);
  } else {
    s.line(date);
    s.line(time);
  }
  s.label('transaction_date', isoDate(f.date));
  s.label('transaction_time', isoTime(f.time));
}

/** The masked card number, maybe with its label word and the card sequence number. */
export function cardNumber(s: Sheet, style: FieldStyle | 'bare', mask?: MaskStyle): void {
  const { f, rng } = s;
  const masked = maskPan(f.pan, mask ?? rng.weighted<MaskStyle>([
    ['stars', 5], ['stars-grouped', 2], ['X', 2], ['x-grouped', 1], ['bin-grouped', 1], ['bin-flat', 1],
  ]));
  if (style === 'bare') s.line(masked);
  else if (rng.chance(0.25)) s.pair(s.w('card'), masked, s.w('seq'), f.panSeq);
  else s.field(s.w('card'), masked, style);
  s.label('card_last_four', f.pan.slice(-4));
}

/** The card's application label or scheme name ("VISA DEBIT", "girocard"). */
export function schemeName(s: Sheet): string {
  const name = s.rng.pick(SCHEME_INFO[s.f.scheme].names);
  s.label('card_scheme', s.f.scheme);
  return s.upper ? name.toUpperCase() : name;
}

export function aidLine(s: Sheet, style: FieldStyle): void {
  s.field(s.w('aid'), s.f.aid, style);
}

const ENTRY_WORD = { chip: 'chip', contactless: 'contactless', swipe: 'swipe', manual: 'manual' } as const;
const CVM_WORD = { pin: 'pin', signature: 'signature', cdcvm: 'cdcvm', none: 'noCvm' } as const;

export function entryWord(s: Sheet): string {
  s.label('entry_method', s.f.entry);
  return s.w(ENTRY_WORD[s.f.entry]);
}

export function cvmWord(s: Sheet): string {
  s.label('verification_method', s.f.cvm);
  return s.w(CVM_WORD[s.f.cvm]);
}

/** A signature line, printed on merchant copies of signature transactions. */
export function signatureBox(s: Sheet): void {
  if (s.f.cvm !== 'signature' || s.f.copy !== 'merchant') return;
  s.blank();
  s.line(`X${'_'.repeat(Math.max(8, s.width - 6))}`);
  s.center(s.w('signHere'));
}

export function outcomeWord(s: Sheet): string {
  s.label('approved', s.f.approved);
  return s.w(s.f.approved ? 'approved' : 'declined');
}

const TYPE_WORD: Record<Sheet['f']['type'], WordKey> = { sale: 'sale', refund: 'refund', void: 'void', pre_authorization: 'preauth' };

export function typeWord(s: Sheet): string {
  s.label('transaction_type', s.f.type);
  return s.w(TYPE_WORD[s.f.type]);
}

/**
 * The money block: plain amount, base + tip or cashback = total, or the DCC lines (local amount,
 * rate, amount charged in the card's currency). Only the card currency is labelled.
 */
export function amounts(s: Sheet, style: FieldStyle, totalWord: WordKey = 'amount'): void {
  const { f, rng } = s;
  const put = (label: string, value: string) => s.field(label, value, style);
  if (f.dcc) {
    const d = f.dcc;
    put(s.w('amount'), s.money(d.localAmount, d.localCurrency, rng.chance(0.5) ? 'code-before' : 'code-after'));
    const rate = d.rate.toFixed(rng.pick([4, 4, 5, 6])).replace('.', s.num.decimal);
    const rateText = `1 ${d.localCurrency} = ${rate} ${f.currency}`;
    const rateWord = s.w('rate');
    // One line when it fits; otherwise the rate goes whole onto the next line.
    if (rng.chance(0.5) && rateWord.length + 1 + rateText.length <= s.width) s.line(`${rateWord} ${rateText}`);
    else put(rateWord, rateText);
    if (f.lang === 'en' && rng.chance(0.4)) put(s.upper ? 'MARGIN' : 'Margin', `${formatNumber(d.margin, s.num)}%`);
    if (rng.chance(0.6)) put(s.w('txCurrency'), f.currency);
    const charged = rng.chance(0.5) ? `${f.currency} ${formatNumber(f.amount, s.num)}` : `${formatNumber(f.amount, s.num)} ${f.currency}`;
    put(s.w('charged'), charged);
    s.label('amount', f.amount);
    s.label('currency', f.currency);
    if (rng.chance(0.5)) s.line(s.w('dccNotice'));
    return;
  }
  const extra = f.tip !== null ? { word: 'tip' as const, value: f.tip } : f.cashback !== null ? { word: 'cashback' as const, value: f.cashback } : null;
  if (extra && f.base !== null) {
    // Base and extra often print bare; the total carries the currency.
    const partMode = rng.chance(0.6) ? 'none' : s.moneyMode;
    put(s.w('base'), s.money(f.base, f.currency, partMode));
    put(s.w(extra.word), s.money(extra.value, f.currency, partMode));
    if (rng.chance(0.5)) s.right('-'.repeat(Math.min(12, s.width / 2)));
    put(s.w('total'), s.money(f.amount));
    s.label('base_amount', f.base);
    s.label(extra.word, extra.value);
  } else {
    put(s.w(totalWord), s.money(f.amount));
  }
  s.label('amount', f.amount);
  s.currencyShown();
}

/** "Betrag EUR   8,40": the currency code beside the label word, the amount bare. */
export function amountWithCodeInLabel(s: Sheet, word: WordKey): void {
  const { f } = s;
  s.lr(`${s.w(word)} ${f.currency}`, formatNumber(f.amount, s.num));
  s.label('amount', f.amount);
  s.label('currency', f.currency);
}

/** Footer: copy marker, "please keep", thanks, in one of a few orders. */
export function footer(s: Sheet, parts: readonly ('copy' | 'keep' | 'thanks')[] = ['copy', 'keep', 'thanks']): void {
  for (const part of parts) {
    if (part === 'copy' && s.rng.chance(0.85)) s.center(s.w(s.f.copy === 'customer' ? 'customerCopy' : 'merchantCopy'));
    if (part === 'keep' && s.f.copy === 'customer' && s.rng.chance(0.6)) s.center(s.w('keep'));
    if (part === 'thanks' && s.rng.chance(0.35)) s.center(s.w('thanks'));
  }
}

/** EMV and host numbers that are not amounts: TVR, TSI, ATC, cryptogram, response code. */
export function emvNoise(s: Sheet, style: FieldStyle): void {
  const { rng } = s;
  const candidates: [string, string][] = [
    ['TVR', rng.fill('00000#8000')],
    ['TSI', rng.pick(['E800', 'F800', '6800'])],
    ['ATC', rng.fill('00##')],
    ['AC', hex(s, 16)],
    ['CVMR', rng.pick(['420300', '1F0302', '410302'])],
    [s.w('response'), s.f.approved ? rng.pick(['00', '000']) : rng.pick(['05', '51', '55'])],
  ];
  for (const [label, value] of rng.shuffle(candidates).slice(0, rng.int(0, 4))) s.field(label, value, style);
}
