/**
 * Draws the facts of one transaction: where (locale, merchant), when, how much (with tip,
 * cashback or currency conversion), which card and how it was read, and the terminal's numbers.
 * The shares follow the brief of the generator: ~10% declined, ~7% DCC, ~15% tips, ~5% cashback,
 * ~5% refunds, ~15% without a merchant header.
 */
import { makePan, pickScheme, SCHEME_INFO } from './cards.js';
import type { Currency, Locale, SlipDate } from './locale.js';
import type { Rng } from './rng.js';
import type { Dcc, EntryMethod, Family, SlipFacts, TxType, Verification } from './facts.js';

/** Units of each currency per euro, roughly; DCC rates are drawn around these. */
const PER_EUR: Record<Currency, number> = { EUR: 1, USD: 1.08, GBP: 0.85, CHF: 0.95, SEK: 11.3, PLN: 4.3, DKK: 7.46, NOK: 11.6, AUD: 1.65, CAD: 1.47 };
const DCC_CURRENCIES: readonly Currency[] = ['USD', 'GBP', 'EUR', 'CHF', 'SEK', 'PLN', 'DKK', 'NOK'];
/** Currencies whose prices run about ten times the euro's; drawn larger so amounts look local. */
const SMALL_UNITS: ReadonlySet<Currency> = new Set(['SEK', 'NOK', 'DKK', 'PLN']);

const APP_FAMILIES: ReadonlySet<Family> = new Set(['sumup', 'square', 'stripe', 'adyen']);
const DCC_FAMILIES: ReadonlySet<Family> = new Set(['ingenico', 'verifone', 'pax', 'castles', 'adyen', 'zvt']);

const WIDTHS: Record<'cb' | 'zvt' | 'app' | 'acquirer', readonly number[]> = {
  cb: [24, 24, 28, 32],
  zvt: [32, 36, 40, 42, 48],
  app: [32, 32, 36, 40, 42],
  acquirer: [24, 28, 32, 32, 40, 42, 48],
};

/** An amount in cents, 0.50 to 2,500, log-uniform so small tickets dominate as at real tills. */
function drawCents(rng: Rng, currency: Currency, max = 2500): number {
  const hi = rng.chance(0.75) ? 200 : max;
  let v = Math.exp(rng.float(Math.log(0.5), Math.log(hi)));
  if (SMALL_UNITS.has(currency)) v *= currency === 'PLN' ? 4 : 10;
  let cents = Math.round(Math.min(max, Math.max(0.5, v)) * 100);
  // Swiss tills round to 5 centimes; many prices end in .00, .50 or .90.
  if (currency === 'CHF') cents = Math.max(50, Math.round(cents / 5) * 5);
  else if (rng.chance(0.25)) cents = Math.max(50, Math.floor(cents / 100) * 100 + rng.pick([0, 50, 90, 95]));
  return Math.min(cents, max * 100);
}

/** A day from 2023-01-01 to 2026-10-31, all equally likely. */
function drawDate(rng: Rng): SlipDate {
  const from = Date.UTC(2023, 0, 1);
  const days = Math.round((Date.UTC(2026, 9, 31) - from) / 86_400_000);
  const d = new Date(from + rng.int(0, days) * 86_400_000);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

function drawEntry(rng: Rng, family: Family): EntryMethod {
  return rng.weighted<EntryMethod>([['contactless', 55], ['chip', 30], ['swipe', family === 'zvt' || family === 'cb' ? 1 : 7], ['manual', APP_FAMILIES.has(family) ? 5 : 2]]);
}

function drawCvm(rng: Rng, entry: EntryMethod): Verification {
  switch (entry) {
    case 'contactless': return rng.weighted<Verification>([['none', 55], ['cdcvm', 25], ['pin', 20]]);
    case 'chip': return rng.weighted<Verification>([['pin', 80], ['signature', 10], ['none', 10]]);
    case 'swipe': return rng.weighted<Verification>([['signature', 70], ['pin', 20], ['none', 10]]);
    case 'manual': return rng.weighted<Verification>([['none', 60], ['signature', 40]]);
  }
}

/** Terminal numbers in the family's formats. */
function numbers(rng: Rng, family: Family) {
  const receipt = family === 'zvt' ? rng.fill('####')
    : family === 'sumup' ? rng.fill('AA**AA*A*A')
    : family === 'square' ? rng.fill('****-****')
    : family === 'stripe' ? rng.fill('####-####')
    : family === 'adyen' ? rng.fill('##########')
    : rng.fill(rng.pick(['######', '####', '00####']));
  const terminalId = family === 'zvt' ? rng.pick(['5601', '5605', '6529', '5220']) + rng.fill('####')
    : family === 'adyen' ? `${rng.pick(['V400m', 'P400Plus', 'S1F2', 'AMS1'])}-${rng.fill('#########')}`
    : family === 'stripe' ? `tmr_${rng.fill('*************')}`
    : rng.fill(rng.pick(['########', '########', 'AA######']));
  const merchantId = family === 'zvt' ? rng.fill(rng.pick(['45560#######', '#########', '##########']))
    : family === 'cb' ? rng.fill('#######')
    : rng.fill(rng.pick(['###############', '############', '#########', '##########']));
  const auth = rng.chance(0.6) ? rng.fill('######') : rng.fill(rng.pick(['A#####', '##A##A', '#A###*', '******']));
  return {
    receipt, terminalId, merchantId, auth,
    trace: rng.fill('######'),
    rrn: rng.fill('############'),
    batch: rng.fill(rng.pick(['###', '000###', '######'])),
    panSeq: rng.pick(['00', '01', '000', '001']),
  };
}

/** The first entry that fits the printer's width, else the shortest: values never wrap. */
function fitting(rng: Rng, xs: readonly string[], width: number): string {
  const ok = xs.filter((x) => x.length <= width);
  return ok.length ? rng.pick(ok) : xs.reduce((a, b) => (b.length < a.length ? b : a));
}

export function drawFacts(rng: Rng, family: Family, loc: Locale): SlipFacts {
  const app = APP_FAMILIES.has(family);
  const width = rng.pick(WIDTHS[family === 'cb' ? 'cb' : family === 'zvt' ? 'zvt' : app ? 'app' : 'acquirer']);
  const headerShare = family === 'zvt' ? 0.65 : family === 'cb' ? 0.8 : 0.9;
  const merchant = rng.chance(headerShare) ? fitting(rng, loc.places.merchants, width) : null;
  const preauthOk = !app || family === 'adyen';
  const type = rng.weighted<TxType>([['sale', 84], ['refund', 6], ['void', 4], ['pre_authorization', preauthOk ? 7 : 0]]);
  const approved = type === 'refund' || type === 'void' ? true : !rng.chance(0.11);
  const scheme = pickScheme(rng, loc.country, family);
  const entry = drawEntry(rng, family);

  let currency = loc.currency;
  let cents = drawCents(rng, currency);
  let base: number | null = null;
  let tip: number | null = null;
  let cashback: number | null = null;
  let dcc: Dcc | null = null;
  const plainSale = type === 'sale' && approved;
  if (plainSale && DCC_FAMILIES.has(family) && rng.chance(0.14)) {
    const card = rng.pick(DCC_CURRENCIES.filter((c) => c !== loc.currency));
    const margin = Math.round(rng.float(2.5, 4.5) * 100) / 100;
    const rate = Math.round((PER_EUR[card] / PER_EUR[loc.currency]) * rng.float(0.97, 1.03) * (1 + margin / 100) * 10_000) / 10_000;
    let localCents = drawCents(rng, loc.currency);
    while (localCents > 50 && (localCents * rate) / 100 > 2500) localCents = Math.round(localCents / 2);
    cents = Math.max(50, Math.round(localCents * rate));
    dcc = { localCurrency: loc.currency, localAmount: localCents / 100, rate, margin };
    currency = card;
  } else if (plainSale && rng.chance(0.22)) {
    // Tips go on meals and rides, not on a 50-cent coffee refill.
    const baseCents = Math.max(SMALL_UNITS.has(currency) ? 3000 : 300, drawCents(rng, currency, 2000));
    const tipCents = rng.chance(0.5) ? Math.round(baseCents * rng.float(0.05, 0.2)) : Math.max(1, Math.round(baseCents * rng.float(0.05, 0.15) / 100)) * 100;
    base = baseCents / 100;
    tip = tipCents / 100;
    cents = baseCents + tipCents;
  } else if (plainSale && family !== 'stripe' && rng.chance(0.1)) {
    const cashCents = rng.pick([10, 20, 20, 50, 100, 200]) * (SMALL_UNITS.has(currency) ? 10 : 1) * 100;
    const baseCents = drawCents(rng, currency, 2500 - cashCents / 100);
    base = baseCents / 100;
    cashback = cashCents / 100;
    cents = baseCents + cashCents;
  }

  return {
    family, loc, lang: loc.lang,
    merchant,
    street: fitting(rng, loc.places.streets, width),
    town: fitting(rng, loc.places.towns, width),
    phone: loc.places.phone,
    type, approved,
    amount: cents / 100, currency, base, tip, cashback, dcc,
    date: drawDate(rng),
    time: { h: rng.weighted([[7, 1], [9, 2], [11, 3], [12, 4], [14, 3], [16, 3], [18, 4], [20, 3], [22, 1]]) + rng.int(0, 1), mi: rng.int(0, 59), s: rng.int(0, 59) },
    ...numbers(rng, family),
    scheme,
    pan: makePan(rng, scheme),
    aid: rng.pick(SCHEME_INFO[scheme].aids),
    entry,
    cvm: drawCvm(rng, entry),
    copy: rng.chance(0.75) ? 'customer' : 'merchant',
    width,
  };
}
