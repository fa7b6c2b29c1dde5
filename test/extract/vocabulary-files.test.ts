import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSlipRow } from '../../engine/src/extract/find/slip-words.js';

// Shape checks of the vocabulary data files themselves (engine/src/extract/vocabulary/*.json);
// what the engine does with them is tested in vocabulary.test.ts.

const DIR = new URL('../../engine/src/extract/vocabulary/', import.meta.url);
const SCHEMES = 'card-schemes.json';

interface LanguageFile {
  language: string;
  labels: Record<string, string[]>;
  words: Record<string, string[]>;
}

interface SchemesFile {
  schemes: Record<string, { words: string[]; aids: string[] }>;
}

const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, DIR), 'utf8')) as T;

const languageFiles = readdirSync(DIR)
  .filter((name) => /^[a-z]{2}\.json$/.test(name))
  .sort();

const en = read<LanguageFile>('en.json');
const letterOrDigit = /[\p{L}\p{N}]/gu;
const countLettersDigits = (s: string) => (s.match(letterOrDigit) ?? []).length;

describe('vocabulary language files', () => {
  it('finds en.json, de.json and the other languages', () => {
    expect(languageFiles).toContain('en.json');
    expect(languageFiles).toContain('de.json');
    expect(languageFiles.length).toBeGreaterThan(2);
  });

  describe.each(languageFiles)('%s', (name) => {
    const file = read<LanguageFile>(name);

    it('names its language after the file', () => {
      expect(file.language).toBe(name.replace(/\.json$/, ''));
    });

    it.each(['labels', 'words'] as const)('has exactly the %s keys of en.json', (section) => {
      expect(file[section]).toBeTypeOf('object');
      expect(Object.keys(file[section]).sort()).toEqual(Object.keys(en[section]).sort());
    });

    it.each(['labels', 'words'] as const)('lists only trimmed, non-empty, distinct strings under %s', (section) => {
      for (const [key, entries] of Object.entries(file[section])) {
        const where = `${name} ${section}.${key}`;
        expect(Array.isArray(entries), where).toBe(true);
        const seen = new Map<string, string>();
        for (const entry of entries) {
          expect(typeof entry, where).toBe('string');
          expect(entry, where).toBe(entry.trim());
          expect(countLettersDigits(entry), `${where}: "${entry}" has no letter or digit`).toBeGreaterThan(0);
          const folded = entry.toLowerCase();
          expect(seen.get(folded), `${where}: "${entry}" listed twice`).toBeUndefined();
          seen.set(folded, entry);
        }
      }
    });

    it('has no label shorter than two letters or digits', () => {
      for (const [key, entries] of Object.entries(file.labels)) {
        for (const entry of entries) {
          expect(countLettersDigits(entry), `${name} labels.${key}: "${entry}"`).toBeGreaterThanOrEqual(2);
        }
      }
    });
  });
});

describe('card-schemes.json', () => {
  const { schemes } = read<SchemesFile>(SCHEMES);

  it('gives every scheme printed words and an AID list', () => {
    expect(Object.keys(schemes).length).toBeGreaterThan(0);
    for (const [scheme, entry] of Object.entries(schemes)) {
      expect(Array.isArray(entry.words) && entry.words.length > 0, scheme).toBe(true);
      expect(Array.isArray(entry.aids), scheme).toBe(true);
    }
  });

  it('writes every AID as upper-case hex of 10 to 32 characters', () => {
    for (const [scheme, entry] of Object.entries(schemes)) {
      for (const aid of entry.aids) expect(aid, scheme).toMatch(/^[0-9A-F]{10,32}$/);
    }
  });

  it('names only schemes of the table as the networks brands ride', () => {
    for (const [scheme, entry] of Object.entries(schemes) as [string, { rides?: string }][]) {
      if (entry.rides !== undefined) expect(Object.keys(schemes), scheme).toContain(entry.rides);
    }
  });

  it('lists no AID under two schemes', () => {
    const owner = new Map<string, string>();
    for (const [scheme, entry] of Object.entries(schemes)) {
      for (const aid of entry.aids) {
        const other = owner.get(aid);
        expect(other === undefined || other === scheme, `${aid} under ${other} and ${scheme}`).toBe(true);
        owner.set(aid, scheme);
      }
    }
  });
});

describe('acquirers.json', () => {
  const { acquirers, countries } = read<{ acquirers: string[]; countries: string[] }>('acquirers.json');

  it('lists the countries a processor\'s local company names after it, none of them an acquirer', () => {
    expect(countries.length).toBeGreaterThan(10);
    const names = new Set(acquirers.map((a) => a.toLowerCase()));
    for (const c of countries) {
      expect(c.trim()).toBe(c);
      expect(names.has(c.toLowerCase()), c).toBe(false);
    }
  });

  it('lists acquirers and banks as trimmed, distinct names of two letters or more', () => {
    expect(acquirers.length).toBeGreaterThan(20);
    const seen = new Set<string>();
    for (const a of acquirers) {
      expect(a.trim()).toBe(a);
      expect(countLettersDigits(a), a).toBeGreaterThanOrEqual(2);
      expect(seen.has(a.toLowerCase()), a).toBe(false);
      seen.add(a.toLowerCase());
    }
  });
});

describe('addresses.json', () => {
  const file = read<Record<string, string[]>>('addresses.json');

  it('lists street words, suffixes, postcode patterns, branch labels and company forms', () => {
    for (const key of ['street_words', 'street_suffixes', 'postcode_towns', 'branch_labels', 'legal_forms', 'registration_labels', 'owner_labels', 'address_openers']) {
      expect(file[key].length, key).toBeGreaterThan(0);
      for (const w of file[key]) expect(w.trim(), key).toBe(w);
    }
  });

  it('shares no street word with the numbers\' single-word labels, and an address opener that is one names no slip row', () => {
    // `LOT 12, JALAN ...` and `Lote 5` open addresses; a batch label `Lote` must not end the header there.
    const streetWords = new Set(file.street_words.map((w) => w.toLowerCase()));
    for (const name of languageFiles) {
      const { labels } = read<LanguageFile>(name);
      for (const field of ['receipt_number', 'trace_number', 'batch_number', 'terminal_id', 'merchant_id', 'auth_code', 'rrn']) {
        for (const label of labels[field] ?? []) if (!/\s/.test(label.trim())) expect(streetWords.has(label.toLowerCase()), `${name} ${field} ${label}`).toBe(false);
      }
    }
    for (const opener of file.address_openers) expect(isSlipRow(`${opener} 5`), opener).toBe(false);
  });

  it('shares no word with the phone and e-mail labels (`contact`), which end an address where they stand', () => {
    const addressWords = new Set([...file.street_words, ...file.street_suffixes, ...file.legal_forms].map((w) => w.toLowerCase()));
    for (const name of languageFiles) {
      for (const word of read<LanguageFile>(name).words.contact) expect(addressWords.has(word.toLowerCase()), `${name} contact ${word}`).toBe(false);
    }
  });

  it('holds postcode patterns that compile, each matching the format it is for', () => {
    const patterns = file.postcode_towns.map((p) => new RegExp(p, 'u'));
    const examples = ['118 46 Stockholm', '00-549 Warszawa', '1100-148 Lisboa', '1011 AB Amsterdam', 'D-80331 München', 'LONDON SW1X 7XL', 'SW1A 1AA'];
    for (const e of examples) expect(patterns.some((re) => re.test(e)), e).toBe(true);
    expect(patterns.some((re) => re.test('TOTAL 12.50'))).toBe(false);
  });
});
