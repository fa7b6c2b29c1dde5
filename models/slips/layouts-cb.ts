/**
 * French CB tickets: CARTE BANCAIRE, SANS CONTACT, the AID and scheme bare, "LE 14/03/25 A
 * 10:22:31", merchant and town, unlabelled numeric lines (contract, terminal, sequence numbers),
 * the masked card, No AUTO, "MONTANT = 12,40 EUR", DEBIT, TICKET CLIENT, A CONSERVER. Printed in
 * capitals; a few Belgian, Swiss or foreign terminals print the same layout in their language.
 */
import { maskPan } from './cards.js';
import { CURRENCY_SYMBOL, formatNumber, isoDate, isoTime } from './locale.js';
import { amounts, hex, cvmWord, dateTime, entryWord, outcomeWord, schemeName, signatureBox, typeWord } from './parts.js';
import type { Sheet } from './sheet.js';

const p2 = (n: number) => String(n).padStart(2, '0');

/** The transaction kind as CB prints it: DEBIT for a payment, CREDIT for a refund. */
function cbType(s: Sheet): string {
  if (s.f.lang !== 'fr') return typeWord(s);
  s.label('transaction_type', s.f.type);
  switch (s.f.type) {
    case 'sale': return 'DEBIT';
    case 'refund': return 'CREDIT';
    case 'void': return 'ANNULATION';
    case 'pre_authorization': return 'PRE-AUTORISATION';
  }
}

export function cb(s: Sheet): void {
  const { f, rng } = s;
  const fr = f.lang === 'fr';
  if (f.scheme === 'cb' && rng.chance(0.6)) s.center('CARTE BANCAIRE');
  if (f.entry === 'contactless' && rng.chance(0.85)) s.center(entryWord(s));
  if (rng.chance(0.5)) {
    s.center(schemeName(s));
    s.center(f.aid);
  } else {
    s.center(f.aid);
    s.center(schemeName(s));
  }
  if (fr) {
    const secs = rng.chance(0.7) ? `:${p2(f.time.s)}` : '';
    s.line(`LE ${p2(f.date.d)}/${p2(f.date.m)}/${p2(f.date.y % 100)} A ${p2(f.time.h)}:${p2(f.time.mi)}${secs}`);
    s.label('transaction_date', isoDate(f.date));
    s.label('transaction_time', isoTime(f.time));
  } else dateTime(s, 'bare');
  if (f.merchant) {
    const name = f.merchant.toUpperCase();
    s.line(name);
    s.label('merchant', name);
    if (rng.chance(0.6)) {
      const town = f.town.toUpperCase();
      s.line(town);
      s.label('merchant_address', town);
    }
  }
  if (rng.chance(0.65)) {
    // Contract and terminal numbers, then a line of sequence numbers: all unlabelled on paper.
    s.line(`${f.merchantId}  ${f.terminalId}`);
    s.line(`${rng.fill('##')} ${rng.fill('#####')} ${rng.fill('###')} ${rng.fill('###')}`);
  } else {
    s.kv(s.w('merchantId'), f.merchantId);
    s.kv(s.w('terminal'), f.terminalId);
    s.label('merchant_id', f.merchantId);
    s.label('terminal_id', f.terminalId);
    if (rng.chance(0.5)) {
      s.kv(s.w('trace'), f.trace);
      s.label('trace_number', f.trace);
    }
  }
  s.line(maskPan(f.pan, rng.pick(['stars', 'stars', 'X'] as const)));
  s.label('card_last_four', f.pan.slice(-4));
  if (rng.chance(0.4)) s.line(hex(s, 16));
  if (f.approved) {
    s.line(`${s.w('auth')} : ${f.auth}`);
    s.label('auth_code', f.auth);
  }
  if (f.tip !== null || f.cashback !== null || f.dcc) amounts(s, 'kv');
  else {
    const number = formatNumber(f.amount, s.num);
    const money = `${number} ${rng.chance(0.8) ? f.currency : CURRENCY_SYMBOL[f.currency]}`;
    const op = rng.pick([' = ', ' : ', '  ']);
    s.line(`${s.w('amount')}${op}${money}`);
    s.label('amount', f.amount);
    s.label('currency', f.currency);
  }
  s.line(cbType(s));
  if (!f.approved || rng.chance(0.3)) s.center(outcomeWord(s));
  if (f.cvm !== 'none' && rng.chance(0.3)) s.line(cvmWord(s));
  signatureBox(s);
  s.line(s.w(f.copy === 'customer' ? 'customerCopy' : 'merchantCopy'));
  if (rng.chance(0.7)) s.line(s.w('keep'));
}
