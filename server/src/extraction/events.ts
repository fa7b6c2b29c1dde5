import type { EventRecord } from '../db/repos/extractions.js';
import { newId } from '../ids.js';

/** The spec's event envelope as stored; the webhook sender signs and delivers it as it is. */
export function eventFor(type: 'extraction.completed' | 'extraction.failed' | 'verification.completed', application: string, livemode: boolean, extractionId: string, object: Record<string, unknown>, at = new Date()): EventRecord {
  const id = newId('evt_');
  const envelope = { id, object: 'event', type, api_version: 'v1', created: Math.floor(at.getTime() / 1000), livemode, application, data: { object } };
  return { id, application_id: application, type, extraction_id: extractionId, payload: JSON.stringify(envelope), created_at: at.toISOString() };
}

/** Events of a finished extraction: completed, and verification.completed when a field was verified. */
export function completionEvents(application: string, livemode: boolean, body: Record<string, unknown>, at = new Date()): EventRecord[] {
  const id = body.id as string;
  const events = [eventFor('extraction.completed', application, livemode, id, body, at)];
  const outcomes = (body.processing as { verification?: Record<string, number> } | undefined)?.verification;
  if (outcomes && Object.entries(outcomes).some(([k, n]) => k !== 'unanswered' && n > 0)) {
    events.push(eventFor('verification.completed', application, livemode, id, { id, object: 'verification', document_type: body.document_type, outcomes }, at));
  }
  return events;
}
