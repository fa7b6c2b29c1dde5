import { signatureHeader } from '../../../engine/src/contracts/webhook-signature.js';
import { isServiceError } from '../../../engine/src/errors/service-error.js';
import type { AttemptResult, ClaimedDelivery, DeliveryStatus, WebhooksRepo } from '../db/repos/webhooks.js';
import { deliveryBody } from './envelope.js';
import { postOnce } from './https-post.js';
import type { SecretBox } from './secret-box.js';
import { checkWebhookUrl, type Resolver } from './url-guard.js';

export interface SenderSettings {
  /** Pauses between attempts in seconds; the delivery is dead after `pauses.length + 1` failures. */
  retrySchedule: readonly number[];
  allowPrivateTargets: boolean;
  /** `User-Agent` of every attempt. */
  userAgent: string;
  resolver?: Resolver;
  ca?: string | Buffer | (string | Buffer)[];
  /** The spec's 10 s. */
  timeoutMs?: number;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** The spec's 50 failed attempts in a row. */
  disableAfter?: number;
  /** Longest wait between looks at the table (deliveries added by another process, the CLI). */
  pollMs?: number;
}

export interface AttemptOutcome extends AttemptResult {
  delivery: string;
  status: DeliveryStatus;
  attempts: number;
  endpointDisabled: boolean;
}

/**
 * Sends due deliveries: asynchronous HTTPS on the event loop, a few at a time, so the API is
 * never blocked by a slow receiver. Every attempt checks the URL again (DNS included) and
 * connects to the address it checked, signs the exact bytes it sends with the endpoint's
 * current secret, and records the outcome before the next attempt of that delivery is taken.
 * The schedule lives in the database, so a restarted server goes on where it stopped.
 */
export class WebhookSender {
  private readonly s: Required<Omit<SenderSettings, 'resolver' | 'ca'>> & Pick<SenderSettings, 'resolver' | 'ca'>;
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private scheduled = false;
  private onError: (err: unknown) => void = () => undefined;

  constructor(
    private readonly repo: WebhooksRepo,
    private readonly box: SecretBox | null,
    settings: SenderSettings,
  ) {
    this.s = { timeoutMs: 10_000, concurrency: 4, disableAfter: 50, pollMs: 2_000, ...settings };
  }

  start(onError: (err: unknown) => void): void {
    this.onError = onError;
    this.running = true;
    this.poke();
  }

  /** Stops taking deliveries and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Look for due deliveries now (an event was stored, an endpoint enabled). */
  poke(): void {
    if (!this.running || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      try {
        this.fill();
      } catch (err) {
        this.onError(err);
        this.wakeIn(this.s.pollMs);
      }
    });
  }

  /** One attempt of one delivery, now, whatever its endpoint's state (a test send). */
  async deliverNow(deliveryId: string): Promise<AttemptOutcome | null> {
    const claimed = this.repo.claim(new Date().toISOString(), this.lockUntil(), deliveryId);
    return claimed ? this.attempt(claimed) : null;
  }

  private fill(): void {
    if (!this.running) return;
    // A read first: the claim takes the write lock, which an idle poll need not.
    const due = this.repo.nextDue();
    while (due !== null && Date.parse(due) <= Date.now() && this.inFlight.size < this.s.concurrency) {
      const claimed = this.repo.claim(new Date().toISOString(), this.lockUntil());
      if (!claimed) break;
      const p = this.attempt(claimed)
        .catch((err: unknown) => this.onError(err))
        .finally(() => {
          this.inFlight.delete(p);
          this.poke();
        });
      this.inFlight.add(p);
    }
    const next = this.repo.nextDue();
    const wait = next === null ? this.s.pollMs : Math.min(this.s.pollMs, Math.max(0, Date.parse(next) - Date.now()));
    this.wakeIn(this.inFlight.size >= this.s.concurrency ? this.s.pollMs : wait);
  }

  private wakeIn(ms: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.poke();
    }, ms);
    this.timer.unref();
  }

  /** A lock outlasts the longest attempt (DNS, then the 10 s exchange) with room to record it. */
  private lockUntil(): string {
    return new Date(Date.now() + this.s.timeoutMs + 20_000).toISOString();
  }

  private async attempt(claimed: ClaimedDelivery): Promise<AttemptOutcome> {
    const result = await this.send(claimed);
    const recorded = this.repo.recordAttempt(claimed, result, this.s.retrySchedule, this.s.disableAfter);
    return { ...result, delivery: claimed.id, ...recorded };
  }

  private async send(claimed: ClaimedDelivery): Promise<AttemptResult> {
    try {
      if (!this.box) return { ok: false, statusCode: null, error: 'encryption_unconfigured', responseMs: null };
      const checked = await checkWebhookUrl(claimed.url, { resolver: this.s.resolver, allowPrivate: this.s.allowPrivateTargets });
      const body = deliveryBody(claimed.payload);
      const headers = {
        'Content-Type': 'application/json',
        'User-Agent': this.s.userAgent,
        'Service-Signature': signatureHeader(body, this.box.open(claimed.secret)),
        'Service-Event-Id': claimed.event_id,
        'Service-Event-Type': claimed.event_type,
        'Service-Delivery-Id': claimed.id,
      };
      return await postOnce(checked, body, headers, { timeoutMs: this.s.timeoutMs, ca: this.s.ca });
    } catch (err) {
      // A URL that fails its rules now (DNS changed to a private address, a name gone) or a
      // secret that cannot be opened is a failed attempt, recorded with its code.
      if (isServiceError(err)) return { ok: false, statusCode: null, error: err.code, responseMs: null };
      // Anything else is a fault here, not the receiver's; it still counts as an attempt, so
      // the schedule moves on instead of retrying at once forever.
      this.onError(err);
      return { ok: false, statusCode: null, error: 'internal_error', responseMs: null };
    }
  }
}
