/**
 * German ZVT terminal slips (girocard style): Kundenbeleg/Händlerbeleg, Terminal-ID, TA-Nr.,
 * Beleg-Nr., VU-Nr., Genehmigungs-Nr., host lines (AS-Zeit, AS-Proc-Code, Pos-Info) whose
 * numbers are not amounts, "Betrag EUR 8,40" and "Zahlung erfolgt". Mostly German; ZVT terminals
 * in Austria, Switzerland and on EV chargers print the same layout in other languages.
 */
import { maskPan } from './cards.js';
import { isoDate, isoTime } from './locale.js';
import {
  aidLine, amountWithCodeInLabel, amounts, cvmWord, entryWord, footer, header, outcomeWord, schemeName, signatureBox, typeWord,
} from './parts.js';
import type { Sheet } from './sheet.js';

const p2 = (n: number) => String(n).padStart(2, '0');

function copyMarker(s: Sheet): void {
  const word = s.w(s.f.copy === 'customer' ? 'customerCopy' : 'merchantCopy');
  s.center(word.includes('*') || s.rng.chance(0.5) ? word : `* * ${word} * *`);
}

/** Date and time the ZVT way: labelled lines, "Uhr" after the time in German, or one pair line. */
function zvtDateTime(s: Sheet): void {
  const { f, rng } = s;
  const date = rng.chance(0.8) ? `${p2(f.date.d)}.${p2(f.date.m)}.${f.date.y}` : `${p2(f.date.d)}.${p2(f.date.m)}.${p2(f.date.y % 100)}`;
  const seconds = rng.chance(0.5);
  let time = `${p2(f.time.h)}:${p2(f.time.mi)}${seconds ? `:${p2(f.time.s)}` : ''}`;
  if (f.lang === 'de' && rng.chance(0.4)) time += ' Uhr';
  const colon = rng.chance(0.5) ? ':' : '';
  const how = rng.weighted([['lines', 4], ['pair', 3], ['bare', 1]] as const);
  if (how === 'lines') {
    s.lr(`${s.w('date')}${colon}`, date);
    s.lr(`${s.w('time')}${colon}`, time);
  } else if (how === 'pair') s.pair(s.w('date'), date, s.w('time'), time);
  else s.lr(date, time);
  s.label('transaction_date', isoDate(f.date));
  s.label('transaction_time', isoTime(f.time));
}

/** The numbered lines, in one of many orders; host lines are noise for an extractor. */
function numbers(s: Sheet): void {
  const { f, rng } = s;
  const colon = rng.chance(0.3) ? ':' : '';
  const put: (() => void)[] = [];
  if (rng.chance(0.5)) {
    put.push(() => s.pair(s.w('trace'), f.trace, s.w('receipt'), f.receipt));
  } else {
    put.push(() => s.lr(`${s.w('receipt')}${colon}`, f.receipt));
    put.push(() => s.lr(`${s.w('trace')}${colon}`, f.trace));
  }
  put.push(() => s.lr(`${s.w('terminal')}${colon}`, f.terminalId));
  if (rng.chance(0.8)) put.push(() => { s.lr(`${s.w('merchantId')}${colon}`, f.merchantId); s.label('merchant_id', f.merchantId); });
  put.push(() => {
    const masked = maskPan(f.pan, rng.pick(['hash-expiry', 'stars', 'stars', 'X'] as const));
    if (rng.chance(0.3)) s.pair(s.w('card'), masked, s.w('seq'), f.panSeq);
    else {
      s.lr(s.w('card'), masked);
      if (rng.chance(0.4)) s.lr(s.w('seq'), f.panSeq);
    }
  });
  if (rng.chance(0.5)) put.push(() => s.lr('Pos-Info', `00 0${rng.int(70, 79)} 00`));
  if (rng.chance(0.4)) put.push(() => aidLine(s, 'lr'));
  if (f.approved) put.push(() => { s.lr(`${s.w('auth')}${colon}`, f.auth); s.label('auth_code', f.auth); });
  for (const p of rng.chance(0.6) ? put : rng.shuffle(put)) p();
  s.label('receipt_number', f.receipt);
  s.label('trace_number', f.trace);
  s.label('terminal_id', f.terminalId);
  s.label('card_last_four', f.pan.slice(-4));
}

/** Host lines printed after a successful authorisation. */
function hostLines(s: Sheet): void {
  const { f, rng } = s;
  if (rng.chance(0.5)) s.lr(`AS-Zeit ${p2(f.date.d)}.${p2(f.date.m)}.`, `${p2(f.time.h)}:${p2(f.time.mi)}${f.lang === 'de' ? ' Uhr' : ''}`);
  if (rng.chance(0.4)) s.center(`AS-Proc-Code = 00 0${rng.int(70, 79)} 0${rng.int(0, 6)}`);
  if (rng.chance(0.4)) s.center(`Capt.-Ref.= 0${rng.fill('###')}`);
}

export function zvt(s: Sheet): void {
  const { f, rng } = s;
  const copyOnTop = rng.chance(0.6);
  if (copyOnTop) copyMarker(s);
  header(s, rng.chance(0.8) ? 'center' : 'left');
  if (f.merchant) s.blank();
  if (f.type !== 'sale' || rng.chance(0.4)) s.center(typeWord(s));
  else s.center(s.w('cardPayment'));
  if (rng.chance(0.85)) s.center(schemeName(s));
  if (f.entry === 'contactless' ? rng.chance(0.8) : rng.chance(0.3)) s.center(entryWord(s));
  zvtDateTime(s);
  numbers(s);
  if (f.approved) hostLines(s);
  if (!f.approved && rng.chance(0.6)) s.lr(s.w('response'), rng.pick(['05', '55', '65']));
  if (f.dcc || f.tip !== null || f.cashback !== null || rng.chance(0.3)) amounts(s, 'lr');
  else amountWithCodeInLabel(s, rng.chance(0.8) ? 'amount' : 'total');
  s.center(outcomeWord(s));
  if (rng.chance(0.3)) s.center(cvmWord(s));
  signatureBox(s);
  if (!copyOnTop) copyMarker(s);
  footer(s, ['keep', 'thanks']);
}
