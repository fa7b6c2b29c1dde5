import { unlink } from 'node:fs/promises';
import type { DataPolicy } from './db/repos/accounts.js';
import type { ExtractionsRepo } from './db/repos/extractions.js';
import type { RequestLogRepo } from './db/repos/request-log.js';
import type { WebhooksRepo } from './db/repos/webhooks.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RETENTION_MS: Record<DataPolicy['retention'], number> = { zero: 0, '1h': HOUR, '24h': DAY, '30d': 30 * DAY };
/** Under zero retention an asynchronous result waits at most this long for its one read. */
const ZERO_RETENTION_PICKUP_MS = HOUR;
export const IDEMPOTENCY_WINDOW_MS = DAY;
const REQUEST_LOG_DAYS = 90;
/** Finished delivery records and events are kept as long as the longest data policy keeps a result. */
const WEBHOOK_RECORD_DAYS = 30;

/** When a result finished at `completedAt` is purged under `policy`. */
export function expiresAt(policy: DataPolicy, completedAt: Date, isAsync: boolean): string {
  const ms = policy.retention === 'zero' ? (isAsync ? ZERO_RETENTION_PICKUP_MS : 0) : RETENTION_MS[policy.retention];
  return new Date(completedAt.getTime() + ms).toISOString();
}

/**
 * The scheduled purge: results and stored documents past their policy's time, idempotency keys
 * past 24 hours, request log rows past 90 days, finished webhook deliveries and their events past
 * 30 days. Runs every `everyMs` and once at start.
 */
export class RetentionSweeper {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly extractions: ExtractionsRepo,
    private readonly requestLog: RequestLogRepo,
    private readonly webhooks: WebhooksRepo | null = null,
    private readonly everyMs = 60_000,
  ) {}

  /** A sweep that fails (a locked database, a full disk) is reported to `onError` and tried again next time. */
  start(onError: (err: unknown) => void): void {
    const sweep = () => void this.sweep().catch(onError);
    sweep();
    this.timer = setInterval(sweep, this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async sweep(now = new Date()): Promise<{ extractions: number }> {
    let purged = 0;
    for (;;) {
      const due = this.extractions.expired(now.toISOString(), 500);
      if (due.length === 0) break;
      for (const d of due) if (d.document_path) await unlink(d.document_path).catch(() => undefined);
      this.extractions.deleteExtractions(due.map((d) => d.id));
      purged += due.length;
    }
    this.extractions.deleteIdempotencyBefore(new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString());
    await this.requestLog.purge(new Date(now.getTime() - REQUEST_LOG_DAYS * DAY).toISOString());
    this.webhooks?.purge(new Date(now.getTime() - WEBHOOK_RECORD_DAYS * DAY).toISOString());
    return { extractions: purged };
  }
}
