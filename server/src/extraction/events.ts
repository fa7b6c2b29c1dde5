import type { EventRecord } from '../db/repos/extractions.js';
import { newId } from '../ids.js';

type EventType = 'extraction.completed' | 'extraction.failed' | 'verification.completed';

/**
 * The spec's event envelope as stored; the webhook sender signs and delivers it as it is.
 * `objectJson` is the carried object's JSON text, spliced in as it is: an extraction's text is
 * made once, for the response and storage, and not serialized again here.
 */
export function eventFor(type: EventType, application: string, livemode: boolean, extractionId: string, objectJson: string, at = new Date()): EventRecord {
  const id = newId('evt_');
  const head = JSON.stringify({ id, object: 'event', type, api_version: 'v1', created: Math.floor(at.getTime() / 1000), livemode, application });
  return { id, application_id: application, type, extraction_id: extractionId, payload: `${head.slice(0, -1)},"data":{"object":${objectJson}}}`, created_at: at.toISOString() };
}

/**
 * Events of a finished extraction (`body`, with `bodyJson` its text): completed, and
 * verification.completed when a field was verified.
 */
export function completionEvents(application: string, livemode: boolean, body: Record<string, unknown>, bodyJson: string, at = new Date()): EventRecord[] {
  const id = body.id as string;
  const events = [eventFor('extraction.completed', application, livemode, id, bodyJson, at)];
  const outcomes = (body.processing as { verification?: Record<string, number> } | undefined)?.verification;
  if (outcomes && Object.entries(outcomes).some(([k, n]) => k !== 'unanswered' && n > 0)) {
    events.push(eventFor('verification.completed', application, livemode, id, JSON.stringify({ id, object: 'verification', document_type: body.document_type, outcomes }), at));
  }
  return events;
}
