import { ServiceError } from '../../errors/service-error.js';
import { countContentOperators } from '../pdf-content-operators.js';
import { hasType, PdfObjectIndex, type PdfObjectDef } from '../pdf-object-index.js';
import { isDict, isName, isRef, keywordAt, parseValue, type PdfDict, type PdfValue } from '../pdf-syntax.js';
import { decodePdfStream } from './pdf-stream-decoder.js';

/**
 * The most drawing work one page may ask of pdf.js. An invoice page holds tens of kilobytes of
 * content and at most a few thousand operators (5,400 on the busiest of the test sets); pdf.js
 * holds every operator of a page in memory while it renders it (about 100 bytes each), so 40 MB
 * of `q Q` (20 million operators) took 1.7 GB and 47 s.
 */
export interface PdfContentLimits {
  /** Decoded bytes of a page's content streams together, and of one form or pattern. */
  maxContentBytes: number;
  /** Operators in a page's content streams together, and in one form or pattern. */
  maxOperators: number;
}

export const PDF_CONTENT_LIMITS: PdfContentLimits = { maxContentBytes: 8_000_000, maxOperators: 500_000 };

/** Object streams hold objects, not drawing; a real one is well under this. */
const MAX_OBJECT_STREAM_BYTES = 32_000_000;

// The shipped limits, written from the constants so the message cannot drift from them.
const PAGE_CONTENT_TOO_LARGE = `A page of the PDF holds more drawing instructions than can be read (over ${PDF_CONTENT_LIMITS.maxContentBytes / 1_000_000} MB of content or ${PDF_CONTENT_LIMITS.maxOperators.toLocaleString('en-US')} operators on a page).`;

interface Measure {
  bytes: number;
  operators: number;
  drawn: Map<string, number>;
}

/**
 * Refuses, with `unreadable_pdf`, a PDF whose page content would cost pdf.js unbounded memory
 * or time, before pdf.js parses any page. The content streams are found without pdf.js (it keeps
 * them to itself): every dictionary with `/Contents` is taken for a page, and every form, tiling
 * pattern and Type 3 glyph for content of its own. A page's operators include those of the
 * forms it draws, as often as it draws them (pdf.js reads a form again at each `Do`). Each
 * candidate definition of an object is measured, so a damaged cross-reference table or a later
 * update cannot hide one. Streams are inflated with their output capped, and all the decoding
 * together is bounded by `maxPages` pages' worth.
 *
 * Left to the reader process's memory cap and time limits (isolated-pdf-reader.ts): encrypted
 * documents (their streams cannot be decoded here), content behind an image codec, and objects
 * in an object stream of over 32 MB.
 */
export async function assertPdfContentWithinLimits(bytes: Uint8Array, maxPages: number, limits: PdfContentLimits = PDF_CONTENT_LIMITS): Promise<void> {
  const index = new PdfObjectIndex(bytes).scan();
  const refuse = () => new ServiceError('unreadable_pdf', { message: PAGE_CONTENT_TOO_LARGE });
  let decodeBudget = maxPages * limits.maxContentBytes + MAX_OBJECT_STREAM_BYTES;

  const decode = async (def: PdfObjectDef, max: number) => {
    const dict = def.value as PdfDict;
    const decoded = await decodePdfStream(index, dict, index.streamData(def), Math.min(max, decodeBudget));
    decodeBudget -= decoded.tooLarge ? max : decoded.bytes.length;
    if (decodeBudget < 0 || !index.withinBudget) throw refuse();
    return decoded;
  };

  const streams = [...index.all()].filter((d) => d.streamStart !== undefined);
  if (streams.some((d) => isDict(d.value) && d.value.entries.has('Encrypt')) || hasEncryptedTrailer(bytes)) return;
  for (const def of streams) {
    if (!hasType(def.value as PdfDict, 'ObjStm')) continue;
    const decoded = await decode(def, MAX_OBJECT_STREAM_BYTES);
    if (decoded.measured && !decoded.tooLarge) index.addObjectStream(def.value as PdfDict, decoded.bytes);
  }
  if (!index.withinBudget) throw refuse();

  const measured = new Map<PdfObjectDef, Measure>();
  const measure = async (def: PdfObjectDef): Promise<Measure> => {
    let known = measured.get(def);
    if (!known) {
      const decoded = await decode(def, limits.maxContentBytes);
      if (decoded.tooLarge) known = { bytes: Infinity, operators: Infinity, drawn: new Map() };
      else if (!decoded.measured) known = { bytes: decoded.bytes.length, operators: 0, drawn: new Map() };
      else known = { bytes: decoded.bytes.length, ...countContentOperators(decoded.bytes, limits.maxOperators) };
      measured.set(def, known);
    }
    return known;
  };

  // The operators a form costs each time it is drawn: its own and those of the forms it draws.
  const formWork = new Map<PdfObjectDef, number>();
  const drawing = new Set<PdfObjectDef>();
  const workOf = async (m: Measure, resources: PdfValue[]): Promise<number> => {
    let work = m.operators;
    for (const [name, times] of m.drawn) {
      let most = 0;
      for (const def of xobjects(index, resources, name)) {
        const dict = def.value as PdfDict;
        if (!isName(dict.entries.get('Subtype'), 'Form') || drawing.has(def)) continue; // pdf.js skips a form drawing itself
        let cost = formWork.get(def);
        if (cost === undefined) {
          drawing.add(def);
          const own = resourcesOf(index, dict);
          cost = await workOf(await measure(def), own.length > 0 ? own : resources);
          drawing.delete(def);
          formWork.set(def, cost);
        }
        most = Math.max(most, cost);
      }
      work += times * most;
      if (work > limits.maxOperators) return Infinity;
    }
    return work;
  };
  const over = (bytes: number, operators: number) => bytes > limits.maxContentBytes || operators > limits.maxOperators;

  const { pages, ownContent } = contentHolders(index);
  for (const def of ownContent) {
    const m = await measure(def);
    if (over(m.bytes, m.operators)) throw refuse();
  }
  for (const page of pages) {
    // pdf.js reads a page's streams one after the other: their sizes add up, a stream listed twice counts twice.
    let bytes = 0;
    let operators = 0;
    const resources = resourcesOf(index, page, true);
    for (const ref of contentRefs(index, page.entries.get('Contents')!)) {
      let biggest = 0;
      let most = 0;
      for (const def of index.lookup(ref)) {
        if (def.streamStart === undefined) continue;
        const m = await measure(def);
        biggest = Math.max(biggest, m.bytes);
        most = Math.max(most, await workOf(m, resources));
      }
      bytes += biggest;
      operators += most;
      if (over(bytes, operators)) throw refuse();
    }
  }
}

/** The XObjects a name may mean in these resource dictionaries (every candidate definition). */
function xobjects(index: PdfObjectIndex, resources: PdfValue[], name: string): PdfObjectDef[] {
  const found: PdfObjectDef[] = [];
  for (const r of resources) {
    for (const dict of index.resolve(isDict(r) ? r.entries.get('XObject') : undefined)) {
      const entry = isDict(dict) ? dict.entries.get(name) : undefined;
      if (isRef(entry)) for (const def of index.lookup(entry)) if (def.streamStart !== undefined) found.push(def);
    }
  }
  return found;
}

/** A dictionary's `/Resources` (resolved); for a page, inherited from its parents when it has none. */
function resourcesOf(index: PdfObjectIndex, dict: PdfDict, inherit = false): PdfValue[] {
  let level: PdfValue[] = [dict];
  for (let depth = 0; depth < 32 && level.length > 0; depth++) {
    const found = level.flatMap((d) => (isDict(d) ? index.resolve(d.entries.get('Resources')) : [])).filter(isDict);
    if (found.length > 0 || !inherit) return found;
    level = level.flatMap((d) => (isDict(d) ? index.resolve(d.entries.get('Parent')) : [])).slice(0, 16);
  }
  return [];
}

/**
 * Every `/Contents` value that may be a page's (a reference or an array of them), found in any
 * dictionary at any depth; and the streams pdf.js reads as content of their own: forms
 * (`/Subtype /Form`), tiling patterns (`/PatternType 1`) and Type 3 glyphs (`/CharProcs`).
 */
function contentHolders(index: PdfObjectIndex): { pages: PdfDict[]; ownContent: Set<PdfObjectDef> } {
  const pages: PdfDict[] = [];
  const ownContent = new Set<PdfObjectDef>();
  const pending: PdfValue[] = [];
  for (const def of index.all()) {
    pending.push(def.value);
    if (def.streamStart === undefined) continue;
    const dict = def.value as PdfDict;
    if (isName(dict.entries.get('Subtype'), 'Form') || dict.entries.get('PatternType') === 1) ownContent.add(def);
  }
  while (pending.length > 0) {
    const value = pending.pop()!;
    if (Array.isArray(value)) for (const item of value) pending.push(item);
    else if (isDict(value)) {
      const contents = value.entries.get('Contents');
      if (contents !== undefined && (isRef(contents) || Array.isArray(contents))) pages.push(value);
      const glyphs = value.entries.get('CharProcs');
      for (const procs of index.resolve(glyphs)) {
        if (!isDict(procs)) continue;
        for (const proc of procs.entries.values()) if (isRef(proc)) for (const def of index.lookup(proc)) if (def.streamStart !== undefined) ownContent.add(def);
      }
      for (const item of value.entries.values()) pending.push(item);
    }
  }
  return { pages, ownContent };
}

/** The stream references of a `/Contents` value: itself, the members of an array, or of an array object it points at. */
function contentRefs(index: PdfObjectIndex, contents: PdfValue) {
  const refs = [];
  const items = Array.isArray(contents) ? contents : [contents];
  for (const item of items) {
    if (!isRef(item)) continue;
    refs.push(item);
    for (const target of index.resolve(item)) if (Array.isArray(target)) for (const inner of target) if (isRef(inner)) refs.push(inner);
  }
  return refs;
}

/** A classic trailer (`trailer << ... /Encrypt ... >>`) names the document's encryption. */
function hasEncryptedTrailer(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(0x74 /* t */); at >= 0; at = bytes.indexOf(0x74, at + 1)) {
    if (!keywordAt(bytes, at, 'trailer')) continue;
    const trailer = parseValue(bytes, at + 7).value;
    if (isDict(trailer) && trailer.entries.has('Encrypt')) return true;
  }
  return false;
}
