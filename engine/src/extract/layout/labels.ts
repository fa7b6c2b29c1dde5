import type { DocumentText, Line } from './document-text.js';
import { KeyIndex } from './key-index.js';
import { LETTER_CURRENCY_BEFORE_FIGURE } from '../normalize/currency.js';
import { digitLetterReadings } from '../normalize/digit-letters.js';
import { NEAR_MISS_MIN_LETTERS, oneEditApart } from '../normalize/one-edit.js';

/** A label of some field found in a line: characters [start, end) of the line's text. */
export interface LabelHit {
  /** Data path of the field the label names (`amount`, `line_items[].quantity`). */
  path: string;
  alias: string;
  line: Line;
  start: number;
  end: number;
  /** Nothing but separators before the label on its line: the label opens the line. */
  leading: boolean;
}

export interface AliasSet {
  path: string;
  aliases: readonly string[];
  /** Its labels may be numbered by one digit against them (`TAX1 $4.48`, `TAXABLE2 $86.46`): the lines of each tax rate. */
  numbered?: boolean;
}

/** Half of a long alias's letters, by which a near miss of the whole is looked up. */
interface AliasHalf {
  alias: CompiledAlias;
  part: string;
  /** The first half (a near miss starts where it starts), or the second (ends where it ends). */
  first: boolean;
}

interface CompiledAlias {
  path: string;
  alias: string;
  re: RegExp;
  /**
   * The same pattern tried at one place only, for an alias that opens with a letter or digit: a
   * match starts where its letters start in the line's. Null for other aliases (`#`, `(RM)`).
   */
  at: RegExp | null;
  /** The alias's letters and digits, upper-case: a line holds the alias only if its own hold these in a row. */
  key: string;
  /** It holds a `ü`, which OCR may read as `ii`: its pattern is run over the whole line. */
  umlaut: boolean;
  /** Letters and digits in the alias: longer labels win overlaps ("Sub Total" over "Total"). */
  weight: number;
}

/**
 * Finds field labels in lines. An alias matches whole words, case-insensitively, with any of
 * space, point, colon, dash, slash or nothing between its words ("Tel No" matches `TEL NO`,
 * `Tel.No.` and `TELNO`, as OCR often drops spaces) and a stray space inside a word (`Tot al`). Where labels of several fields overlap on a
 * line, the longest wins, so "SUB TOTAL" is the subtotal's label, not the total's.
 */
export class LabelFinder {
  private readonly compiled: KeyIndex<CompiledAlias>;
  /** The long aliases by each half of their letters: one misread letter leaves the other half whole. */
  private readonly halves: KeyIndex<AliasHalf>;
  /** Every word of every alias and the known words: a word the vocabulary uses is read as itself, never as a label's near miss. */
  private readonly words = new Set<string>();

  /**
   * `knownWords`: words read as themselves besides the aliases' own, by their letterKey (the
   * vocabulary's words in every language: `Pokladna`, a till, is no misread `Pokladní`, a cashier).
   */
  constructor(
    sets: readonly AliasSet[],
    private readonly knownWords: ReadonlySet<string> = new Set(),
  ) {
    const compiled: CompiledAlias[] = [];
    for (const { path, aliases, numbered } of sets) {
      for (const alias of aliases) {
        const re = aliasPattern(alias, true, numbered);
        if (!re) continue;
        const at = /^[\s.:_/-]*[\p{L}\p{N}]/u.test(alias) ? new RegExp(re.source, 'iuy') : null;
        compiled.push({ path, alias, re, at, key: letterKey(alias), weight: alias.replace(/[^\p{L}\p{N}]/gu, '').length, umlaut: /ü/iu.test(alias) });
      }
    }
    // An alias with `ü` is looked up by its OCR form too (`ZURIICK`), which its pattern matches.
    const umlautAsIi = (c: CompiledAlias) => (c.umlaut ? [{ key: letterKey(c.alias.replace(/ü/giu, 'ii')), item: c }] : []);
    this.compiled = new KeyIndex(compiled.flatMap((c) => [{ key: c.key, item: c }, ...umlautAsIi(c)]));
    for (const c of compiled) for (const w of c.alias.split(/[^\p{L}\p{N}]+/u)) if (w) this.words.add(letterKey(w));
    const long = compiled.filter((c) => c.key.length >= NEAR_MISS_MIN_LETTERS && /^\p{L}+$/u.test(c.key));
    this.halves = new KeyIndex<AliasHalf>(
      long.flatMap((c) => {
        const h = Math.floor(c.key.length / 2);
        return [
          { key: c.key.slice(0, h), item: { alias: c, part: c.key.slice(0, h), first: true } },
          { key: c.key.slice(h), item: { alias: c, part: c.key.slice(h), first: false } },
        ];
      }),
    );
  }

  /**
   * Long aliases (eight letters or more) read by OCR with one letter wrong, lost or added
   * (`GRAND TorAL`, `AUTORISIERUNGSNUMER`), as whole words; never a plural's `s` (`SUBTOTALS`).
   */
  private nearHits(line: Line, letters: Letters): (LabelHit & { weight: number })[] {
    const out: (LabelHit & { weight: number })[] = [];
    const seen = new Set<string>();
    for (const { alias: c, part, first } of this.halves.in(letters.text)) {
      for (let p = letters.text.indexOf(part); p !== -1; p = letters.text.indexOf(part, p + 1)) {
        for (const len of [c.key.length - 1, c.key.length, c.key.length + 1]) {
          const from = first ? p : p + part.length - len;
          if (from < 0 || from + len > letters.text.length) continue;
          const window = letters.text.slice(from, from + len);
          // Letters only: a figure after a label (`MONTANT : 1`) is no misread letter of it.
          if (!/^\p{L}+$/u.test(window)) continue;
          if (window === c.key || window === `${c.key}S` || this.words.has(window) || this.knownWords.has(window) || !oneEditApart(window, c.key)) continue;
          const start = textIndex(letters, from);
          const last = textIndex(letters, from + len - 1);
          if (start === null || last === null) continue;
          const end = last + 1;
          // Whole words only: no letter or digit runs on either side.
          if (/[\p{L}\p{N}]/u.test(line.text[start - 1] ?? '') || (/[\p{L}\p{N}]/u.test(line.text[end] ?? '') && !CURRENCY_AFTER.test(line.text.slice(end)))) continue;
          const id = `${c.path}:${start}:${end}`;
          if (seen.has(id)) continue;
          seen.add(id);
          out.push({ path: c.path, alias: c.alias, line, start, end, leading: !/[\p{L}\p{N}]/u.test(line.text.slice(0, start)), weight: c.weight });
        }
      }
    }
    return out;
  }

  /** Every label in the document, line by line, overlaps settled. */
  find(doc: DocumentText): LabelHit[] {
    const out: LabelHit[] = [];
    for (const line of doc.lines) out.push(...this.inLine(line));
    return out;
  }

  inLine(line: Line): LabelHit[] {
    const raw: (LabelHit & { weight: number })[] = [];
    const seen = new Set<string>();
    // The line as printed, and as read with its words' digits back as letters (`IMP0RTE`, `Termina1-ID`).
    const readings = digitLetterReadings(line.text);
    for (const text of readings) {
      // A match leaves only separators between the alias's characters, so its letters and digits
      // stand in a row in the line's: most aliases are ruled out without running their pattern.
      const letters = lettersOf(text);
      for (const c of this.compiled.in(letters.text)) {
        for (const m of aliasMatches(c, text, letters)) {
          const start = m.index;
          const end = start + m[0].length;
          const id = `${c.path}:${c.alias}:${start}:${end}`;
          if (seen.has(id)) continue;
          seen.add(id);
          raw.push({ path: c.path, alias: c.alias, line, start, end, leading: !/[\p{L}\p{N}]/u.test(text.slice(0, start)), weight: c.weight });
        }
      }
    }
    const letters = lettersOf(readings[Math.min(1, readings.length - 1)]);
    // Longest first; a hit overlapping a kept longer one is dropped. The very same words may label
    // several fields (`TID` is a terminal, Swedish `Tid` a time; `Amount` a total and a base
    // amount): each keeps the hit, and each field reads only what its kind can be.
    raw.sort((a, b) => b.weight - a.weight || a.start - b.start);
    // Looked for only on a line where no label was read as printed, or where a word long enough to
    // be a misread label stands outside those read (`Datum 11/07/2025 Autorisatlecode A72199`):
    // most lines of a page read none either way, and the search costs more than the exact one.
    const near = raw.length > 0 && !longWordOutside(line.text, raw) ? [] : this.nearHits(line, letters).sort((a, b) => b.weight - a.weight || a.start - b.start);
    const kept: (LabelHit & { weight: number })[] = [];
    for (const h of [...raw, ...near]) {
      const clash = kept.find((k) => h.start < k.end && k.start < h.end);
      if (clash && !(clash.start === h.start && clash.end === h.end && clash.path !== h.path && !kept.some((k) => k.path === h.path && k.start === h.start))) continue;
      kept.push(h);
    }
    return kept.sort((a, b) => a.start - b.start).map(({ weight: _w, ...hit }) => hit);
  }
}

/** A word of a near miss's length that no label read as printed covers. */
function longWordOutside(text: string, hits: readonly LabelHit[]): boolean {
  for (const m of text.matchAll(LONG_WORD)) {
    const end = m.index + m[0].length;
    if (!hits.some((h) => h.start < end && m.index < h.end)) return true;
  }
  return false;
}

const LONG_WORD = new RegExp(`\\p{L}{${NEAR_MISS_MIN_LETTERS - 1},}`, 'gu');

// A currency in letters and a figure run on after a label (`TOTALRM21.85`).
const CURRENCY_AFTER = new RegExp(`^${LETTER_CURRENCY_BEFORE_FIGURE}`, 'u');

// Letters and digits; the ordinal marks are no letters here: `Nº`, `N°` and `N` are one word as printed.
const LETTER_RUN = /(?:(?![ºª])[\p{L}\p{N}])+/gu;

/** A text's letters and digits, upper-case, with where each run of them stands in the text. */
interface Letters {
  text: string;
  runs: { at: number; from: number; length: number; sameLength: boolean }[];
}

function lettersOf(text: string): Letters {
  let out = '';
  const runs: Letters['runs'] = [];
  for (const m of text.matchAll(LETTER_RUN)) {
    const upper = withoutMarks(m[0].toUpperCase());
    runs.push({ at: out.length, from: m.index, length: upper.length, sameLength: upper.length === m[0].length });
    out += upper;
  }
  return { text: out, runs };
}

/** Where the letter at `p` of `letters.text` stands in the text; null past a letter whose capital is longer (`ß`). */
function textIndex(letters: Letters, p: number): number | null {
  for (const r of letters.runs) {
    if (p >= r.at + r.length) continue;
    return r.sameLength ? r.from + (p - r.at) : null;
  }
  return null;
}

/**
 * An alias's matches in a line, left to right. Where the alias's letters stand in the line's is
 * known, so its pattern is tried there only instead of along the whole line; matches cannot
 * overlap, as each needs no letter or digit before it.
 */
function aliasMatches(c: CompiledAlias, text: string, letters: Letters): RegExpExecArray[] {
  const sticky = c.at;
  // An alias with `ü` may stand in its OCR form (`ii`), which its own letters do not find.
  if (!sticky || c.umlaut) return scan(c.re, text);
  const out: RegExpExecArray[] = [];
  for (let p = letters.text.indexOf(c.key); p !== -1; p = letters.text.indexOf(c.key, p + 1)) {
    const at = textIndex(letters, p);
    if (at === null) return scan(c.re, text);
    sticky.lastIndex = at;
    const m = sticky.exec(text);
    if (m) out.push(m);
  }
  return out;
}

function scan(re: RegExp, text: string): RegExpExecArray[] {
  re.lastIndex = 0;
  return [...text.matchAll(re)];
}

/** A text as a pattern that matches it literally. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whole-word, case-insensitive pattern of an alias; null for an alias without letters or digits.
 * `gluedCurrency`: the alias may also run straight into a currency in letters and a figure
 * (`TOTALRM21.85`), where OCR dropped the space after a label. `numbered`: a digit against the
 * alias, before a space, is its number and part of the label (`TAX1 $4.48`).
 */
export function aliasPattern(alias: string, gluedCurrency = false, numbered = false): RegExp | null {
  const tokens = alias.split(/[\s.:_/-]+/u).filter((t) => t !== '');
  if (tokens.length === 0 || !/[\p{L}\p{N}]/u.test(alias)) return null;
  // OCR breaks words with stray spaces ("Tot al"): a single space may fall between any two
  // characters; so may a point, as abbreviations are printed (`I.V.A.`, `M.W.S.T.`).
  const body = tokens.map((t) => Array.from(t).map(letterPattern).join('[ .]?')).join('[\\s.:_/-]*');
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  const open = /^[\p{L}\p{N}]/u.test(first) ? '(?<![\\p{L}\\p{N}])' : '';
  const number = numbered ? '(?:\\d(?=\\s|$))?' : '';
  // Glued on: a currency in letters and its figure (`TOTALRM21.85`), a figure with cents (`Gesamt60,00 EUR`),
  // or, after a label of four letters or more, a code of four figures or more (`Term id44812093`),
  // as OCR drops the space after a label; a shorter one opens codes (`VU870833` is a terminal's).
  const gluedCode = alias.replace(/[^\p{L}]/gu, '').length >= 4 ? '|(?<=\\p{L})(?=\\d{4,}(?![\\p{L}\\p{N}]|[.,]\\d))' : '';
  // Two letters joined by a dash to figures open a code (`KL-0003817`), not a label (`Kl`).
  const codeOpening = alias.replace(/[^\p{L}\p{N}]/gu, '').length <= 2 ? '(?![-/]\\d)' : '';
  const close = /[\p{L}\p{N}]$/u.test(last)
    ? codeOpening + number + (gluedCurrency ? `(?:(?![\\p{L}\\p{N}])|(?=${LETTER_CURRENCY_BEFORE_FIGURE})|(?<=\\p{L})(?=\\d{1,6}[.,]\\d{2}(?![\\p{N}]))${gluedCode})` : '(?![\\p{L}\\p{N}])')
    : '';
  return new RegExp(`${open}${body}${close}`, 'giu');
}

// Letters without their marks: thermal printers often print no accents (`AUTORIZACAO`), and the
// recogniser reads none, so a label matches with or without them, either way round.
const BASE_OF: Record<string, string> = { ł: 'l', ø: 'o', đ: 'd', ı: 'i' };
const baseLetter = (c: string) => BASE_OF[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '');
/** Each plain Latin letter with the letters that carry it with a mark (`c`: `ç ć č`). */
const VARIANTS = new Map<string, string[]>();
for (let code = 0xc0; code <= 0x17f; code++) {
  const c = String.fromCodePoint(code).toLowerCase();
  const base = baseLetter(c);
  if (base.length !== 1 || base === c || !/^[a-z]$/u.test(base)) continue;
  const list = VARIANTS.get(base) ?? [base];
  if (!list.includes(c)) list.push(c);
  VARIANTS.set(base, list);
}
// The Turkish dotted capital `İ` lower-cases to two characters and folds to no `i` under a
// case-insensitive pattern: it is listed as itself (`İŞYERİ NO`, `ÇİPLİ`).
VARIANTS.get('i')?.push('İ');

const ORDINAL_MARKS = '°º';

/** One character of an alias as a pattern: a letter also as it is printed with or without its mark. */
function letterPattern(c: string): string {
  // `N°` and `Nº` are printed for each other, and as a bare `N` where a printer has neither mark.
  if (ORDINAL_MARKS.includes(c)) return `[${ORDINAL_MARKS}]?`;
  const lower = c.toLowerCase();
  const base = baseLetter(lower);
  const variants = base.length === 1 ? VARIANTS.get(base) : undefined;
  // OCR reads the German `ü` as `ii` (`Zuriick`, `Riickgeld`): a label's `ü` matches it too.
  if (lower === 'ü' && variants) return `(?:[${variants.join('')}]|ii)`;
  return variants && variants.includes(lower) ? `[${variants.join('')}]` : escapeRegExp(c);
}

/** A text upper-case without the marks on its letters (`Ł` is `L`). */
function withoutMarks(upper: string): string {
  return upper.replace(/[^A-Z0-9]/gu, (c) => {
    const base = baseLetter(c.toLowerCase());
    return base.length === 1 ? base.toUpperCase() : c;
  });
}

/** Letters and digits only, upper-case and without marks: how a label's letters are looked up in a line's. */
export function letterKey(text: string): string {
  return withoutMarks(compact(text));
}

/** Upper-case letters and digits only: how labels and names are compared. */
export function compact(text: string): string {
  return text.toUpperCase().replace(/[^\p{L}\p{N}]|[ºª]/gu, '');
}
