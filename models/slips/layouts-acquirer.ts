/**
 * Acquirer-style terminal slips (Ingenico, Verifone, PAX, Castles): header, MID/TID, scheme and
 * AID, STAN/trace, batch, RRN, auth code, amount, outcome and copy marker. The families differ in
 * field order, in "LABEL: value" against label-left value-right, and in what they print.
 */
import {
  aidLine, amounts, hex, cardNumber, cvmWord, dateTime, emvNoise, entryWord, footer, header, outcomeWord, schemeName, signatureBox, typeWord,
  type FieldStyle,
} from './parts.js';
import type { Sheet } from './sheet.js';

/** Merchant and terminal ids; sometimes masked ("***81234"), and then not labelled. */
function ids(s: Sheet, style: FieldStyle, together: boolean): void {
  const { f, rng } = s;
  const masked = rng.chance(0.15);
  const mid = masked ? `***${f.merchantId.slice(-5)}` : f.merchantId;
  const tid = masked ? `****${f.terminalId.slice(-4)}` : f.terminalId;
  if (together) s.pair(`${s.w('merchantId')}:`, mid, `${s.w('terminal')}:`, tid);
  else {
    s.field(s.w('merchantId'), mid, style);
    s.field(s.w('terminal'), tid, style);
  }
  if (!masked) {
    s.label('merchant_id', f.merchantId);
    s.label('terminal_id', f.terminalId);
  }
}

/** Auth code: declined slips usually print none. */
function auth(s: Sheet, style: FieldStyle): void {
  if (!s.f.approved && s.rng.chance(0.8)) return;
  s.field(s.w('auth'), s.f.auth, style);
  s.label('auth_code', s.f.auth);
}

/** Trace, receipt, batch and RRN lines in a shuffled order; each present or not. */
function references(s: Sheet, style: FieldStyle): void {
  const { f, rng } = s;
  const lines: (() => void)[] = [];
  if (rng.chance(0.8)) lines.push(() => { s.field(s.w('trace'), f.trace, style); s.label('trace_number', f.trace); });
  if (rng.chance(0.7)) lines.push(() => { s.field(s.w('receipt'), f.receipt, style); s.label('receipt_number', f.receipt); });
  if (rng.chance(0.6)) lines.push(() => s.field(s.w('batch'), f.batch, style));
  if (rng.chance(0.6)) lines.push(() => { s.field(s.w('rrn'), f.rrn, style); s.label('rrn', f.rrn); });
  for (const put of rng.shuffle(lines)) put();
}

export function ingenico(s: Sheet): void {
  const { rng } = s;
  const style: FieldStyle = rng.chance(0.6) ? 'lr' : 'kv';
  header(s);
  s.blank();
  const idsFirst = rng.chance(0.5);
  if (idsFirst) ids(s, style, rng.chance(0.5));
  s.center(schemeName(s));
  if (rng.chance(0.6)) s.center(s.f.aid);
  if (rng.chance(0.8)) s.center(typeWord(s));
  cardNumber(s, rng.chance(0.5) ? 'bare' : style);
  if (rng.chance(0.7)) s.line(entryWord(s));
  dateTime(s, rng.pick(['pair', 'two', 'bare'] as const), style);
  if (!idsFirst && rng.chance(0.6)) ids(s, style, false);
  references(s, style);
  auth(s, style);
  s.blank();
  amounts(s, style);
  s.blank();
  s.center(outcomeWord(s));
  if (rng.chance(0.6)) s.center(cvmWord(s));
  signatureBox(s);
  footer(s, rng.shuffle(['copy', 'keep', 'thanks'] as const));
}

export function verifone(s: Sheet): void {
  const { f, rng } = s;
  header(s);
  s.blank();
  ids(s, 'kv', rng.chance(0.4));
  if (rng.chance(0.6)) {
    s.pair(`${s.w('batch')}:`, f.batch, `${s.w('receipt')}:`, f.receipt);
    s.label('receipt_number', f.receipt);
  }
  dateTime(s, rng.chance(0.6) ? 'pair' : 'bare');
  s.blank();
  s.center(typeWord(s));
  s.blank();
  const scheme = schemeName(s);
  const masked = rng.chance(0.5);
  if (masked) {
    s.lr(scheme, `${'*'.repeat(f.pan.length - 4)}${f.pan.slice(-4)}`.slice(-16));
    s.label('card_last_four', f.pan.slice(-4));
  } else {
    s.line(scheme);
    cardNumber(s, 'kv');
  }
  if (f.lang === 'en') s.kv(s.upper ? 'ENTRY' : 'Entry', entryWord(s));
  else s.line(entryWord(s));
  if (rng.chance(0.6)) aidLine(s, 'kv');
  emvNoise(s, 'kv');
  if (rng.chance(0.6)) {
    s.kv(s.w('trace'), f.trace);
    s.label('trace_number', f.trace);
  }
  if (rng.chance(0.5)) {
    s.kv(s.w('rrn'), f.rrn);
    s.label('rrn', f.rrn);
  }
  s.blank();
  amounts(s, 'lr', 'total');
  s.blank();
  s.center(outcomeWord(s));
  auth(s, 'kv');
  if (rng.chance(0.7)) s.center(cvmWord(s));
  signatureBox(s);
  footer(s, ['thanks', 'copy', 'keep']);
}

export function pax(s: Sheet): void {
  const { f, rng } = s;
  if (f.merchant) {
    const name = s.upper ? f.merchant.toUpperCase() : f.merchant;
    if (f.lang === 'en' && rng.chance(0.5)) s.kv(s.upper ? 'MERCHANT NAME' : 'Merchant name', name);
    else s.center(name);
    s.label('merchant', name);
  }
  ids(s, 'kv', false);
  s.rule(rng.pick(['-', '=']));
  cardNumber(s, 'kv', rng.pick(['bin-grouped', 'stars', 'stars-grouped'] as const));
  if (f.lang === 'en') s.kv(s.upper ? 'CARD TYPE' : 'Card type', schemeName(s));
  else s.line(schemeName(s));
  if (rng.chance(0.7)) s.line(typeWord(s));
  if (rng.chance(0.5)) s.kv(s.w('batch'), f.batch);
  s.kv(s.w('trace'), f.trace);
  s.label('trace_number', f.trace);
  dateTime(s, rng.chance(0.5) ? 'two' : 'bare', 'kv');
  if (rng.chance(0.7)) {
    s.kv(s.w('rrn'), f.rrn);
    s.label('rrn', f.rrn);
  }
  auth(s, 'kv');
  if (rng.chance(0.5)) s.line(entryWord(s));
  if (rng.chance(0.4)) aidLine(s, 'kv');
  s.rule('-');
  amounts(s, 'kv');
  s.rule('-');
  s.center(outcomeWord(s));
  if (rng.chance(0.5)) s.line(cvmWord(s));
  if (f.lang === 'en' && f.approved && rng.chance(0.5)) s.line('I AGREE TO PAY THE ABOVE TOTAL AMOUNT ACCORDING TO THE CARD ISSUER AGREEMENT');
  signatureBox(s);
  footer(s, ['copy', 'thanks']);
}

export function castles(s: Sheet): void {
  const { f, rng } = s;
  header(s, rng.chance(0.7) ? 'center' : 'left');
  s.blank();
  dateTime(s, 'bare');
  ids(s, 'lr', true);
  if (rng.chance(0.5)) {
    // "STAN/BATCH 000008/001": two numbers, one field.
    s.lr(`${s.w('trace')}/${s.w('batch')}`, `${f.trace}/${f.batch}`);
  } else {
    s.pair(s.w('batch'), f.batch, s.w('trace'), f.trace);
  }
  s.label('trace_number', f.trace);
  s.blank();
  s.center(typeWord(s));
  cardNumber(s, 'bare', rng.pick(['stars', 'X'] as const));
  s.lr(schemeName(s), rng.chance(0.6) ? entryWord(s) : '**/**');
  if (rng.chance(0.5)) {
    s.pair(s.w('rrn'), f.rrn, s.w('seq'), f.panSeq);
    s.label('rrn', f.rrn);
  }
  auth(s, 'lr');
  if (rng.chance(0.6)) aidLine(s, 'lr');
  if (rng.chance(0.3)) s.lr('TC', hex(s, 16));
  s.blank();
  amounts(s, 'lr', rng.pick(['amount', 'total'] as const));
  s.blank();
  if (rng.chance(0.8)) s.center(cvmWord(s));
  s.center(outcomeWord(s));
  signatureBox(s);
  footer(s, ['copy', 'keep']);
}
