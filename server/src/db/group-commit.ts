import type { Db } from './open-database.js';

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * Group commit: writes queued during one turn of the event loop run in one transaction, so
 * many requests share one synced commit (`synchronous=FULL` flushes the WAL to disk at every
 * commit, and that flush, not the writing, is what a commit costs). Each write runs in its own
 * savepoint: one that throws is undone alone and rejects only its caller. Each promise settles
 * after the commit, so a caller answers only once its write is on disk.
 */
export class GroupCommit {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.commit());
      }
    });
  }

  private commit(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      // IMMEDIATE: the write lock is taken at BEGIN, waiting out the busy timeout. A deferred
      // transaction would read first (the quota check) and then fail at once with
      // SQLITE_BUSY_SNAPSHOT if another connection (the request-log writer, the CLI) committed
      // in between.
      this.db.transaction(() => {
        for (const item of batch) {
          try {
            // A nested better-sqlite3 transaction is a savepoint.
            outcomes.push({ ok: true, value: this.db.transaction(item.work)() });
          } catch (err) {
            outcomes.push({ ok: false, value: err });
          }
        }
      }).immediate();
    } catch (err) {
      // The commit itself failed (disk full, I/O error): nothing of the batch was stored.
      for (const item of batch) item.reject(err);
      return;
    }
    batch.forEach((item, i) => (outcomes[i].ok ? item.resolve(outcomes[i].value) : item.reject(outcomes[i].value)));
  }
}
