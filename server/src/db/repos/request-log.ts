import { statement, type Db } from '../open-database.js';
import { newId } from '../../ids.js';

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

/**
 * The request log (metadata only, never content). Rows are written in batches: one commit a
 * second instead of one synced write per request, which would cap the request rate at the
 * disk's flush rate. A crash loses at most the last second of log rows, never an extraction.
 */
export class RequestLogRepo {
  private pending: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly insert;

  constructor(
    private readonly db: Db,
    private readonly flushEveryMs = 1000,
  ) {
    this.insert = db.prepare(
      'INSERT INTO request_log (id, application_id, key_id, method, route, status, code, duration_ms, documents, pages, sdk, created_at) VALUES (@id, @application_id, @key_id, @method, @route, @status, @code, @duration_ms, @documents, @pages, @sdk, @created_at)',
    );
  }

  record(entry: RequestLogEntry): void {
    this.pending.push(entry);
    if (this.pending.length >= 1000) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.flushEveryMs).unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.pending;
    this.pending = [];
    if (rows.length === 0) return;
    this.db.transaction(() => {
      for (const r of rows) this.insert.run({ id: newId('rql_'), ...r });
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
