import { statement, type Db } from '../open-database.js';

export interface RequestLogEntry {
  application_id: string | null;
  key_id: string | null;
  method: string;
  route: string;
  status: number;
  code: string | null;
  duration_ms: number;
  documents: number;
  pages: number;
  /** Platform from `X-Service-SDK` (`web`, `ios`... or `other`); null without the header. */
  sdk: string | null;
  created_at: string;
}

export interface UsageFigures {
  requests: number;
  documents: number;
  pages: number;
  errors: number;
  durations: number[];
  daily: { date: string; requests: number; documents: number; pages: number; errors: number }[];
}

const LOG_COLUMNS = 'application_id, key_id, method, route, status, code, duration_ms, documents, pages, sdk, created_at';
const ROW = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const BATCH_ROWS = 50;

/**
 * The request log (metadata only, never content). Rows are written in batches: one commit a
 * second instead of one synced write per request, which would cap the request rate at the
 * disk's flush rate. A crash loses at most the last second of log rows, never an extraction.
 */
export class RequestLogRepo {
  private pending: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly insertOne;
  private readonly insertBatch;

  constructor(
    private readonly db: Db,
    private readonly flushEveryMs = 1000,
  ) {
    this.insertOne = db.prepare(`INSERT INTO request_log (${LOG_COLUMNS}) VALUES ${ROW}`);
    // Many rows a statement: a flush under load writes thousands, and each statement run has
    // its own fixed cost.
    this.insertBatch = db.prepare(`INSERT INTO request_log (${LOG_COLUMNS}) VALUES ${Array(BATCH_ROWS).fill(ROW).join(', ')}`);
  }

  record(entry: RequestLogEntry): void {
    this.pending.push(entry);
    // The cap bounds memory (about 2 MB), high enough that one commit a second holds under load.
    if (this.pending.length >= 10_000) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.flushEveryMs).unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.pending;
    this.pending = [];
    if (rows.length === 0) return;
    const values = (r: RequestLogEntry) => [r.application_id, r.key_id, r.method, r.route, r.status, r.code, r.duration_ms, r.documents, r.pages, r.sdk, r.created_at];
    this.db.transaction(() => {
      let i = 0;
      for (; i + BATCH_ROWS <= rows.length; i += BATCH_ROWS) this.insertBatch.run(rows.slice(i, i + BATCH_ROWS).flatMap(values));
      for (; i < rows.length; i++) this.insertOne.run(values(rows[i]));
    })();
  }

  /** An application's figures from `fromIso` on, with one entry a UTC day. */
  usage(applicationId: string, fromIso: string): UsageFigures {
    this.flush();
    const totals = statement(this.db, 
        `SELECT COUNT(*) AS requests, COALESCE(SUM(documents), 0) AS documents, COALESCE(SUM(pages), 0) AS pages, COALESCE(SUM(status >= 400), 0) AS errors
         FROM request_log WHERE application_id = ? AND created_at >= ?`,
      )
      .get(applicationId, fromIso) as Omit<UsageFigures, 'durations' | 'daily'>;
    const durations = statement(this.db, 'SELECT duration_ms FROM request_log WHERE application_id = ? AND created_at >= ? ORDER BY duration_ms').pluck().all(applicationId, fromIso) as number[];
    const daily = statement(this.db, 
        `SELECT substr(created_at, 1, 10) AS date, COUNT(*) AS requests, SUM(documents) AS documents, SUM(pages) AS pages, SUM(status >= 400) AS errors
         FROM request_log WHERE application_id = ? AND created_at >= ? GROUP BY date ORDER BY date`,
      )
      .all(applicationId, fromIso) as UsageFigures['daily'];
    return { ...totals, durations, daily };
  }

  /** Drops rows older than `beforeIso` (the 90-day retention). */
  purge(beforeIso: string): number {
    this.flush();
    return statement(this.db, 'DELETE FROM request_log WHERE created_at < ?').run(beforeIso).changes;
  }
}
