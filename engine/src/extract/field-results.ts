import type { FieldResult } from '../contracts/extraction.js';
import { round3 } from './confidence.js';

/** The result at a dotted path (`merchant.name` is `fields.merchant.fields.name`). */
export function resultAt(fields: Record<string, FieldResult>, path: string): FieldResult | undefined {
  const [head, ...rest] = path.split('.');
  let r: FieldResult | undefined = fields[head];
  for (const s of rest) r = r?.fields?.[s];
  return r;
}

/**
 * What an object's result says of its fields' results: its value (each field's), found or
 * missing, the lowest confidence of those found, and where the first found one was read.
 * Extraction builds object results with it; verified mode makes them again after a change.
 */
export function objectSummary(fields: Record<string, FieldResult>): Pick<FieldResult, 'value' | 'status' | 'confidence' | 'source' | 'page' | 'bounding_box'> {
  const found = Object.values(fields).filter((r) => r.status !== 'missing');
  if (found.length === 0) return { value: null, status: 'missing', confidence: 0, source: null, page: null, bounding_box: null };
  return {
    value: Object.fromEntries(Object.entries(fields).map(([k, r]) => [k, r.value])),
    status: 'ok',
    confidence: round3(Math.min(...found.map((r) => r.confidence))),
    source: found[0].source,
    page: found[0].page,
    bounding_box: found[0].bounding_box,
  };
}
