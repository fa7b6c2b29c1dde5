import { isDict, isName, isRef, isRegular, isWhite, keywordAt, matchesAt, parseValue, skipSpace, type PdfDict, type PdfRef, type PdfValue } from './pdf-syntax.js';

/** One definition of an object found in the file (`num gen obj ... endobj`) or in an object stream. */
export interface PdfObjectDef {
  num: number;
  gen: number;
  value: PdfValue;
  /** For a stream object: where its data starts in the file. */
  streamStart?: number;
}

/**
 * Every object definition of a PDF, found by scanning the bytes for `num gen obj` rather than by
 * trusting the cross-reference table: pdf.js follows the table, rebuilds it when it is damaged,
 * and lets a later update replace an object, so every definition of a number is a candidate
 * and a check over them all holds whichever one pdf.js reads.
 */
export class PdfObjectIndex {
  private readonly defs = new Map<number, PdfObjectDef[]>();
  /** Parsing left in the budget (bytes); a file of overlapping objects would otherwise cost quadratic time. */
  private budget: number;

  constructor(readonly bytes: Uint8Array) {
    this.budget = 4 * bytes.length + 1_000_000;
  }

  /** False once parsing has cost more than its budget: the file's objects overlap as no real file's do. */
  get withinBudget(): boolean {
    return this.budget >= 0;
  }

  all(): Iterable<PdfObjectDef> {
    return [...this.defs.values()].flat();
  }

  /** The definitions a reference may mean: those of its generation, or every one of the number when none matches. */
  lookup(ref: PdfRef): PdfObjectDef[] {
    const defs = this.defs.get(ref.num) ?? [];
    const same = defs.filter((d) => d.gen === ref.gen);
    return same.length > 0 ? same : defs;
  }

  /** The values a value may mean: itself, or every definition a reference points at. */
  resolve(value: PdfValue | undefined): PdfValue[] {
    if (value === undefined) return [];
    return isRef(value) ? this.lookup(value).map((d) => d.value) : [value];
  }

  /** Scans the file for object definitions; each is parsed once, streams keep where their data starts. */
  scan(): this {
    const { bytes } = this;
    for (let at = bytes.indexOf(0x6f /* o */); at >= 0 && this.withinBudget; at = bytes.indexOf(0x6f, at + 1)) {
      if (!keywordAt(bytes, at, 'obj') || (at > 0 && isRegular(bytes[at - 1]))) continue;
      const head = objectHead(bytes, at);
      if (!head) continue;
      const parsed = parseValue(bytes, at + 3);
      this.budget -= parsed.end - at;
      const def: PdfObjectDef = { ...head, value: parsed.value };
      const after = skipSpace(bytes, parsed.end);
      if (isDict(parsed.value) && keywordAt(bytes, after, 'stream')) def.streamStart = streamDataStart(bytes, after + 6);
      this.add(def);
    }
    return this;
  }

  /** Adds the objects of a decoded object stream (`/Type /ObjStm`): `/N` pairs of number and offset, then the objects from `/First`. */
  addObjectStream(dict: PdfDict, data: Uint8Array): void {
    const count = dict.entries.get('N');
    const first = dict.entries.get('First');
    if (typeof count !== 'number' || typeof first !== 'number' || count < 0 || first < 0) return;
    let pos = 0;
    for (let i = 0; i < count && this.withinBudget; i++) {
      const num = parseValue(data, pos);
      const offset = parseValue(data, num.end);
      pos = offset.end;
      if (typeof num.value !== 'number' || typeof offset.value !== 'number' || pos > first) return;
      const parsed = parseValue(data, first + offset.value);
      this.budget -= parsed.end - (first + offset.value);
      this.add({ num: num.value, gen: 0, value: parsed.value });
    }
  }

  /**
   * A stream's raw data: `/Length` bytes when the length (direct, or an object holding a number)
   * ends at `endstream`, else up to the next `endstream`, as pdf.js reads a stream whose length
   * is wrong.
   */
  streamData(def: PdfObjectDef): Uint8Array {
    const { bytes } = this;
    const start = def.streamStart!;
    const dict = def.value as PdfDict;
    for (const length of this.resolve(dict.entries.get('Length'))) {
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || start + length > bytes.length) continue;
      if (keywordAt(bytes, skipSpace(bytes, start + length), 'endstream')) return bytes.subarray(start, start + length);
    }
    // The search is paid from the parsing budget: streams without an end cannot each cost a read of the file.
    const limit = Math.min(bytes.length, start + Math.max(0, this.budget));
    const searched = bytes.subarray(0, limit);
    let end = start;
    while (end < limit && !matchesAt(bytes, end, 'endstream')) {
      const next = searched.indexOf(0x65 /* e */, end + 1);
      end = next < 0 ? limit : next;
    }
    this.budget -= end - start + 1;
    while (end > start && isWhite(bytes[end - 1])) end--;
    return bytes.subarray(start, end);
  }

  private add(def: PdfObjectDef): void {
    const list = this.defs.get(def.num);
    if (list) list.push(def);
    else this.defs.set(def.num, [def]);
  }
}

/** `num gen` before the `obj` at `at`, or null when the keyword does not follow two whole numbers. */
function objectHead(bytes: Uint8Array, at: number): { num: number; gen: number } | null {
  let pos = at;
  const number = (): number | null => {
    while (pos > 0 && isWhite(bytes[pos - 1])) pos--;
    const end = pos;
    while (pos > 0 && end - pos < 10 && bytes[pos - 1] >= 0x30 && bytes[pos - 1] <= 0x39) pos--;
    if (pos === end) return null;
    let value = 0;
    for (let i = pos; i < end; i++) value = value * 10 + (bytes[i] - 0x30);
    return value;
  };
  if (pos > 0 && !isWhite(bytes[pos - 1])) return null;
  const gen = number();
  if (gen === null || pos === 0 || !isWhite(bytes[pos - 1])) return null;
  const num = number();
  if (num === null || (pos > 0 && isRegular(bytes[pos - 1]))) return null;
  return { num, gen };
}

/** After the `stream` keyword: CR LF or LF (or a lone CR, which pdf.js also accepts) comes before the data. */
function streamDataStart(bytes: Uint8Array, pos: number): number {
  if (bytes[pos] === 0x0d) return bytes[pos + 1] === 0x0a ? pos + 2 : pos + 1;
  if (bytes[pos] === 0x0a) return pos + 1;
  return pos;
}

/** True for a stream dictionary whose `/Type` is `type`. */
export function hasType(dict: PdfDict, type: string): boolean {
  return isName(dict.entries.get('Type'), type);
}
