import type { EventRecord } from '../db/repos/extractions.js';
import { newId } from '../ids.js';

/**
 * Compact JSON with the keys of every object sorted (by UTF-16 code units, as `Array#sort`
 * orders them), arrays in their order: the spec's body form, so a receiver that re-serializes
 * the parsed body the same way gets the same bytes.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/**
 * The body of an attempt: the stored event (the envelope, or the stub `{id, type, purged: true}`
 * left once the data policy purged the result) in canonical form.
 */
export function deliveryBody(storedPayload: string): string {
  return canonicalJson(JSON.parse(storedPayload));
}

/** A `webhook.test` event: `data.object` is `{object: 'test', message}`. */
export function testEvent(application: string, livemode: boolean, message: string, at = new Date()): EventRecord {
  const id = newId('evt_');
  const envelope = { id, object: 'event', type: 'webhook.test', api_version: 'v1', created: Math.floor(at.getTime() / 1000), livemode, application, data: { object: { object: 'test', message } } };
  return { id, application_id: application, type: 'webhook.test', extraction_id: null, payload: canonicalJson(envelope), created_at: at.toISOString() };
}
