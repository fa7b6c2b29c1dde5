import { ServiceError } from '../../../../engine/src/errors/service-error.js';
import { newId } from '../../ids.js';
import { statement, type Db } from '../open-database.js';
import type { EventRecord } from './extractions.js';

/** Events an endpoint may subscribe to; `webhook.test` goes only to the endpoint it is sent to. */
export const SUBSCRIBABLE_EVENTS = ['extraction.completed', 'extraction.failed', 'verification.completed'] as const;

export const MAX_ENDPOINTS_PER_APPLICATION = 5;

export type DeliveryStatus = 'pending' | 'failed' | 'succeeded' | 'dead';

export interface WebhookEndpoint {
  id: string;
  application_id: string;
  url: string;
  /** Subscribed event types; empty means every event. */
  events: string[];
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  consecutive_failures: number;
  created_at: string;
  updated_at: string;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  response_ms: number | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A delivery taken for an attempt, with what the attempt needs. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  url: string;
  /** The sealed signing secret, as stored. */
  secret: string;
  event_id: string;
  event_type: string;
  payload: string;
  attempts: number;
}

/** What one attempt came to. */
export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseMs: number | null;
}

const ENDPOINT_COLUMNS = 'id, application_id, url, events, status, disabled_reason, consecutive_failures, created_at, updated_at';
const DELIVERY_COLUMNS =
  'd.id, d.endpoint_id, d.event_id, e.type AS event_type, d.status, d.attempts, d.last_status_code, d.last_error, d.response_ms, d.next_attempt_at, d.created_at, d.updated_at';

const endpointFrom = (r: Record<string, unknown>): WebhookEndpoint => ({ ...(r as unknown as WebhookEndpoint), events: JSON.parse(r.events as string) as string[] });

/**
 * Webhook endpoints and deliveries: all their SQL. Events themselves are written with the
 * extraction they announce (ExtractionsRepo); `fanOut` runs inside that same transaction, so an
 * event and its deliveries are stored together or not at all.
 */
export class WebhooksRepo {
  constructor(private readonly db: Db) {}

  /** Adds an endpoint unless the application already has the maximum (`too_many_endpoints`). */
  createEndpoint(e: { application_id: string; url: string; events: string[]; secret: string }, now = new Date().toISOString()): WebhookEndpoint {
    const id = newId('whe_');
    this.db
      .transaction(() => {
        const count = statement(this.db, 'SELECT COUNT(*) FROM webhook_endpoints WHERE application_id = ?').pluck().get(e.application_id) as number;
        if (count >= MAX_ENDPOINTS_PER_APPLICATION) throw new ServiceError('too_many_endpoints');
        statement(this.db, 'INSERT INTO webhook_endpoints (id, application_id, url, events, secret, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
          id,
          e.application_id,
          e.url,
          JSON.stringify(e.events),
          e.secret,
          now,
          now,
        );
      })
      .immediate();
    return this.endpoint(id)!;
  }

  endpoint(id: string): WebhookEndpoint | null {
    const r = statement(this.db, `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ?`).get(id) as Record<string, unknown> | undefined;
    return r ? endpointFrom(r) : null;
  }

  endpoints(applicationId: string): WebhookEndpoint[] {
    return (statement(this.db, `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE application_id = ? ORDER BY created_at, id`).all(applicationId) as Record<string, unknown>[]).map(endpointFrom);
  }

  /** The sealed signing secret of an endpoint. */
  sealedSecret(id: string): string | null {
    return (statement(this.db, 'SELECT secret FROM webhook_endpoints WHERE id = ?').pluck().get(id) as string | undefined) ?? null;
  }

  updateEndpoint(id: string, change: { url?: string; events?: string[] }, now = new Date().toISOString()): void {
    if (change.url !== undefined) statement(this.db, 'UPDATE webhook_endpoints SET url = ?, updated_at = ? WHERE id = ?').run(change.url, now, id);
    if (change.events !== undefined) statement(this.db, 'UPDATE webhook_endpoints SET events = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(change.events), now, id);
  }

  /** Replaces the signing secret: every later attempt, retries of earlier events included, is signed with it. */
  replaceSecret(id: string, sealed: string, now = new Date().toISOString()): void {
    statement(this.db, 'UPDATE webhook_endpoints SET secret = ?, updated_at = ? WHERE id = ?').run(sealed, now, id);
  }

  /** Enabling resets the count of failed attempts in a row; disabling records why. */
  setEndpointStatus(id: string, status: 'enabled' | 'disabled', reason: string | null, now = new Date().toISOString()): void {
    if (status === 'enabled') statement(this.db, "UPDATE webhook_endpoints SET status = 'enabled', disabled_reason = NULL, consecutive_failures = 0, updated_at = ? WHERE id = ?").run(now, id);
    else statement(this.db, "UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = ?, updated_at = ? WHERE id = ?").run(reason, now, id);
  }

  /** Removes an endpoint and its delivery records. */
  deleteEndpoint(id: string): void {
    statement(this.db, 'DELETE FROM webhook_endpoints WHERE id = ?').run(id);
  }

  /**
   * Records a delivery, due now, to every enabled endpoint of the event's application that
   * subscribes to its type, when both the application and its organization hold
   * `webhooks.receive`. Called inside the transaction that stores the event.
   */
  fanOut(event: EventRecord): number {
    const targets = statement(
      this.db,
      `SELECT w.id FROM webhook_endpoints w
         JOIN applications a ON a.id = w.application_id
         JOIN organizations o ON o.id = a.organization_id
       WHERE w.application_id = ? AND w.status = 'enabled'
         AND (w.events = '[]' OR EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ?))
         AND EXISTS (SELECT 1 FROM json_each(a.capabilities) WHERE value = 'webhooks.receive')
         AND EXISTS (SELECT 1 FROM json_each(o.capabilities) WHERE value = 'webhooks.receive')`,
    )
      .pluck()
      .all(event.application_id, event.type) as string[];
    for (const endpointId of targets) this.insertDelivery(endpointId, event.id, event.created_at);
    return targets.length;
  }

  /** A `webhook.test` event for one endpoint, with its delivery; returns the delivery id. */
  addTestEvent(event: EventRecord, endpointId: string): string {
    return this.db
      .transaction(() => {
        statement(this.db, 'INSERT INTO events (id, application_id, type, extraction_id, payload, created_at) VALUES (@id, @application_id, @type, @extraction_id, @payload, @created_at)').run(event);
        return this.insertDelivery(endpointId, event.id, event.created_at);
      })
      .immediate();
  }

  private insertDelivery(endpointId: string, eventId: string, now: string): string {
    const id = newId('whd_');
    statement(this.db, 'INSERT INTO webhook_deliveries (id, endpoint_id, event_id, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(id, endpointId, eventId, now, now, now);
    return id;
  }

  /**
   * Takes the next due delivery of an enabled endpoint for one attempt: locks it until
   * `lockedUntil` (a process that dies mid-attempt leaves it due again then). With `id`, takes
   * that delivery whatever its endpoint's state (a test sent from the console or the CLI).
   */
  claim(nowIso: string, lockedUntil: string, id?: string): ClaimedDelivery | null {
    return this.db
      .transaction(() => {
        const row = (
          id === undefined
            ? statement(
                this.db,
                `SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
                 WHERE d.status IN ('pending', 'failed') AND d.next_attempt_at <= ? AND (d.locked_until IS NULL OR d.locked_until <= ?) AND w.status = 'enabled'
                 ORDER BY d.next_attempt_at LIMIT 1`,
              ).get(nowIso, nowIso)
            : statement(this.db, "SELECT id FROM webhook_deliveries WHERE id = ? AND status IN ('pending', 'failed') AND (locked_until IS NULL OR locked_until <= ?)").get(id, nowIso)
        ) as { id: string } | undefined;
        if (!row) return null;
        statement(this.db, 'UPDATE webhook_deliveries SET locked_until = ? WHERE id = ?').run(lockedUntil, row.id);
        return statement(
          this.db,
          `SELECT d.id, d.endpoint_id, w.url, w.secret, d.event_id, e.type AS event_type, e.payload, d.attempts
           FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN events e ON e.id = d.event_id WHERE d.id = ?`,
        ).get(row.id) as ClaimedDelivery;
      })
      .immediate();
  }

  /**
   * Records an attempt and moves the delivery on: `succeeded`; or `failed` with its next attempt
   * after `pauses[attempts - 1]` seconds; or `dead` once `pauses` is used up. The endpoint's
   * failures in a row are counted (a success resets them); at `disableAfter` it is disabled.
   */
  recordAttempt(
    claimed: ClaimedDelivery,
    result: AttemptResult,
    pauses: readonly number[],
    disableAfter: number,
    now = new Date(),
  ): { status: DeliveryStatus; attempts: number; endpointDisabled: boolean } {
    const attempts = claimed.attempts + 1;
    const nowIso = now.toISOString();
    return this.db
      .transaction(() => {
        let status: DeliveryStatus = 'succeeded';
        let next: string | null = null;
        if (!result.ok) {
          status = attempts > pauses.length ? 'dead' : 'failed';
          next = status === 'dead' ? null : new Date(now.getTime() + pauses[attempts - 1] * 1000).toISOString();
        }
        statement(
          this.db,
          'UPDATE webhook_deliveries SET status = ?, attempts = ?, last_status_code = ?, last_error = ?, response_ms = ?, next_attempt_at = ?, locked_until = NULL, updated_at = ? WHERE id = ?',
        ).run(status, attempts, result.statusCode, result.error, result.responseMs, next, nowIso, claimed.id);
        if (result.ok) {
          statement(this.db, 'UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE id = ?').run(claimed.endpoint_id);
          return { status, attempts, endpointDisabled: false };
        }
        const failures = statement(this.db, 'UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1 WHERE id = ? RETURNING consecutive_failures')
          .pluck()
          .get(claimed.endpoint_id) as number | undefined;
        const disable = failures !== undefined && failures >= disableAfter;
        const changed = disable
          ? statement(this.db, "UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = ?, updated_at = ? WHERE id = ? AND status = 'enabled'").run(
              `${failures} failed attempts in a row; the last: ${result.error ?? `status ${result.statusCode}`}`,
              nowIso,
              claimed.endpoint_id,
            ).changes
          : 0;
        return { status, attempts, endpointDisabled: changed > 0 };
      })
      .immediate();
  }

  /** The earliest next attempt of a delivery an enabled endpoint waits for, or null. */
  nextDue(): string | null {
    return (
      (statement(
        this.db,
        `SELECT MIN(COALESCE(MAX(d.next_attempt_at, d.locked_until), d.next_attempt_at)) FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
         WHERE d.status IN ('pending', 'failed') AND w.status = 'enabled'`,
      )
        .pluck()
        .get() as string | null | undefined) ?? null
    );
  }

  delivery(id: string): WebhookDelivery | null {
    return (statement(this.db, `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.id = ?`).get(id) as WebhookDelivery | undefined) ?? null;
  }

  /** An endpoint's deliveries, newest first. */
  deliveries(endpointId: string, limit = 100): WebhookDelivery[] {
    return statement(this.db, `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.endpoint_id = ? ORDER BY d.created_at DESC, d.id DESC LIMIT ?`).all(
      endpointId,
      limit,
    ) as WebhookDelivery[];
  }

  /** Deliveries of one event, to every endpoint. */
  deliveriesOfEvent(eventId: string): WebhookDelivery[] {
    return statement(this.db, `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.event_id = ? ORDER BY d.created_at, d.id`).all(eventId) as WebhookDelivery[];
  }

  /**
   * The purge: finished delivery records and events older than `beforeIso` go; an event still
   * awaited by a delivery stays until that delivery ends.
   */
  purge(beforeIso: string): { deliveries: number; events: number } {
    return this.db
      .transaction(() => {
        const deliveries = statement(this.db, "DELETE FROM webhook_deliveries WHERE status IN ('succeeded', 'dead') AND updated_at <= ?").run(beforeIso).changes;
        const events = statement(this.db, 'DELETE FROM events WHERE created_at <= ? AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = events.id)').run(beforeIso).changes;
        return { deliveries, events };
      })
      .immediate();
  }
}
