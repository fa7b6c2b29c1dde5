/**
 * Text of the synthetic lines the Latin recogniser trains on: receipt-like lines in the languages
 * counter staff meet. Words come from Debian word lists (data/training-sources.json), label words
 * from the engine's own vocabulary files, and the rest (amounts with currency signs, dates,
 * IBAN-like and address-like strings, rare signs) is drawn here. The bench's `latin` set is made
 * from texts of its own, never from these.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Random = () => number;

interface LanguageSource {
  file: string;
  package: string;
  encoding?: string;
  hunspell?: boolean;
}

export interface TrainingSources {
  languages: Record<string, LanguageSource>;
  trainingFonts: { packages: string[]; families: string[] };
  benchFonts: { packages: string[]; families: string[] };
}

const HERE = new URL('.', import.meta.url).pathname;
const VOCABULARY = join(HERE, '../../engine/src/extract/vocabulary');

export function readTrainingSources(): TrainingSources {
  return JSON.parse(readFileSync(join(HERE, 'data/training-sources.json'), 'utf8')) as TrainingSources;
}

/** Words of one language's list: hunspell stems before the flags, one-word lines otherwise. */
export function readWordList(source: LanguageSource): string[] {
  const text = new TextDecoder(source.encoding ?? 'utf-8').decode(readFileSync(source.file));
  const lines = text.split(/\r?\n/);
  if (source.hunspell) lines.shift(); // the word count
  const words = lines.map((l) => (source.hunspell ? l.split('/')[0] : l).trim()).filter((w) => /^[\p{L}][\p{L}'-]*$/u.test(w) && w.length <= 18);
  return [...new Set(words)];
}

/** Every language's words; a missing list names the Debian package that provides it. */
export function loadWords(sources: TrainingSources): Record<string, string[]> {
  const missing = Object.values(sources.languages).filter((s) => !existsSync(s.file));
  if (missing.length > 0) throw new Error(`word lists missing: apt-get install -y ${missing.map((s) => s.package).join(' ')}`);
  return Object.fromEntries(Object.entries(sources.languages).map(([lang, s]) => [lang, readWordList(s)]));
}

/** Label words of the engine's vocabulary files per language (`Betrag`, `Montant`, `Kwota`...). */
export function loadLabelWords(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of readdirSync(VOCABULARY).filter((n) => /^[a-z]{2}\.json$/.test(n))) {
    const v = JSON.parse(readFileSync(join(VOCABULARY, f), 'utf8')) as { language: string; labels: Record<string, string[]> };
    out[v.language] = [...new Set(Object.values(v.labels).flat())];
  }
  return out;
}

const CURRENCIES = ['€', 'EUR', '£', 'GBP', 'zł', 'PLN', 'kr', 'SEK', 'DKK', 'NOK', 'Kč', 'CZK', 'Ft', 'HUF', 'lei', 'RON', '₺', 'TL', 'CHF', 'Fr.', '$', 'USD', '¥', '₹', '₩', '₽', '¢', 'RM'];
const SIGNS = ['§', '°', 'µ', '×', '÷', '½', '¼', '¾', '±', '©', '®', '«', '»', '¿', '¡', '·', '•', '–', '—', '…', '„', '“', '”', '‚', '‘', '’', '²', '³', 'ª', 'º', '¹', '¬', '¦', '¤', '¨', '´', '¸', '¯', '¶'];
// Street words written before the name, and those joined to its end (`Bahnhofstraße`, `Storgatan`).
const STREET_BEFORE = ['rue', 'avenue', 'bd', 'Calle', 'Avda.', 'Via', 'Piazza', 'Rua', 'Av.', 'ul.', 'al.', 'ulice', 'nám.', 'Strada', 'Bulevardul', 'Str.', 'Road', 'Rue de la'];
const STREET_AFTER = ['straße', 'str.', 'weg', 'platz', 'straat', 'laan', 'gatan', 'vägen', 'gade', 'vej', 'gate', 'veien', 'utca', ' út', ' Caddesi', ' Sokak', ' Street', ' St'];

export interface LineMaker {
  /** One line of text and the language it was drawn for. */
  next(): { text: string; language: string };
}

export function lineMaker(random: Random, words: Record<string, string[]>, labels: Record<string, string[]>, alphabet: readonly string[]): LineMaker {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const digits = (n: number) => Array.from({ length: n }, () => String(int(0, 9))).join('');
  const languages = Object.keys(words);
  // Words with letters outside ASCII are drawn more often: they are what the model must learn.
  const accented = Object.fromEntries(languages.map((l) => [l, words[l].filter((w) => [...w].some((c) => c.charCodeAt(0) > 0x7f))]));
  const rare = alphabet.filter((c) => c.charCodeAt(0) > 0x7f);

  const cased = (w: string) => {
    const r = random();
    return r < 0.35 ? w.toLocaleUpperCase() : r < 0.6 ? w[0].toLocaleUpperCase() + w.slice(1) : w;
  };
  const word = (lang: string) => cased(accented[lang].length > 0 && random() < 0.6 ? pick(accented[lang]) : pick(words[lang]));
  const label = (lang: string) => cased(pick(labels[lang] ?? labels.en ?? ['Total']));
  const amount = (comma: boolean) => {
    const v = (int(0, random() < 0.8 ? 20000 : 999999) / 100).toFixed(2);
    const [i, f] = v.split('.');
    const grouped = random() < 0.3 ? i.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? pick(['.', ' ']) : ',') : i;
    return `${grouped}${comma ? ',' : '.'}${f}`;
  };
  const money = () => {
    const cur = pick(CURRENCIES);
    const a = amount(random() < 0.6);
    return random() < 0.5 ? `${cur}${random() < 0.5 ? ' ' : ''}${a}` : `${a}${random() < 0.7 ? ' ' : ''}${cur}`;
  };
  const date = () => {
    const d = String(int(1, 28)).padStart(2, '0');
    const m = String(int(1, 12)).padStart(2, '0');
    const y = String(int(2015, 2027));
    return pick([`${d}.${m}.${y}`, `${d}/${m}/${y}`, `${y}-${m}-${d}`, `${d}-${m}-${y.slice(2)}`, `${d}.${m}.${y.slice(2)}`]);
  };
  const time = () => `${String(int(0, 23)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}${random() < 0.4 ? ':' + String(int(0, 59)).padStart(2, '0') : ''}`;
  const iban = () => {
    const country = pick(['DE', 'FR', 'ES', 'IT', 'NL', 'PL', 'PT', 'SE', 'DK', 'NO', 'CZ', 'HU', 'RO', 'TR', 'AT', 'BE', 'FI', 'GB']);
    const body = `${country}${digits(2)}${digits(int(12, 22))}`;
    return random() < 0.6 ? body.replace(/(.{4})/g, '$1 ').trim() : body;
  };
  const sign = () => pick(SIGNS);
  const rareRun = () => Array.from({ length: int(3, 10) }, () => (random() < 0.7 ? pick(rare) : pick(alphabet))).join(random() < 0.3 ? ' ' : '');

  const templates: ((lang: string) => string)[] = [
    (l) => `${label(l)} ${money()}`,
    (l) => `${label(l)}: ${money()}`,
    (l) => `${word(l)} ${word(l)}`,
    (l) => `${word(l)} ${word(l)} ${word(l)}`,
    (l) => `${int(1, 9)} ${pick(['x', '×', '*'])} ${word(l)} ${amount(random() < 0.6)}${random() < 0.5 ? ' ' + pick(['€', 'zł', 'kr', 'Kč', '£', 'Ft', 'lei', '₺']) : ''}`,
    (l) => `${word(l)} ${amount(random() < 0.6)} ${pick(['A', 'B', 'C', '1', '2', '*'])}`,
    (l) => `${cased(pick(words[l]))}${pick(STREET_AFTER)} ${int(1, 250)}${random() < 0.2 ? pick(['a', 'b', '/3']) : ''}`,
    (l) => `${pick(STREET_BEFORE)} ${word(l)} ${int(1, 250)}`,
    (l) => `${digits(2)}${pick(['-', ' ', ''])}${digits(3)} ${word(l)}`,
    (l) => `${label(l)} ${date()} ${time()}`,
    (l) => `${label(l)}: ${digits(int(4, 10))}`,
    () => `${pick(['IBAN', 'IBAN:', 'Konto', 'Compte', 'Rachunek'])} ${iban()}`,
    (l) => `${label(l)} ${int(5, 27)}${pick([' %', '%', ',0 %', '.00%'])} ${money()}`,
    (l) => `${word(l)} ${sign()} ${word(l)}`,
    (l) => `${sign()}${int(0, 99)}${pick(['', ' ', ','])}${sign()} ${word(l)}`,
    () => rareRun(),
    () => `${rareRun()} ${rareRun()}`,
    () => `**** **** **** ${digits(4)}`,
    (l) => `${word(l)}${pick([',', '.', ';', ':', '!', '?', ')', '"'])} ${word(l)}`,
  ];
  return {
    next() {
      const language = pick(languages);
      let text = pick(templates)(language).replace(/\s+/g, ' ').trim();
      if (text.length > 48) text = text.slice(0, 48).trim();
      return { text: text || 'Total', language };
    },
  };
}
