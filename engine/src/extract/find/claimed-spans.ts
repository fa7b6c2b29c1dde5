import type { DocumentText, Line } from '../layout/document-text.js';
import { valueSlots } from '../layout/label-values.js';
import type { LabelHit } from '../layout/labels.js';
import { findCardMasks } from '../normalize/card.js';
import type { Candidate } from './candidates.js';

/** Characters [start, end) of lines, by line index. */
export type Spans = Map<number, [number, number][]>;

/**
 * Where the values of some labels stand: for each hit whose field `claims` says so, given the
 * slot's text, the nearest slot beside it (the rest of its line, or the next line to its right in the row); with
 * `cardMasks`, every masked card number too. Used to keep a receipt number, a terminal id or the card's digits from
 * being read as an amount.
 */
export function claimedSpans(doc: DocumentText, hits: readonly LabelHit[], hitsOnLine: (l: Line) => LabelHit[], claims: (path: string, slotText: string) => boolean, cardMasks: boolean): Spans {
  const spans: Spans = new Map();
  const add = (line: Line, start: number, end: number) => {
    const list = spans.get(line.index) ?? [];
    list.push([start, end]);
    spans.set(line.index, list);
  };
  for (const hit of hits) {
    const slot = valueSlots(doc, hit, hitsOnLine(hit.line)).find((s) => s.relation !== 'below');
    if (slot && claims(hit.path, slot.text)) add(slot.line, slot.start, slot.end);
  }
  if (cardMasks) for (const line of doc.lines) for (const m of findCardMasks(line.text)) add(line, m.start, m.end);
  return spans;
}

/** The candidate's text lies in a claimed span. */
export function isClaimed(spans: Spans, c: Candidate): boolean {
  return (spans.get(c.line.index) ?? []).some(([start, end]) => c.start >= start && c.end <= end);
}
