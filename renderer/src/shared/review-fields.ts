import type { FieldResult } from '../../../engine/src/contracts/extraction.js';

export interface FlatField {
  path: string;
  result: FieldResult;
}

/** Every leaf field with its path: `total`, `merchant.name`, `line_items.0.amount`. */
export function flatten(fields: Record<string, FieldResult> | undefined, prefix = ''): FlatField[] {
  const out: FlatField[] = [];
  for (const [name, result] of Object.entries(fields ?? {})) {
    const path = prefix + name;
    if (result.fields) out.push(...flatten(result.fields, `${path}.`));
    else if (result.items) result.items.forEach((item, i) => out.push(...flatten(item, `${path}.${i}.`)));
    else out.push({ path, result });
  }
  return out;
}

/** Confidence bands, the same as the numbers shown beside them: green from 0.85, amber from 0.60. */
export const confidenceClass = (c: number) => (c >= 0.85 ? 'high' : c >= 0.6 ? 'medium' : 'low');

const NUMERIC = /money|amount|number|integer|decimal|percent|quantity/;

/** A typed value for a field from what a person typed: numbers for numeric fields, null for nothing. */
export function typedValue(type: string, text: string): unknown {
  if (text.trim() === '') return null;
  return NUMERIC.test(type) && !Number.isNaN(Number(text)) ? Number(text) : text;
}

export const showValue = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
