import { unlink } from 'node:fs/promises';
import { SESSION_IDLE_MS } from './console/console-session.js';
import type { DataPolicy } from './db/repos/accounts.js';
import type { ExtractionsRepo } from './db/repos/extractions.js';
import type { MembersRepo } from './db/repos/members.js';
import type { OrganizationsRepo } from './db/repos/organizations.js';
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
export const AUDIT_LOG_DAYS = 400;
/** Extractions deleted a transaction while an organization is purged, so other writers are not held up long. */
const PURGE_BATCH = 500;

/** The console's records under retention: organizations due for deletion, the audit log, sessions. */
export interface ConsoleRetention {
  organizations: OrganizationsRepo;
  members: MembersRepo;
}

/** When a result finished at `completedAt` is purged under `policy`. */
export function expiresAt(policy: DataPolicy, completedAt: Date, isAsync: boolean): string {
  const ms = policy.retention === 'zero' ? (isAsync ? ZERO_RETENTION_PICKUP_MS : 0) : RETENTION_MS[policy.retention];
  return new Date(completedAt.getTime() + ms).toISOString();
}

/**
 * The scheduled purge: results and stored documents past their policy's time, idempotency keys
 * past 24 hours, request log rows past 90 days, finished webhook deliveries and their events past
 * 30 days; with `consoleRecords`, also organizations whose deletion is due (with everything they own and
 * their stored documents), audit log rows past 400 days and ended console sessions. Runs every
 * `everyMs` and once at start.
 */
export class RetentionSweeper {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly extractions: ExtractionsRepo,
    private readonly requestLog: RequestLogRepo,
    private readonly webhooks: WebhooksRepo | null = null,
    private readonly everyMs = 60_000,
    private readonly consoleRecords: ConsoleRetention | null = null,
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

  async sweep(now = new Date()): Promise<{ extractions: number; organizations: number }> {
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
    const organizations = await this.purgeOrganizations(now);
    if (this.consoleRecords) {
      this.consoleRecords.organizations.purgeAudit(new Date(now.getTime() - AUDIT_LOG_DAYS * DAY).toISOString());
      this.consoleRecords.members.purgeSessions(now.toISOString(), new Date(now.getTime() - SESSION_IDLE_MS).toISOString());
    }
    return { extractions: purged, organizations };
  }

  /**
   * Organizations past their `deletion_due_at`: their extractions and stored documents in
   * batches (a document's file goes before its row, so a crash leaves no file without a row),
   * then everything else in one transaction. A purge cut short goes on at the next sweep.
   */
  private async purgeOrganizations(now: Date): Promise<number> {
    if (!this.consoleRecords) return 0;
    const { organizations } = this.consoleRecords;
    let deleted = 0;
    for (const id of organizations.dueForDeletion(now.toISOString(), 10)) {
      for (;;) {
        const batch = organizations.extractionsOf(id, PURGE_BATCH);
        if (batch.length === 0) break;
        for (const d of batch) if (d.document_path) await unlink(d.document_path).catch(() => undefined);
        organizations.deleteExtractions(batch.map((d) => d.id));
      }
      if (organizations.purgeOrganization(id, now.toISOString())) deleted += 1;
    }
    return deleted;
  }
}
