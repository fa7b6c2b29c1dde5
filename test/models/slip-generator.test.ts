// Synthetic card slips (models/slips): the same seed gives the same slip, 600 seeds cover every
// terminal family and language, every label names a value printed on the slip (in one of the
// ways slips print it), DCC slips print two currencies, declined slips say so, tips add up, and
// the thermal renderer returns a PNG on 384- or 576-dot paper plus margins.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SCHEME_INFO } from '../../models/slips/cards.js';
import { FAMILIES } from '../../models/slips/facts.js';
import { CURRENCY_SYMBOL, DATE_STYLES, TIME_STYLES, formatDate, formatTime, type Currency } from '../../models/slips/locale.js';
import { renderSlip } from '../../models/slips/render-slip.js';
import { generateSlip, generateSlips, type GeneratedSlip, type Lang } from '../../models/slips/slip-generator.js';
import { LANGS, WORDS, stripAccents, type WordKey } from '../../models/slips/wording.js';

const SLIPS = generateSlips(600, 1);

/** Upper case without accents: the form both sides are compared in. */
const norm = (s: string) => stripAccents(s).toUpperCase();
/** The slip's text, then once more with lines joined by spaces: long phrases wrap onto two lines. */
const textOf = (g: GeneratedSlip) => norm(`${g.lines.join('\n')}\n${g.lines.join(' ')}`);

/** An amount in every way slips write it: 1234.5 -> '1234,50', '1.234,50', '1 234,50', "1'234.50"... */
function amountForms(value: number): string[] {
  const cents = Math.round(value * 100);
  const whole = String(Math.floor(cents / 100));
  const frac = String(cents % 100).padStart(2, '0');
  const forms: string[] = [];
  for (const decimal of [',', '.']) {
    for (const thousands of ['', '.', ',', ' ', "'"]) {
      if (thousands === decimal) continue;
      forms.push(`${whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands)}${decimal}${frac}`);
    }
  }
  return forms;
}

/** The words of `key` in the slip's language, and in English (some terminals mix English in). */
function words(lang: Lang, key: WordKey): string[] {
  return [...WORDS[lang][key], ...WORDS.en[key]].map(norm);
}

const ENTRY_KEYS = { chip: 'chip', contactless: 'contactless', swipe: 'swipe', manual: 'manual' } as const;
const CVM_KEYS = { pin: 'pin', signature: 'signature', cdcvm: 'cdcvm', none: 'noCvm' } as const;
const TYPE_KEYS = { sale: 'sale', refund: 'refund', void: 'void', pre_authorization: 'preauth' } as const;
/** CB tickets print the kind of transaction in fixed words. */
const CB_TYPES = { sale: 'DEBIT', refund: 'CREDIT', void: 'ANNULATION', pre_authorization: 'PRE-AUTORISATION' } as const;

const has = (text: string, candidates: readonly string[]) => candidates.some((c) => text.includes(norm(c)));

/** The labels of a slip that are not printed on it, as 'key=value' strings (empty when all are). */
function unprinted(g: GeneratedSlip): string[] {
  const text = textOf(g);
  const l = g.labels;
  const missing: string[] = [];
  const check = (key: string, ok: boolean) => ok || missing.push(`${key}=${JSON.stringify((l as Record<string, unknown>)[key])}`);
  for (const key of ['amount', 'tip', 'cashback', 'base_amount'] as const) {
    const v = l[key];
    if (v !== undefined) check(key, has(text, amountForms(v)));
  }
  if (l.currency) check('currency', text.includes(l.currency) || text.includes(norm(CURRENCY_SYMBOL[l.currency as Currency])));
  if (l.transaction_date) {
    const [y, m, d] = l.transaction_date.split('-').map(Number);
    check('transaction_date', has(text, DATE_STYLES.map((s) => formatDate({ y, m, d }, s))));
  }
  if (l.transaction_time) {
    const [h, mi] = l.transaction_time.split(':').map(Number);
    check('transaction_time', has(text, TIME_STYLES.map((s) => formatTime({ h, mi, s: 0 }, s).replace(/:00$/, ''))));
  }
  for (const key of ['merchant', 'receipt_number', 'rrn', 'auth_code', 'terminal_id', 'merchant_id', 'trace_number', 'card_last_four'] as const) {
    const v = l[key];
    if (v !== undefined) check(key, text.includes(norm(v)));
  }
  if (l.merchant_address) check('merchant_address', l.merchant_address.split(', ').every((part) => text.includes(norm(part))));
  if (l.card_scheme) check('card_scheme', has(text, SCHEME_INFO[l.card_scheme].names));
  if (l.entry_method) check('entry_method', has(text, words(g.language, ENTRY_KEYS[l.entry_method])));
  if (l.verification_method) check('verification_method', has(text, words(g.language, CVM_KEYS[l.verification_method])));
  if (l.approved !== undefined) check('approved', has(text, words(g.language, l.approved ? 'approved' : 'declined')));
  if (l.transaction_type) {
    const printed = [...words(g.language, TYPE_KEYS[l.transaction_type]), CB_TYPES[l.transaction_type]];
    check('transaction_type', has(text, printed));
  }
  return missing;
}

describe('slip generator', () => {
  it('gives the same slip for the same seed, and numbers ids by seed', () => {
    expect(generateSlip(4242)).toEqual(generateSlip(4242));
    expect(generateSlip(7).lines).not.toEqual(generateSlip(8).lines);
    const run = generateSlips(3, 10);
    expect(run).toEqual([10, 11, 12].map((seed) => generateSlip(seed)));
    run.forEach((g, i) => expect(g.id).toBe(`syn-${g.family}-${g.language}-${10 + i}`));
  });

  it('covers every family and every language in 600 slips, with ZVT mostly German and CB mostly French', () => {
    expect(new Set(SLIPS.map((g) => g.family))).toEqual(new Set(FAMILIES));
    expect(new Set(SLIPS.map((g) => g.language))).toEqual(new Set(LANGS));
    // Every family in every language, rare pairs (a Finnish CB ticket) included.
    expect(new Set(SLIPS.map((g) => `${g.family}-${g.language}`)).size).toBe(FAMILIES.length * LANGS.length);
    const zvt = SLIPS.filter((g) => g.family === 'zvt');
    const cb = SLIPS.filter((g) => g.family === 'cb');
    expect(zvt.filter((g) => g.language === 'de').length).toBeGreaterThan(zvt.length / 2);
    expect(cb.filter((g) => g.language === 'fr').length).toBeGreaterThan(cb.length / 2);
  });

  it('prints every labelled value on the slip', () => {
    const problems = SLIPS.map((g) => ({ id: g.id, missing: unprinted(g) })).filter((p) => p.missing.length);
    expect(problems).toEqual([]);
  });

  it('labels what every slip needs and keeps lines within 48 columns', () => {
    for (const g of SLIPS) {
      expect(g.labels.amount, g.id).toBeGreaterThanOrEqual(0.5);
      expect(g.labels.amount, g.id).toBeLessThanOrEqual(2500);
      expect(g.labels.transaction_date, g.id).toMatch(/^202[3-6]-\d\d-\d\d$/);
      expect(g.labels.card_last_four, g.id).toMatch(/^\d{4}$/);
      expect(g.labels.payment_method).toBe('card');
      expect(g.labels.language).toBe(g.language);
      expect(Math.max(...g.lines.map((l) => l.length)), g.id).toBeLessThanOrEqual(48);
    }
    // Some slips are blocks inside a till receipt: no merchant header.
    const headless = SLIPS.filter((g) => !g.labels.merchant).length / SLIPS.length;
    expect(headless).toBeGreaterThan(0.06);
    expect(headless).toBeLessThan(0.3);
  });

  it('prints two currencies and a rate on DCC slips, and labels the one charged to the card', () => {
    const dcc = SLIPS.map((g) => ({ g, rate: g.lines.join('\n').match(/1 ([A-Z]{3}) = [\d.,]+ ([A-Z]{3})/) })).filter((x) => x.rate);
    expect(dcc.length / SLIPS.length).toBeGreaterThan(0.03);
    expect(dcc.length / SLIPS.length).toBeLessThan(0.12);
    for (const { g, rate } of dcc) {
      const [, local, card] = rate!;
      expect(local).not.toBe(card);
      expect(g.labels.currency, g.id).toBe(card);
      const text = g.lines.join('\n');
      expect(text).toContain(local);
      // The labelled amount stands beside the card currency on one line.
      const charged = g.lines.find((line) => line.includes(card) && amountForms(g.labels.amount!).some((f) => line.includes(f)));
      expect(charged, g.id).toBeDefined();
    }
  });

  it('labels declined slips approved=false and prints the declined word', () => {
    const declined = SLIPS.filter((g) => g.labels.approved === false);
    expect(declined.length / SLIPS.length).toBeGreaterThan(0.05);
    expect(declined.length / SLIPS.length).toBeLessThan(0.16);
    for (const g of declined) expect(has(textOf(g), words(g.language, 'declined')), g.id).toBe(true);
    // Most declined slips print no auth code (some acquirer terminals print one anyway).
    expect(declined.filter((g) => g.labels.auth_code !== undefined).length).toBeLessThan(declined.length / 3);
  });

  it('adds base and tip (or cashback) up to the amount', () => {
    const tips = SLIPS.filter((g) => g.labels.tip !== undefined);
    const cashback = SLIPS.filter((g) => g.labels.cashback !== undefined);
    expect(tips.length / SLIPS.length).toBeGreaterThan(0.08);
    expect(cashback.length).toBeGreaterThan(5);
    for (const g of tips) expect(g.labels.base_amount! + g.labels.tip!, g.id).toBeCloseTo(g.labels.amount!, 2);
    for (const g of cashback) expect(g.labels.base_amount! + g.labels.cashback!, g.id).toBeCloseTo(g.labels.amount!, 2);
  });

  it('prints refunds and both copies', () => {
    expect(SLIPS.filter((g) => g.labels.transaction_type === 'refund').length).toBeGreaterThan(10);
    const text = SLIPS.map(textOf);
    const customer = text.filter((t) => LANGS.some((lang) => has(t, WORDS[lang].customerCopy))).length;
    const merchant = text.filter((t) => LANGS.some((lang) => has(t, WORDS[lang].merchantCopy))).length;
    expect(customer).toBeGreaterThan(merchant);
    expect(merchant).toBeGreaterThan(30);
  });
});

describe('renderSlip', () => {
  it('returns a PNG on 384- or 576-dot paper plus even margins', async () => {
    for (const g of [SLIPS[0], SLIPS.find((x) => x.family === 'zvt')!]) {
      const image = await renderSlip(g.lines, 99);
      expect(image.png.subarray(1, 4).toString('ascii')).toBe('PNG');
      const meta = await sharp(image.png).metadata();
      expect([meta.width, meta.height]).toEqual([image.width, image.height]);
      const paper = [384, 576].find((p) => image.width > p && image.width - p <= 80 && (image.width - p) % 2 === 0);
      expect(paper, `width ${image.width}`).toBeDefined();
      expect(image.height).toBeGreaterThan(g.lines.length * 18);
      const again = await renderSlip(g.lines, 99);
      expect(again.png.equals(image.png)).toBe(true);
    }
  });
});
