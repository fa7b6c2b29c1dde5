/**
 * A slip being printed: fixed-width monospace lines, the slip's wording and number style, and the
 * labels of the values printed so far. Layouts print through it and call label() right where a
 * value goes on paper, which keeps labels and text in step however a layout shuffles its lines.
 */
import { CURRENCY_SYMBOL, formatNumber, type Currency, type NumberStyle } from './locale.js';
import type { Rng } from './rng.js';
import type { SlipFacts, SlipLabels } from './facts.js';
import { WORDS, type WordKey, type Words } from './wording.js';

/** How an amount carries its currency: 'EUR 12,40', '12,40 EUR', '€12.40' / '12,40 zł', or bare. */
export type MoneyMode = 'code-before' | 'code-after' | 'symbol' | 'none';

/** Words a non-English terminal sometimes prints in English (German REWE slips say "Contactless"). */
const MIXED_IN_ENGLISH: ReadonlySet<WordKey> = new Set(['approved', 'declined', 'contactless', 'chip', 'aid', 'terminal']);

export class Sheet {
  readonly lines: string[] = [];
  readonly labels: SlipLabels = {};
  readonly width: number;
  readonly num: NumberStyle;
  /** This slip prints its words in capitals (most terminal fonts have no lower case in use). */
  readonly upper: boolean;
  /** Separator of one-line "LABEL: value" fields for this slip. */
  readonly sep: string;
  moneyMode: MoneyMode;
  private readonly words: Words;

  constructor(readonly f: SlipFacts, readonly rng: Rng, opts: { upper: boolean }) {
    this.width = f.width;
    this.words = WORDS[f.lang];
    this.upper = opts.upper;
    this.num = { decimal: f.loc.decimal, thousands: rng.pick(f.loc.thousands) };
    this.sep = rng.pick([': ', ': ', ' : ', ' ', ':']);
    this.moneyMode = rng.weighted<MoneyMode>([['code-before', 3], ['code-after', 3], ['symbol', 2], ['none', 1]]);
  }

  /** One of the language's words for `key`, in the slip's case. */
  w(key: WordKey): string {
    const table = this.f.lang !== 'en' && MIXED_IN_ENGLISH.has(key) && this.rng.chance(0.08) ? WORDS.en : this.words;
    // A mixed-case slip mostly prints mixed-case spellings ("Total", not "TOTAL").
    const mixed = table[key].filter((x) => x !== x.toUpperCase());
    const word = this.rng.pick(!this.upper && mixed.length && this.rng.chance(0.75) ? mixed : table[key]);
    return this.upper ? word.toUpperCase() : word;
  }

  /** A sentence word with '{x}' filled in; never upper-cased (app printers use sentence case). */
  tpl(key: WordKey, x: string): string {
    return this.rng.pick(this.words[key]).replace('{x}', x);
  }

  label<K extends keyof SlipLabels>(key: K, value: SlipLabels[K]): void {
    this.labels[key] = value;
  }

  /** An amount in the slip's number style and money mode. */
  money(value: number, currency: Currency = this.f.currency, mode: MoneyMode = this.moneyMode): string {
    const n = formatNumber(value, this.num);
    switch (mode) {
      case 'code-before': return `${currency} ${n}`;
      case 'code-after': return `${n} ${currency}`;
      case 'none': return n;
      case 'symbol': {
        const sym = CURRENCY_SYMBOL[currency];
        if (currency === this.f.loc.currency && this.f.loc.symbolAfter) return `${n} ${sym}`;
        return sym.length === 1 ? `${sym}${n}` : `${sym} ${n}`;
      }
    }
  }

  /** Labels the card currency when a money string of that mode shows it. */
  currencyShown(mode: MoneyMode = this.moneyMode, currency: Currency = this.f.currency): void {
    if (mode !== 'none' && currency === this.f.currency) this.label('currency', currency);
  }

  // ─── Lines ─────────────────────────────────────────────────────────────────────────────────

  /** A line as is; a too-long one is wrapped at spaces, so words (and values) stay whole. */
  line(text: string): void {
    if (text.length <= this.width) {
      this.lines.push(text);
      return;
    }
    let current = '';
    for (const word of text.split(' ')) {
      if (current && current.length + 1 + word.length > this.width) {
        this.lines.push(current);
        current = word;
      } else current = current ? `${current} ${word}` : word;
    }
    if (current) this.lines.push(current);
  }

  center(text: string): void {
    if (text.length >= this.width) return this.line(text);
    this.lines.push(' '.repeat(Math.floor((this.width - text.length) / 2)) + text);
  }

  right(text: string): void {
    this.lines.push(text.length >= this.width ? text : text.padStart(this.width));
  }

  blank(): void {
    this.lines.push('');
  }

  rule(ch = '-'): void {
    this.lines.push(ch.repeat(this.width));
  }

  /** Label left, value right-aligned; the value goes to its own line when both do not fit. */
  lr(left: string, value: string): void {
    if (left.length + 1 + value.length <= this.width) {
      this.lines.push(left + value.padStart(this.width - left.length));
    } else {
      this.line(left);
      this.right(value);
    }
  }

  /** "LABEL: value" on one line (or two when too long). */
  kv(label: string, value: string): void {
    const text = `${label}${this.sep}${value}`;
    if (text.length <= this.width) this.lines.push(text);
    else this.lr(label, value);
  }

  /** Two fields on one line ("TA-Nr. 004217   BNr. 0831"), or on two lines when they do not fit. */
  pair(l1: string, v1: string, l2: string, v2: string): void {
    const a = `${l1} ${v1}`;
    const b = `${l2} ${v2}`;
    if (a.length + 2 + b.length <= this.width) this.lines.push(a + b.padStart(this.width - a.length));
    else {
      this.lr(l1, v1);
      this.lr(l2, v2);
    }
  }

  /** A field as lr or kv, whichever this slip's layout chose for its fields. */
  field(label: string, value: string, style: 'lr' | 'kv'): void {
    if (style === 'lr') this.lr(label, value);
    else this.kv(label, value);
  }
}
