import { ServiceError } from '../../../engine/src/errors/service-error.js';
import type { AccountsRepo, Application } from '../db/repos/accounts.js';
import { SUBSCRIBABLE_EVENTS, type WebhookDelivery, type WebhookEndpoint, type WebhooksRepo } from '../db/repos/webhooks.js';
import { randomToken } from '../ids.js';
import { testEvent } from './envelope.js';
import type { SecretBox } from './secret-box.js';
import { checkWebhookUrl, parseWebhookUrl, type Resolver } from './url-guard.js';
import type { AttemptOutcome, WebhookSender } from './webhook-sender.js';

export const SECRET_PREFIX = 'svcwhsec_';
const CAPABILITY = 'webhooks.receive';

/** An endpoint as shown to its owner: never its secret, which is shown once. */
export function endpointSummary(e: WebhookEndpoint) {
  return { id: e.id, object: 'webhook_endpoint', application: e.application_id, url: e.url, events: e.events, status: e.status, disabled_reason: e.disabled_reason, consecutive_failures: e.consecutive_failures, created_at: e.created_at, updated_at: e.updated_at };
}

export function deliverySummary(d: WebhookDelivery) {
  return { id: d.id, object: 'webhook_delivery', endpoint: d.endpoint_id, event: d.event_id, event_type: d.event_type, status: d.status, attempts: d.attempts, last_status_code: d.last_status_code, last_error: d.last_error, response_ms: d.response_ms, next_attempt_at: d.next_attempt_at, created_at: d.created_at, updated_at: d.updated_at };
}

export interface WebhookServiceOptions {
  allowPrivateTargets: boolean;
  resolver?: Resolver;
}

/**
 * Webhook endpoints for the console and the operator CLI: the spec's rules when an endpoint is
 * saved (capability, URL, events, 5 per application, encryption), secrets shown once and
 * rotated, enabling with the failure count reset, and `webhook.test` sends.
 */
export class WebhookService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly repo: WebhooksRepo,
    private readonly box: SecretBox | null,
    private readonly sender: WebhookSender,
    private readonly options: WebhookServiceOptions,
  ) {}

  async add(application: Application, input: { url: unknown; events?: unknown }): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    this.requireCapability(application);
    parseWebhookUrl(input.url);
    const events = parseEvents(input.events);
    const box = this.requireBox();
    const checked = await this.checkUrl(input.url);
    const secret = newSecret();
    const endpoint = this.repo.createEndpoint({ application_id: application.id, url: checked.url.href, events, secret: box.seal(secret) });
    return { endpoint, secret };
  }

  list(application: Application): WebhookEndpoint[] {
    return this.repo.endpoints(application.id);
  }

  get(application: Application, id: string): WebhookEndpoint {
    const e = this.repo.endpoint(id);
    if (!e || e.application_id !== application.id) throw new ServiceError('webhook_not_found', { param: 'id' });
    return e;
  }

  async update(application: Application, id: string, change: { url?: unknown; events?: unknown }): Promise<WebhookEndpoint> {
    this.get(application, id);
    const events = change.events === undefined ? undefined : parseEvents(change.events);
    const url = change.url === undefined ? undefined : (await this.checkUrl(change.url)).url.href;
    this.repo.updateEndpoint(id, { url, events });
    return this.get(application, id);
  }

  /** A new secret, shown once; it signs every later attempt, retries of earlier events included. */
  rotateSecret(application: Application, id: string): { endpoint: WebhookEndpoint; secret: string } {
    this.get(application, id);
    const box = this.requireBox();
    const secret = newSecret();
    this.repo.replaceSecret(id, box.seal(secret));
    return { endpoint: this.get(application, id), secret };
  }

  /** Re-enables an endpoint (its count of failures in a row starts again at 0); waiting deliveries resume. */
  enable(application: Application, id: string): WebhookEndpoint {
    this.get(application, id);
    this.repo.setEndpointStatus(id, 'enabled', null);
    this.sender.poke();
    return this.get(application, id);
  }

  disable(application: Application, id: string, reason = 'disabled by the operator'): WebhookEndpoint {
    this.get(application, id);
    this.repo.setEndpointStatus(id, 'disabled', reason);
    return this.get(application, id);
  }

  remove(application: Application, id: string): void {
    this.get(application, id);
    this.repo.deleteEndpoint(id);
  }

  deliveries(application: Application, id: string, limit?: number): WebhookDelivery[] {
    this.get(application, id);
    return this.repo.deliveries(id, limit);
  }

  /**
   * Sends `webhook.test` to this endpoint only and makes its first attempt at once, even to a
   * disabled endpoint (to try a receiver before enabling it again). A failed test is retried on
   * the schedule like any delivery.
   */
  async sendTest(application: Application, id: string, message = 'A test event sent to this endpoint.'): Promise<AttemptOutcome> {
    this.get(application, id);
    const event = testEvent(application.id, application.environment === 'production', message);
    const deliveryId = this.repo.addTestEvent(event, id);
    const outcome = await this.sender.deliverNow(deliveryId);
    if (!outcome) throw new Error(`delivery ${deliveryId} was taken by another sender`);
    return outcome;
  }

  private requireCapability(application: Application): void {
    const org = this.accounts.organization(application.organization_id);
    const missing = !org?.capabilities.includes(CAPABILITY) || !application.capabilities.includes(CAPABILITY);
    if (missing) throw new ServiceError('missing_capability', { details: { missing: [CAPABILITY] } });
  }

  private requireBox(): SecretBox {
    if (!this.box) throw new ServiceError('encryption_unconfigured');
    return this.box;
  }

  private checkUrl(url: unknown) {
    return checkWebhookUrl(url, { resolver: this.options.resolver, allowPrivate: this.options.allowPrivateTargets });
  }
}

/** The subscription list: absent or empty means every event; each name one of the three. */
function parseEvents(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || !raw.every((e) => typeof e === 'string' && (SUBSCRIBABLE_EVENTS as readonly string[]).includes(e))) {
    throw new ServiceError('unknown_event', { param: 'events' });
  }
  return [...new Set(raw as string[])];
}

const newSecret = () => `${SECRET_PREFIX}${randomToken(32)}`;
