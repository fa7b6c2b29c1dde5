/**
 * App and platform printers (SumUp, Square, Stripe, Adyen): sentence-style lines ("Paid with
 * Visa", "Card ending in 1234", "•••• 1234"), alphanumeric receipt numbers ("#2F4K-9XQ1"), tips,
 * big centred totals, and fewer acquirer numbers.
 */
import { maskPan } from './cards.js';
import {
  aidLine, amounts, cardNumber, cvmWord, dateTime, entryWord, footer, header, outcomeWord, schemeName, signatureBox, typeWord,
} from './parts.js';
import type { Sheet } from './sheet.js';

/** The card in a sentence or a short masked form; labels scheme and last four. */
function cardSentence(s: Sheet): void {
  const { f, rng } = s;
  const last4 = f.pan.slice(-4);
  const scheme = schemeName(s);
  const how = rng.weighted([['paid+ending', 3], ['scheme+dots', 3], ['paid-with-dots', 2], ['ellipsis', 1]] as const);
  if (how === 'paid+ending') {
    s.line(s.tpl('paidWith', scheme));
    s.line(s.tpl('cardEnding', last4));
  } else if (how === 'scheme+dots') s.lr(scheme, maskPan(f.pan, 'dots'));
  else if (how === 'paid-with-dots') {
    const sentence = s.tpl('paidWith', `${scheme} ${maskPan(f.pan, 'dots')}`);
    // Too long for the paper: the app breaks before the card, never inside "•••• 1234".
    if (sentence.length <= s.width) s.line(sentence);
    else {
      s.line(s.tpl('paidWith', scheme));
      s.right(maskPan(f.pan, 'dots'));
    }
  }
  else s.line(`${scheme} ${maskPan(f.pan, 'ellipsis')}`);
  s.label('card_last_four', last4);
}

function authLine(s: Sheet, style: 'lr' | 'kv'): void {
  if (!s.f.approved) return;
  s.field(s.w('auth'), s.f.auth, style);
  s.label('auth_code', s.f.auth);
}

function receiptLine(s: Sheet, style: 'lr' | 'kv' | 'hash'): void {
  const { f } = s;
  if (style === 'hash') s.line(`${s.tpl('receiptTitle', '')} #${f.receipt}`);
  else s.field(s.w('receipt'), f.receipt, style);
  s.label('receipt_number', f.receipt);
}

export function sumup(s: Sheet): void {
  const { f, rng } = s;
  header(s);
  s.blank();
  if (f.type === 'sale' && rng.chance(0.7)) s.center(s.tpl('receiptTitle', ''));
  else s.center(typeWord(s));
  dateTime(s, rng.chance(0.5) ? 'bare' : 'two', 'kv');
  if (rng.chance(0.8)) receiptLine(s, 'kv');
  s.blank();
  amounts(s, 'lr', 'total');
  s.blank();
  cardSentence(s);
  if (rng.chance(0.7)) s.line(entryWord(s));
  if (rng.chance(0.6)) s.line(cvmWord(s));
  authLine(s, 'kv');
  if (rng.chance(0.5)) {
    s.kv(s.w('terminal'), f.terminalId);
    s.label('terminal_id', f.terminalId);
  }
  if (rng.chance(0.4)) aidLine(s, 'kv');
  if (!f.approved || rng.chance(0.5)) s.center(outcomeWord(s));
  signatureBox(s);
  footer(s, ['copy', 'thanks']);
}

export function square(s: Sheet): void {
  const { f, rng } = s;
  header(s);
  s.blank();
  // The big total on top; the same amount again in the lines below.
  s.center(s.money(f.amount, f.currency, 'symbol'));
  s.currencyShown('symbol');
  if (f.type !== 'sale') s.center(typeWord(s));
  s.blank();
  amounts(s, 'lr', 'total');
  s.blank();
  cardSentence(s);
  if (f.approved && rng.chance(0.6)) {
    // "Contactless      Auth 123456": entry and auth code on one line.
    s.lr(entryWord(s), `${s.w('auth')} ${f.auth}`);
    s.label('auth_code', f.auth);
  } else {
    if (rng.chance(0.6)) s.line(entryWord(s));
    authLine(s, 'lr');
  }
  dateTime(s, 'bare');
  receiptLine(s, 'hash');
  if (rng.chance(0.5)) s.center(cvmWord(s));
  if (!f.approved) s.center(outcomeWord(s));
  signatureBox(s);
  footer(s, ['thanks', 'copy']);
}

export function stripe(s: Sheet): void {
  const { f, rng } = s;
  header(s, 'left');
  s.blank();
  receiptLine(s, 'hash');
  s.lr(s.w('total'), s.money(f.amount));
  s.label('amount', f.amount);
  s.currencyShown();
  dateTime(s, rng.chance(0.5) ? 'bare' : 'two', 'lr');
  cardSentence(s);
  if (f.type !== 'sale' || rng.chance(0.3)) s.lr(s.upper ? 'TYPE' : 'Type', typeWord(s));
  s.blank();
  if (f.tip !== null || f.cashback !== null || f.dcc) amounts(s, 'lr', 'total');
  s.rule('-');
  if (rng.chance(0.7)) s.lr(s.upper ? 'MODE' : 'Mode', entryWord(s));
  if (rng.chance(0.6)) aidLine(s, 'lr');
  if (rng.chance(0.4)) s.lr('ATC', rng.fill('00##'));
  authLine(s, 'lr');
  if (rng.chance(0.5)) s.line(cvmWord(s));
  if (!f.approved || rng.chance(0.4)) s.center(outcomeWord(s));
  signatureBox(s);
  footer(s, ['copy']);
}

export function adyen(s: Sheet): void {
  const { f, rng } = s;
  header(s);
  s.blank();
  const copyOnTop = rng.chance(0.5);
  if (copyOnTop) s.center(s.w(f.copy === 'customer' ? 'customerCopy' : 'merchantCopy'));
  s.kv(s.w('terminal'), f.terminalId);
  s.label('terminal_id', f.terminalId);
  dateTime(s, 'two', 'kv');
  cardNumber(s, 'kv', rng.pick(['stars-grouped', 'stars', 'bin-flat'] as const));
  s.line(schemeName(s));
  if (rng.chance(0.7)) aidLine(s, 'kv');
  // The platform's own payment reference: not the acquirer's RRN, and unlabelled.
  if (f.lang === 'en' && rng.chance(0.6)) s.kv('Tender', rng.fill('**********'));
  receiptLine(s, 'kv');
  authLine(s, 'kv');
  if (rng.chance(0.8)) s.line(typeWord(s));
  if (rng.chance(0.6)) s.line(entryWord(s));
  s.blank();
  amounts(s, 'kv', 'total');
  s.blank();
  s.center(outcomeWord(s));
  if (rng.chance(0.6)) s.center(cvmWord(s));
  signatureBox(s);
  footer(s, copyOnTop ? ['keep', 'thanks'] : ['copy', 'keep', 'thanks']);
}
