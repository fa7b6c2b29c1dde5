import type { LocalStore, OutboxItem } from '../store/local-store.js';
import type { SendOutcome, ServerClient } from './server-client.js';

export interface SenderOptions {
  /** First pause after a failure; doubled each attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often to look for due entries while idle. */
  pollMs?: number;
  /** Who corrected, as the server shows it (the counter or kiosk's name). */
  correctedBy?: string;
  /** What reaches the server: the text lines read on the device (default), or the file itself. */
  send?: 'lines' | 'file';
  /** Called after each entry is handled, for the per-document sync state on screen. */
  onChange?: (documentId: string) => void;
}

/** The pause before attempt `attempts + 1`: exponential, capped, with jitter so that devices do not retry in step. */
export function backoffMs(attempts: number, base: number, max: number, random = Math.random): number {
  const full = Math.min(max, base * 2 ** Math.min(attempts, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * Sends the outbox to the server, one entry at a time, oldest first: each document's extraction
 * with an `Idempotency-Key` derived from its local id (the same document, resent after a crash
 * or from another device with the same key, is one server extraction), then its corrections.
 * Offline or a busy server: the entry waits with exponential back-off. Refused for good: the entry
 * is marked failed and shown; nothing is dropped.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  private readonly o: Required<Omit<SenderOptions, 'onChange'>> & Pick<SenderOptions, 'onChange'>;

  constructor(
    private readonly store: LocalStore,
    private readonly client: () => ServerClient | null,
    options: SenderOptions = {},
  ) {
    this.o = { baseDelayMs: 2000, maxDelayMs: 300_000, pollMs: 1000, correctedBy: 'desktop app', send: 'lines', ...options };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** New settings from the person: what to send and who corrects. */
  configure(change: { send?: 'lines' | 'file'; correctedBy?: string }): void {
    if (change.send) this.o.send = change.send;
    if (change.correctedBy) this.o.correctedBy = change.correctedBy;
  }

  /** Look now (a document was read, or the network came back). */
  poke(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Handles every entry due now; returns how many were sent. */
  async runOnce(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.drain().finally(() => (this.running = null));
    return this.running;
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runOnce().finally(() => {
        if (!this.stopped) this.schedule(this.o.pollMs);
      });
    }, ms);
  }

  private async drain(): Promise<number> {
    const client = this.client();
    if (!client) return 0;
    let sent = 0;
    for (;;) {
      const [item] = this.store.due(new Date().toISOString(), 1);
      if (!item) break;
      const outcome = await this.send(client, item);
      this.record(item, outcome);
      this.o.onChange?.(item.document_id);
      if (!outcome.ok) {
        // Offline: the rest would fail the same way; they keep their own times.
        if (outcome.kind === 'offline') break;
        continue;
      }
      sent++;
    }
    return sent;
  }

  private async send(client: ServerClient, item: OutboxItem): Promise<SendOutcome> {
    if (item.kind === 'extraction') {
      const saved = this.store.result(item.document_id);
      const result = (saved?.result ?? {}) as { document_type?: string; ocr?: { pages?: unknown[] } };
      const doc = this.store.document(item.document_id);
      const idempotencyKey = `desktop-${item.document_id}`;
      if (this.o.send === 'file' && doc) {
        return client.createExtraction({ idempotencyKey, documentType: result.document_type, file: { bytes: this.store.files.read(doc.id), name: doc.name, type: doc.media_type ?? 'application/octet-stream' } });
      }
      const pages = result.ocr?.pages ?? [];
      if (pages.length === 0) return { ok: false, kind: 'refused', message: 'The document has no text lines to send.' };
      return client.createExtraction({ idempotencyKey, documentType: result.document_type, clientOcr: { pages } });
    }
    const correction = this.store.correction(item.ref);
    const serverId = this.store.serverIdOf(item.document_id);
    if (!correction || !serverId) return { ok: false, kind: 'refused', message: 'The correction or its server extraction is gone.' };
    return client.correct(serverId, { field: correction.field, value: correction.value, corrected_by: this.o.correctedBy });
  }

  private record(item: OutboxItem, outcome: SendOutcome): void {
    if (outcome.ok) {
      this.store.sent(item.id, item.kind === 'extraction' ? String(outcome.body.id) : null);
      return;
    }
    const message = outcome.code ? `${outcome.code}: ${outcome.message}` : outcome.message;
    if (outcome.kind === 'refused') {
      this.store.refused(item.id, message);
      return;
    }
    const wait = Math.max(outcome.retryAfterMs ?? 0, backoffMs(item.attempts, this.o.baseDelayMs, this.o.maxDelayMs));
    this.store.retryLater(item.id, message, new Date(Date.now() + wait).toISOString());
  }
}
