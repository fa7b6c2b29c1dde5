/**
 * A seeded generator of realistic card-terminal slips with labels: the same seed gives the same
 * slip. Used to benchmark and train the slip extractor, so its wording is written independently of
 * the engine's vocabulary (nothing here imports engine/src/extract).
 *
 * A slip: family (terminal style) and language drawn, facts drawn (draw-facts.ts), the family's
 * layout prints them (layouts.ts) and labels what it printed; sometimes the printer has no accents.
 */
import { drawFacts } from './draw-facts.js';
import { FAMILIES, type Family, type SlipLabels } from './facts.js';
import { LAYOUTS, UPPER_CASE_SHARE } from './layouts.js';
import { LOCALES, type Locale } from './locale.js';
import { Rng } from './rng.js';
import { Sheet } from './sheet.js';
import { LANGS, stripAccents, stripAccentsInLine, type Lang } from './wording.js';

export type { Family, SlipLabels } from './facts.js';
export type { Lang } from './wording.js';

export interface GeneratedSlip {
  id: string;
  family: Family;
  language: Lang;
  lines: string[];
  labels: SlipLabels;
}

const LANG_WEIGHTS: readonly (readonly [Lang, number])[] = [
  ['en', 18], ['de', 20], ['fr', 12], ['es', 7], ['it', 7], ['nl', 7], ['pt', 5], ['pl', 5], ['sv', 5], ['da', 4], ['nb', 4], ['fi', 4],
];

/** Terminal families by language: ZVT is German, CB French, the rest print anywhere. */
function familyWeights(lang: Lang): [Family, number][] {
  const w: Record<Family, number> = lang === 'de'
    ? { zvt: 45, ingenico: 12, verifone: 5, pax: 6, castles: 5, cb: 0, sumup: 12, square: 1, stripe: 4, adyen: 10 }
    : lang === 'fr'
      ? { cb: 45, ingenico: 18, verifone: 4, pax: 6, castles: 5, zvt: 1, sumup: 8, square: 1, stripe: 4, adyen: 8 }
      : lang === 'en'
        ? { ingenico: 15, verifone: 20, pax: 12, castles: 12, zvt: 1, cb: 0, sumup: 8, square: 14, stripe: 10, adyen: 8 }
        : { ingenico: 22, verifone: 12, pax: 14, castles: 12, zvt: 2, cb: 1, sumup: 12, square: 3, stripe: 8, adyen: 14 };
  return FAMILIES.map((f) => [f, w[f]]);
}

/**
 * Every fifth seed takes the next family x language pair in turn, so any 600 consecutive seeds
 * hold all 120 pairs (rare ones such as a Finnish CB ticket included); the others draw by weight.
 */
function pickFamilyAndLang(seed: number, rng: Rng): [Family, Lang] {
  if (seed % 5 === 0) {
    const k = Math.floor(seed / 5) % (FAMILIES.length * LANGS.length);
    return [FAMILIES[k % FAMILIES.length], LANGS[Math.floor(k / FAMILIES.length)]];
  }
  const lang = rng.weighted(LANG_WEIGHTS);
  return [rng.weighted(familyWeights(lang)), lang];
}

/** One of the language's locales by weight (de: Germany, Austria, Switzerland...). */
function pickLocale(rng: Rng, lang: Lang): Locale {
  return rng.weighted(LOCALES.filter((l) => l.lang === lang).map((l) => [l, l.weight] as const));
}

export function generateSlip(seed: number): GeneratedSlip {
  const rng = new Rng(seed);
  const [family, lang] = pickFamilyAndLang(seed, rng);
  const loc = pickLocale(rng, lang);
  // Separate streams: a change in how a layout prints never changes the drawn transaction.
  const facts = drawFacts(new Rng(rng.seed()), family, loc);
  const printRng = new Rng(rng.seed());
  const sheet = new Sheet(facts, printRng, { upper: printRng.chance(UPPER_CASE_SHARE[family]) });
  LAYOUTS[family](sheet);

  let lines = trimBlankEdges(sheet.lines);
  const labels: SlipLabels = { ...sheet.labels, payment_method: 'card', language: lang };
  if (lang !== 'en' && rng.chance(0.12)) {
    // A printer without accented letters: the text and the labels read off it lose them alike.
    lines = lines.map(stripAccentsInLine);
    if (labels.merchant) labels.merchant = stripAccents(labels.merchant);
    if (labels.merchant_address) labels.merchant_address = stripAccents(labels.merchant_address);
  }
  return { id: `syn-${family}-${lang}-${seed}`, family, language: lang, lines, labels: orderLabels(labels) };
}

export function generateSlips(count: number, firstSeed: number): GeneratedSlip[] {
  return Array.from({ length: count }, (_, i) => generateSlip(firstSeed + i));
}

/** No blank lines before the first or after the last printed line; trailing spaces trimmed. */
function trimBlankEdges(lines: readonly string[]): string[] {
  const out = lines.map((l) => l.replace(/\s+$/, ''));
  while (out.length && out[0] === '') out.shift();
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
}

const LABEL_ORDER: readonly (keyof SlipLabels)[] = [
  'amount', 'currency', 'transaction_date', 'transaction_time', 'merchant', 'merchant_address', 'receipt_number', 'rrn', 'auth_code',
  'terminal_id', 'merchant_id', 'trace_number', 'card_scheme', 'card_last_four', 'entry_method', 'verification_method', 'approved',
  'tip', 'cashback', 'base_amount', 'transaction_type', 'payment_method', 'language',
];

/** The labels in one fixed key order, so the JSON files diff cleanly between runs. */
function orderLabels(labels: SlipLabels): SlipLabels {
  const out: Record<string, unknown> = {};
  for (const key of LABEL_ORDER) if (labels[key] !== undefined) out[key] = labels[key];
  return out as SlipLabels;
}
